package wire

import (
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/explain"
	"github.com/wallzero/wallzero/service/jobs"
	"github.com/wallzero/wallzero/service/jobs/review"
	"github.com/wallzero/wallzero/service/rating"
)

// ReviewResult is the result of a review job.
type ReviewResult struct {
	// ID echoes the request's id.
	ID string `json:"id,omitempty" example:"game-17"`
	// Record is the game reviewed, as submitted (rules normalized), so that
	// a client holding only the review's id can draw its positions.
	Record *engine.Record `json:"record,omitempty"`
	// Model and Visits say how the positions were analysed.
	Model  string `json:"model" example:"heuristic-voronoi-v1"`
	Visits int    `json:"visits" example:"64"`
	// Players are the game's colours in turn order (red, blue, then
	// green and yellow with three and four players).
	Players []string `json:"players" example:"red,blue"`
	// WinrateCurve has one point per position (ply 0 = before the first
	// move): Red's expected result, and every player's.
	WinrateCurve []CurvePoint `json:"winrateCurve"`
	// Moves reviews each move played.
	Moves []MoveReview `json:"moves"`
	// Accuracy gives each player's accuracy in percent (see MoveReview).
	Accuracy map[string]float64 `json:"accuracy"`
	// KeyMoves are the moves with the largest swings (of Red's win rate
	// with two players, of the mover's with three or four), largest
	// first.
	KeyMoves []KeyMove `json:"keyMoves"`
	// Thresholds are the loss thresholds of the classification.
	Thresholds review.Thresholds `json:"thresholds"`
	// TurningPoints are the moves where the game turned (see
	// service/jobs/turning.go): at most five, those that cost the most,
	// largest cost first.
	TurningPoints []TurningPoint `json:"turningPoints"`
	// RatingEstimate estimates each player's rating on the project's
	// rating list (models/ratings.json) from this game, with a 95%
	// interval (docs/reviews.md, "Rating estimate"). Omitted when no
	// calibration matches the review's model and visits; a player with
	// too few moves in open positions has no entry.
	RatingEstimate map[string]rating.Estimate `json:"ratingEstimate,omitempty"`
} // @name service.ReviewResult

// CurvePoint is the win rates at one position.
type CurvePoint struct {
	Ply int `json:"ply" example:"0"`
	// RedWinrate is Red's win rate.
	RedWinrate float32 `json:"redWinrate" example:"0.5"`
	// Winrates is every player's win rate by colour (with two players
	// Red's and 1 minus it; with three or four the max-n search's value
	// of each player, or a finished game's result).
	Winrates map[string]float32 `json:"winrates"`
} // @name service.CurvePoint

// MoveReview reviews one move.
//
// Loss = max(0, best - after), where best is the win rate of the engine's
// best move in the position before the move and after the win rate of
// the position after it, both for the player who moved (0 when the move
// played is the best move). PointsLoss is the same in points: the best
// move's score lead against the score lead after the move played, for the
// mover. Accuracy = 103.1668 * exp(-0.04354 * 100 * 1.5 * L) - 3.1669,
// clamped to 0..100 (Lichess's per-move accuracy formula on win
// percentages, losses stretched by accuracyLossScale), where L is the
// larger of Loss and PointsLoss / PointsPerWinrate (the thresholds'
// points per whole win rate: 18 with two players, 30 with more); a
// player's accuracy
// weighs its moves by how much was in play (review.PlayersAccuracy).
type MoveReview struct {
	// Ply is the move's index in the record (0 = the first move).
	Ply    int    `json:"ply" example:"4"`
	Move   string `json:"move" example:"E5-E4:N"`
	Player string `json:"player" example:"red"`
	// RedWinrateBefore and RedWinrateAfter are Red's win rate before and
	// after the move (every player's is in the curve).
	RedWinrateBefore float32 `json:"redWinrateBefore" example:"0.52"`
	RedWinrateAfter  float32 `json:"redWinrateAfter" example:"0.47"`
	// BestMove is the engine's best move, BestWinrate its win rate for
	// the mover and BestPV its principal variation.
	BestMove    string   `json:"bestMove" example:"C3-C4:E"`
	BestWinrate float32  `json:"bestWinrate" example:"0.55"`
	BestPV      []string `json:"bestPv"`
	// PlayedWinrate is the mover's win rate after the move played.
	PlayedWinrate float32 `json:"playedWinrate" example:"0.53"`
	// Loss is the mover's win-rate loss against the best move (0..1).
	Loss float32 `json:"loss" example:"0.02"`
	// BestScoreLead is the best move's expected final margin in points
	// for the mover, PlayedScoreLead the mover's after the move played
	// (a finished game's actual margin); each is omitted when the search
	// gave none (three and four players, the heuristic without margins).
	BestScoreLead   *float32 `json:"bestScoreLead,omitempty" example:"3.5"`
	PlayedScoreLead *float32 `json:"playedScoreLead,omitempty" example:"1.2"`
	// PointsLoss is the mover's loss in points (squares of final margin)
	// against the best move: max(0, bestScoreLead - playedScoreLead), 0
	// for the best move or when either lead is unknown.
	PointsLoss float32 `json:"pointsLoss" example:"2.3"`
	// Classification is best, good, inaccuracy, mistake or blunder, by
	// the worse of Loss and PointsLoss against Thresholds.
	Classification string `json:"classification" example:"good"`
	// Accuracy is the move's accuracy in percent.
	Accuracy float64 `json:"accuracy" example:"94.2"`
	// Explanation says why the move is good or bad, against the best move.
	Explanation *explain.Explanation `json:"explanation,omitempty"`
	// Proof is the proven result of the position before the move for the
	// mover (omitted when unproven; see Analysis rootInfo.proof).
	Proof *analysis.Proof `json:"proof,omitempty"`
	// Level, on an inaccuracy, a mistake or a blunder, says which levels
	// of the ladder find the better move and how hard it is (MoveLevel);
	// omitted for the other moves and when the review checked no levels.
	Level *review.MoveLevel `json:"level,omitempty"`
} // @name service.MoveReview

// KeyMove is one of the largest swings.
type KeyMove struct {
	Ply  int    `json:"ply" example:"4"`
	Move string `json:"move" example:"E5-E4:N"`
	// Player made the move.
	Player string `json:"player" example:"red"`
	// Swing is the win rate after the move minus before it: Red's with
	// two players, the mover's with three or four.
	Swing          float32 `json:"swing" example:"-0.12"`
	Classification string  `json:"classification" example:"mistake"`
} // @name service.KeyMove

// TurningPoint is a move where the game turned.
type TurningPoint struct {
	// Kind is lead-change, decided or missed-chance.
	Kind   string `json:"kind" example:"lead-change"`
	Ply    int    `json:"ply" example:"17"`
	Move   string `json:"move" example:"E5-E3:W"`
	Player string `json:"player" example:"red"`
	// RedWinrateBefore and RedWinrateAfter are Red's win rate around it.
	RedWinrateBefore float32 `json:"redWinrateBefore" example:"0.55"`
	RedWinrateAfter  float32 `json:"redWinrateAfter" example:"0.31"`
	// Loss is the mover's loss against the best move; PointsLoss the same
	// in points (MoveReview.PointsLoss).
	Loss       float32 `json:"loss" example:"0.24"`
	PointsLoss float32 `json:"pointsLoss" example:"5.5"`
	// Cost is what the move cost, in win rate, by which the turning
	// points are chosen and ordered (largest first): the larger of the
	// win-rate swing across the move (a lead change's or a decided
	// point's; Red's with two players, the leaders' with three or four)
	// and the move's loss, its points loss counted at 1/30 of win rate a
	// point (docs/reviews.md).
	Cost float32 `json:"cost" example:"0.24"`
	// Summary says what happened; Text is the move's explanation.
	Summary string `json:"summary" example:"Blue takes the lead: Red's win rate falls from 55% to 31%."`
	Text    string `json:"text,omitempty"`
	// Proof, on a decided point, is the exact solver's proof that the
	// position after the move is won for the winner (from the winner's
	// view); omitted when the game was judged decided by win rate alone.
	Proof *analysis.Proof `json:"proof,omitempty"`
	// Level is the move's level (MoveReview.Level) when it has one: a
	// missed chance (a mistake or a blunder) or another turning point
	// whose move was an inaccuracy or worse, in a review that checked
	// levels.
	Level *review.MoveLevel `json:"level,omitempty"`
} // @name service.TurningPoint

// ReviewJob is a review job with its result decoded.
type ReviewJob struct {
	ID         string        `json:"id" example:"6f1c2a5e-8d0b-4c47-9a53-2f8e1b7c9d10"`
	Kind       string        `json:"kind" example:"review"`
	Status     string        `json:"status" example:"succeeded"`
	Progress   jobs.Progress `json:"progress"`
	Attempts   int           `json:"attempts" example:"1"`
	Error      string        `json:"error,omitempty"`
	CreatedAt  string        `json:"createdAt" example:"2025-01-01T12:00:00Z"`
	StartedAt  string        `json:"startedAt,omitempty" example:"2025-01-01T12:00:00Z"`
	FinishedAt string        `json:"finishedAt,omitempty" example:"2025-01-01T12:00:03Z"`
	Result     *ReviewResult `json:"result,omitempty"`
} // @name service.ReviewJob

// PuzzleSet is the puzzles of one review, in the order of the game.
type PuzzleSet struct {
	// ReviewID is the review they come from.
	ReviewID string `json:"reviewId" example:"6f1c2a5e-8d0b-4c47-9a53-2f8e1b7c9d10"`
	// Visits and DeepVisits are the two searches every answer was checked at.
	Visits     int `json:"visits" example:"64"`
	DeepVisits int `json:"deepVisits" example:"256"`
	// Puzzles are the positions kept.
	Puzzles []Puzzle `json:"puzzles"`
	// Skipped are the mistakes left out, each with the reason.
	Skipped []SkippedPuzzle `json:"skipped"`
} // @name service.PuzzleSet

// Puzzle is a position to solve: the record up to it, whose turn it is,
// what was played and the answer.
type Puzzle struct {
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
} // @name service.Puzzle

// SkippedPuzzle is a mistake that did not become a puzzle, and why.
type SkippedPuzzle struct {
	Ply    int    `json:"ply" example:"20"`
	Reason string `json:"reason" example:"two moves within 0.15 of each other"`
} // @name service.SkippedPuzzle
