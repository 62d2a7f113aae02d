package workspace

import (
	"time"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/service/drills"
	"github.com/wallzero/wallzero/service/explain"
	wssvc "github.com/wallzero/wallzero/service/workspace"
)

// The JSON shapes of a player's drills as the API serves them (the
// schemas workspace.*), and their conversions from the service's values.

// Drill is a card of a player's drills: a puzzle of one of their games
// and its spaced-repetition state.
type Drill struct {
	// Card identifies the card among the player's: GAME-PLY.
	Card string `json:"card" example:"7d1e4b2a-9c3f-4e5d-8a6b-1f2e3d4c5b6a-12"`
	Game string `json:"game" example:"7d1e4b2a-9c3f-4e5d-8a6b-1f2e3d4c5b6a"`
	// Due is when to answer it next; a new card is due at once.
	Due time.Time `json:"due"`
	// New is set for a card never answered; State is the memory after
	// the last answer (omitted for a new card); Answers counts them.
	New     bool          `json:"new" example:"true"`
	State   *drills.State `json:"state,omitempty"`
	Answers int           `json:"answers" example:"0"`
	Puzzle  CardPuzzle    `json:"puzzle"`
} // @name workspace.Drill

// DrillList is a player's cards, the earliest due first.
type DrillList struct {
	Player PlayerRef `json:"player"`
	// Due counts the cards due now.
	Due int `json:"due" example:"3"`
	// Pending counts the player's games whose puzzles are not taken yet
	// (their review runs, or more than MaxPuzzleGames waited).
	Pending int     `json:"pending" example:"0"`
	Cards   []Drill `json:"cards"`
} // @name workspace.DrillList

// AnswerRequest answers a card.
type AnswerRequest struct {
	// Rating is again, hard, good or easy.
	Rating string `json:"rating" example:"good"`
} // @name workspace.AnswerRequest

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

// drillListOf is l as the API serves it.
func drillListOf(l *wssvc.DrillList) *DrillList {
	return &DrillList{Player: PlayerRef(l.Player), Due: l.Due, Pending: l.Pending, Cards: convertSlice(l.Cards, drillOf)}
}

// drillOf is d as the API serves it.
func drillOf(d wssvc.Drill) Drill {
	return Drill{Card: d.Card, Game: d.Game, Due: d.Due, New: d.New, State: d.State, Answers: d.Answers, Puzzle: CardPuzzle(d.Puzzle)}
}
