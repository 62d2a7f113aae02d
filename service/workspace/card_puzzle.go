package workspace

import (
	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/service/explain"
	"github.com/wallzero/wallzero/service/jobs"
)

// CardPuzzle is a drill card's puzzle: the review's puzzle with moves in
// notation and colours by name, so that a stored card (cardRow) reads
// back the same whatever the service's types become.
type CardPuzzle struct {
	// Ply is the index of the move played in the game (the position is
	// the one before it).
	Ply int
	// Record replays to the puzzle's position.
	Record engine.Record
	// Player is the player to move.
	Player string
	// Played is the move played in the game, Loss what it cost.
	Played string
	Loss   float32
	// Solution is the clearly best move and Line its principal variation.
	Solution string
	Line     []string
	// Margin is the solution's lead in win rate over the next move in the
	// deeper search; Proven says the solver proved it the only win.
	Margin float32
	Proven bool
	// Explanation is the review's explanation of the mistake.
	Explanation *explain.Explanation
}

// cardPuzzleOf writes a review's puzzle in the card's shape.
func cardPuzzleOf(p *jobs.Puzzle) CardPuzzle {
	return CardPuzzle{Ply: p.Ply, Record: p.Record, Player: p.Player.String(), Played: p.Played.String(), Loss: p.Loss,
		Solution: p.Solution.String(), Line: wallzero.NotNil(wallzero.MoveNames(p.Line)), Margin: p.Margin, Proven: p.Proven, Explanation: p.Explanation}
}

// cardRow is CardPuzzle as a card row stores it (ws_cards.puzzle, JSON).
// The stored keys are fixed by the cards already stored, so this
// encoding is the service's own, apart from the API's (api/workspace),
// which may change without touching stored cards. A CardPuzzle converts
// to it and back field for field.
type cardRow struct {
	Ply         int                  `json:"ply"`
	Record      engine.Record        `json:"record"`
	Player      string               `json:"player"`
	Played      string               `json:"played"`
	Loss        float32              `json:"loss"`
	Solution    string               `json:"solution"`
	Line        []string             `json:"line"`
	Margin      float32              `json:"margin"`
	Proven      bool                 `json:"proven"`
	Explanation *explain.Explanation `json:"explanation,omitempty"`
}
