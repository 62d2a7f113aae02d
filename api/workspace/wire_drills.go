package workspace

import (
	"time"

	"github.com/wallzero/wallzero/api/wire"
	"github.com/wallzero/wallzero/service/drills"
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
	// Puzzle is the card's position, the move played and the answer,
	// as a review's puzzles give it.
	Puzzle wire.Puzzle `json:"puzzle"`
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

// drillListOf is l as the API serves it.
func drillListOf(l *wssvc.DrillList) *DrillList {
	return &DrillList{Player: PlayerRef(l.Player), Due: l.Due, Pending: l.Pending, Cards: convertSlice(l.Cards, drillOf)}
}

// drillOf is d as the API serves it.
func drillOf(d wssvc.Drill) Drill {
	return Drill{Card: d.Card, Game: d.Game, Due: d.Due, New: d.New, State: d.State, Answers: d.Answers, Puzzle: wire.FromPuzzle(&d.Puzzle)}
}
