package workspace

import (
	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/service/explain"
	"github.com/wallzero/wallzero/service/jobs"
)

// CardPuzzle is a drill card's puzzle as the workspace stores it in its
// card row and serves it: the review's puzzle with moves in notation and
// colours by name, so that a stored card reads back the same whatever the
// service's types become.
type CardPuzzle struct {
	// Ply is the index of the move played in the game (the position is
	// the one before it).
	Ply int `json:"ply" example:"12"`
	// Record replays to the puzzle's position.
	Record engine.Record `json:"record"`
	// Player is the player to move.
	Player string `json:"player" example:"blue"`
	// Played is the move played in the game, Loss what it cost.
	Played string  `json:"played" example:"D3-D2:S"`
	Loss   float32 `json:"loss" example:"0.21"`
	// Solution is the clearly best move and Line its principal variation.
	Solution string   `json:"solution" example:"E4-E5:N"`
	Line     []string `json:"line"`
	// Margin is the solution's lead in win rate over the next move in the
	// deeper search; Proven says the solver proved it the only win.
	Margin float32 `json:"margin" example:"0.31"`
	Proven bool    `json:"proven"`
	// Explanation is the review's explanation of the mistake.
	Explanation *explain.Explanation `json:"explanation,omitempty"`
} // @name workspace.CardPuzzle

// cardPuzzleOf writes a review's puzzle in the card's shape.
func cardPuzzleOf(p *jobs.Puzzle) CardPuzzle {
	return CardPuzzle{Ply: p.Ply, Record: p.Record, Player: p.Player.String(), Played: p.Played.String(), Loss: p.Loss,
		Solution: p.Solution.String(), Line: wallzero.NotNil(wallzero.MoveNames(p.Line)), Margin: p.Margin, Proven: p.Proven, Explanation: p.Explanation}
}
