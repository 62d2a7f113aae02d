// Package review holds the result of a review job in the engine's types:
// moves as grid.Move, players as grid.Color, per-player values by
// seat. service/jobs computes it, the jobs row keeps it in its own shape
// (service/jobs/reviewrow) and the API writes it as JSON (api/wire);
// nothing in between parses a move or a colour back from text. It also
// says how a move is graded (grade.go: the thresholds of the classes,
// the accuracy of a move; accuracy.go: a player's), and reads a review's
// moves for the rating estimate (rating.go).
package review

import (
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/explain"
	"github.com/wallzero/wallzero/service/rating"
)

// Result is the result of a review job.
type Result struct {
	// ID echoes the request's id.
	ID string
	// Record is the game reviewed, as submitted (rules normalized).
	Record *engine.Record
	// Model and Visits say how the positions were analysed.
	Model  string
	Visits int
	// Players are the game's colours in turn order.
	Players []grid.Color
	// WinrateCurve has one point per position (ply 0 = before the first
	// move).
	WinrateCurve []CurvePoint
	// Moves reviews each move played.
	Moves []Move
	// Accuracy gives each player's accuracy in percent, by seat.
	Accuracy []float64
	// KeyMoves are the moves with the largest swings, largest first.
	KeyMoves []KeyMove
	// Thresholds are the loss thresholds of the classification.
	Thresholds Thresholds
	// TurningPoints are the moves where the game turned, largest cost
	// first.
	TurningPoints []TurningPoint
	// RatingEstimate estimates each player's rating, by seat (nil for a
	// player with too few moves in open positions); nil as a whole when
	// no calibration matches the review's model and visits.
	RatingEstimate []*rating.Estimate
}

// CurvePoint is the win rates at one position.
type CurvePoint struct {
	Ply int
	// Winrates is every player's win rate by seat (with two players
	// Red's and 1 minus it).
	Winrates []float32
}

// RedWinrate is Red's win rate at the point.
func (p CurvePoint) RedWinrate() float32 { return p.Winrates[grid.Red] }

// Move reviews one move: its loss for the mover against the engine's
// best move, in win rate and in points, its class and accuracy (the
// formulas are service/jobs's, docs/reviews.md).
type Move struct {
	// Ply is the move's index in the record (0 = the first move).
	Ply    int
	Move   grid.Move
	Player grid.Color
	// RedWinrateBefore and RedWinrateAfter are Red's win rate before and
	// after the move.
	RedWinrateBefore, RedWinrateAfter float32
	// BestMove is the engine's best move (the zero Move when the analysis
	// had none), BestWinrate its win rate for the mover and BestPV its
	// principal variation.
	BestMove    grid.Move
	BestWinrate float32
	BestPV      []grid.Move
	// PlayedWinrate is the mover's win rate after the move played.
	PlayedWinrate float32
	// Loss is the mover's win-rate loss against the best move (0..1).
	Loss float32
	// BestScoreLead and PlayedScoreLead are the best move's and the
	// played move's expected final margins for the mover (nil: unknown).
	BestScoreLead, PlayedScoreLead *float32
	// PointsLoss is the mover's loss in points against the best move.
	PointsLoss float32
	// Classification is best, good, inaccuracy, mistake or blunder.
	Classification string
	// Accuracy is the move's accuracy in percent.
	Accuracy float64
	// Explanation says why the move is good or bad.
	Explanation *explain.Explanation
	// Proof is the proven result of the position before the move for the
	// mover (nil when unproven).
	Proof *analysis.Proof
	// Level is the move's level on an inaccuracy or worse (nil
	// otherwise, or when the review checked no levels).
	Level *MoveLevel
}

// KeyMove is one of the largest swings.
type KeyMove struct {
	Ply    int
	Move   grid.Move
	Player grid.Color
	// Swing is the win rate after the move minus before it: Red's with
	// two players, the mover's with three or four.
	Swing          float32
	Classification string
}

// TurningPoint is a move where the game turned.
type TurningPoint struct {
	// Kind is lead-change, decided or missed-chance.
	Kind   string
	Ply    int
	Move   grid.Move
	Player grid.Color
	// RedWinrateBefore and RedWinrateAfter are Red's win rate around it.
	RedWinrateBefore, RedWinrateAfter float32
	// Loss and PointsLoss are the move's (Move.Loss, Move.PointsLoss).
	Loss, PointsLoss float32
	// Cost is what the move cost, in win rate, by which the turning
	// points are chosen and ordered.
	Cost float32
	// Summary says what happened; Text is the move's explanation.
	Summary, Text string
	// Proof, on a decided point, is the solver's proof that the position
	// after the move is won for the winner (from the winner's view).
	Proof *analysis.Proof
	// Level is the move's level when it has one.
	Level *MoveLevel
}

// MoveLevel is the level of a move: which levels of the ladder find the
// better move in the position before a move that was not good, and how
// hard that move is for the network (docs/reviews.md, "The level of a
// move"). A level finds it when its deterministic choice in that position
// is the review's best move or a move the review would call good against
// it (service/jobs levelFinds).
type MoveLevel struct {
	// Lowest is the rating (Elo on the project's rating list) of the
	// weakest level that finds the better move; omitted when no level
	// checked finds it.
	Lowest *float64 `json:"lowest,omitempty" example:"0"`
	// LowestName is that level's name, omitted with Lowest.
	LowestName string `json:"lowestName,omitempty" example:"Club"`
	// Finders names the levels that find it, weakest first.
	Finders []string `json:"finders" example:"Club,Expert"`
	// Checked names every level checked, weakest first: the ladder's
	// levels that play the game's player count and search no more than
	// the review did.
	Checked []string `json:"checked" example:"Beginner,Casual,Club,Strong,Expert"`
	// BestPrior is the best move's prior under the raw policy (0..1).
	BestPrior float32 `json:"bestPrior" example:"0.03"`
	// VisitsToFind is the smallest budget of the doubling series 16, 32,
	// 64, ... (ending at the review's visits) whose search prefers the
	// review's best move; at most the review's visits, whose search
	// defines the best move.
	VisitsToFind int `json:"visitsToFind" example:"128"`
} // @name service.MoveLevel

// Thresholds are the losses at which moves are classified: in win rate
// (0..1) and in points (squares of final margin). A move takes the worse
// of the two classes.
type Thresholds struct {
	Inaccuracy float64 `json:"inaccuracy" example:"0.05"`
	Mistake    float64 `json:"mistake" example:"0.1"`
	Blunder    float64 `json:"blunder" example:"0.15"`
	// InaccuracyPoints, MistakePoints and BlunderPoints are the points
	// losses of the same classes (two players: 0.9, 1.8 and 2.7; three
	// and four: 1.5, 3 and 4.5).
	InaccuracyPoints float64 `json:"inaccuracyPoints" example:"0.9"`
	MistakePoints    float64 `json:"mistakePoints" example:"1.8"`
	BlunderPoints    float64 `json:"blunderPoints" example:"2.7"`
} // @name service.Thresholds
