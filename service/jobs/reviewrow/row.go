// Package reviewrow is the shape of a review's result in its jobs row:
// moves in notation, players and per-player values by colour name, the
// API's JSON as it has always been stored (GET /v1/jobs/{id} hands the row
// to clients as it is). service/jobs writes and reads rows only through
// Encode and Decode, which convert from and to the typed review.Result;
// Decode is the one place a stored review's text is parsed.
package reviewrow

import (
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/explain"
	"github.com/wallzero/wallzero/service/jobs/review"
	"github.com/wallzero/wallzero/service/rating"
)

// Result is the result of a review job.
type Result struct {
	// ID echoes the request's id.
	ID string `json:"id,omitempty"`
	// Record is the game reviewed, as submitted (rules normalized), so that
	// a client holding only the review's id can draw its positions.
	Record *engine.Record `json:"record,omitempty"`
	// Model and Visits say how the positions were analysed.
	Model  string `json:"model"`
	Visits int    `json:"visits"`
	// Players are the game's colours in turn order (red, blue, then
	// green and yellow with three and four players).
	Players []string `json:"players"`
	// WinrateCurve has one point per position (ply 0 = before the first
	// move): Red's expected result, and every player's.
	WinrateCurve []CurvePoint `json:"winrateCurve"`
	// Moves reviews each move played.
	Moves []Move `json:"moves"`
	// Accuracy gives each player's accuracy in percent (see Move).
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
}

// CurvePoint is the win rates at one position.
type CurvePoint struct {
	Ply int `json:"ply"`
	// RedWinrate is Red's win rate.
	RedWinrate float32 `json:"redWinrate"`
	// Winrates is every player's win rate by colour (with two players
	// Red's and 1 minus it; with three or four the max-n search's value
	// of each player, or a finished game's result).
	Winrates map[string]float32 `json:"winrates"`
}

// Move reviews one move.
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
type Move struct {
	// Ply is the move's index in the record (0 = the first move).
	Ply    int    `json:"ply"`
	Move   string `json:"move"`
	Player string `json:"player"`
	// RedWinrateBefore and RedWinrateAfter are Red's win rate before and
	// after the move (every player's is in the curve).
	RedWinrateBefore float32 `json:"redWinrateBefore"`
	RedWinrateAfter  float32 `json:"redWinrateAfter"`
	// BestMove is the engine's best move, BestWinrate its win rate for
	// the mover and BestPV its principal variation.
	BestMove    string   `json:"bestMove"`
	BestWinrate float32  `json:"bestWinrate"`
	BestPV      []string `json:"bestPv"`
	// PlayedWinrate is the mover's win rate after the move played.
	PlayedWinrate float32 `json:"playedWinrate"`
	// Loss is the mover's win-rate loss against the best move (0..1).
	Loss float32 `json:"loss"`
	// BestScoreLead is the best move's expected final margin in points
	// for the mover, PlayedScoreLead the mover's after the move played
	// (a finished game's actual margin); each is omitted when the search
	// gave none (three and four players, the heuristic without margins).
	BestScoreLead   *float32 `json:"bestScoreLead,omitempty"`
	PlayedScoreLead *float32 `json:"playedScoreLead,omitempty"`
	// PointsLoss is the mover's loss in points (squares of final margin)
	// against the best move: max(0, bestScoreLead - playedScoreLead), 0
	// for the best move or when either lead is unknown.
	PointsLoss float32 `json:"pointsLoss"`
	// Classification is best, good, inaccuracy, mistake or blunder, by
	// the worse of Loss and PointsLoss against Thresholds.
	Classification string `json:"classification"`
	// Accuracy is the move's accuracy in percent.
	Accuracy float64 `json:"accuracy"`
	// Explanation says why the move is good or bad, against the best move.
	Explanation *explain.Explanation `json:"explanation,omitempty"`
	// Proof is the proven result of the position before the move for the
	// mover (omitted when unproven; see Analysis rootInfo.proof).
	Proof *analysis.Proof `json:"proof,omitempty"`
	// Level, on an inaccuracy, a mistake or a blunder, says which levels
	// of the ladder find the better move and how hard it is (MoveLevel);
	// omitted for the other moves and when the review checked no levels.
	Level *review.MoveLevel `json:"level,omitempty"`
}

// KeyMove is one of the largest swings.
type KeyMove struct {
	Ply  int    `json:"ply"`
	Move string `json:"move"`
	// Player made the move.
	Player string `json:"player"`
	// Swing is the win rate after the move minus before it: Red's with
	// two players, the mover's with three or four.
	Swing          float32 `json:"swing"`
	Classification string  `json:"classification"`
}

// TurningPoint is a move where the game turned.
type TurningPoint struct {
	// Kind is lead-change, decided or missed-chance.
	Kind   string `json:"kind"`
	Ply    int    `json:"ply"`
	Move   string `json:"move"`
	Player string `json:"player"`
	// RedWinrateBefore and RedWinrateAfter are Red's win rate around it.
	RedWinrateBefore float32 `json:"redWinrateBefore"`
	RedWinrateAfter  float32 `json:"redWinrateAfter"`
	// Loss is the mover's loss against the best move; PointsLoss the same
	// in points (Move.PointsLoss).
	Loss       float32 `json:"loss"`
	PointsLoss float32 `json:"pointsLoss"`
	// Cost is what the move cost, in win rate, by which the turning
	// points are chosen and ordered (largest first): the larger of the
	// win-rate swing across the move (a lead change's or a decided
	// point's; Red's with two players, the leaders' with three or four)
	// and the move's loss, its points loss counted at 1/30 of win rate a
	// point (docs/reviews.md).
	Cost float32 `json:"cost"`
	// Summary says what happened; Text is the move's explanation.
	Summary string `json:"summary"`
	Text    string `json:"text,omitempty"`
	// Proof, on a decided point, is the exact solver's proof that the
	// position after the move is won for the winner (from the winner's
	// view); omitted when the game was judged decided by win rate alone.
	Proof *analysis.Proof `json:"proof,omitempty"`
	// Level is the move's level (Move.Level) when it has one: a
	// missed chance (a mistake or a blunder) or another turning point
	// whose move was an inaccuracy or worse, in a review that checked
	// levels.
	Level *review.MoveLevel `json:"level,omitempty"`
}
