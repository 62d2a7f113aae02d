package jobs

import (
	"math"
	"sort"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/explain"
	"github.com/wallzero/wallzero/service/rating"
)

// Review thresholds: a move whose win-rate loss (for the player who made
// it, against the engine's best move) reaches these is an inaccuracy, a
// mistake or a blunder: 5, 10 and 15 percentage points of win
// probability. These are Lichess's thresholds (0.1, 0.2 and 0.3 on its -1..1
// "winning chances" scale, which is 5, 10 and 15 points of win percentage).
const (
	InaccuracyLoss = 0.05
	MistakeLoss    = 0.10
	BlunderLoss    = 0.15
)

// Review thresholds in points: a move that loses this many squares of
// final margin for its mover (against the engine's best move, by the
// search's score lead) is an inaccuracy, a mistake or a blunder whatever
// its win-rate loss. A move is classified by the worse of its two losses,
// so a move that throws away land in a decided game, where the win rate
// no longer moves, is still named. The values were chosen on reviewed
// games (docs/reviews.md, "What a review computes"): they sit above the
// points noise of the engine's own moves and below what a random move
// gives away.
const (
	InaccuracyPoints = 1.5
	MistakePoints    = 3.0
	BlunderPoints    = 4.5
)

// pointsPerWinrate converts a loss in points to the win-rate loss that
// counts the same: an inaccuracy's worth of points weighs as an
// inaccuracy's worth of win rate (30 points for the whole win rate, one
// point 0.033: in reviewed positions between 25% and 75%, a move that lost
// 1 to 2 points lost 0.05 of win rate at the median, 3 to 5 points 0.14).
const pointsPerWinrate = InaccuracyPoints / InaccuracyLoss

// accuracyLossScale stretches the loss in Lichess's per-move accuracy
// formula: a WallGo move has less at stake than a chess move (a random
// move loses about 0.1 of win rate, which Lichess's scale calls 64%
// accurate), so losses count 1.5 times, and a random mover's accuracy is
// low while the engine's stays near 100 (docs/reviews.md).
const accuracyLossScale = 1.5

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
	Thresholds Thresholds `json:"thresholds"`
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

// Thresholds are the losses at which moves are classified: in win rate
// (0..1) and in points (squares of final margin). A move takes the worse
// of the two classes.
type Thresholds struct {
	Inaccuracy float64 `json:"inaccuracy" example:"0.05"`
	Mistake    float64 `json:"mistake" example:"0.1"`
	Blunder    float64 `json:"blunder" example:"0.15"`
	// InaccuracyPoints, MistakePoints and BlunderPoints are the points
	// losses of the same classes.
	InaccuracyPoints float64 `json:"inaccuracyPoints" example:"1.5"`
	MistakePoints    float64 `json:"mistakePoints" example:"3"`
	BlunderPoints    float64 `json:"blunderPoints" example:"4.5"`
} // @name service.Thresholds

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
// larger of Loss and PointsLoss / pointsPerWinrate; a player's accuracy
// weighs its moves by how much was in play (playersAccuracy).
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
	Level *MoveLevel `json:"level,omitempty"`
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

// classify names a move by the worse of its win-rate loss and its loss
// in points.
func classify(loss, points float32, best bool) string {
	switch {
	case best:
		return "best"
	case float64(loss) >= BlunderLoss || float64(points) >= BlunderPoints:
		return "blunder"
	case float64(loss) >= MistakeLoss || float64(points) >= MistakePoints:
		return "mistake"
	case float64(loss) >= InaccuracyLoss || float64(points) >= InaccuracyPoints:
		return "inaccuracy"
	}
	return "good"
}

// equivalentLoss is a move's loss in win rate with its points loss
// counted at pointsPerWinrate: the larger of the two.
func equivalentLoss(loss, points float32) float64 {
	return max(float64(loss), float64(points)/pointsPerWinrate)
}

// moveAccuracy is Lichess's accuracy of a move that loses loss of win
// rate (0..1) and points of margin, the loss stretched by
// accuracyLossScale: the lower of the two currencies' accuracies.
func moveAccuracy(loss, points float32) float64 {
	a := 103.1668*math.Exp(-0.04354*100*accuracyLossScale*equivalentLoss(loss, points)) - 3.1669
	return math.Round(math.Max(0, math.Min(100, a))*10) / 10
}

// leadOf returns player c's expected final margin in points in an
// analysed position: a finished game's land against the best opponent's,
// otherwise the search's score lead of the side to move, turned to c's
// view (two players only: with more, one margin does not tell every
// seat's). ok is false when the analysis has no margin.
func leadOf(a *analysis.Analysis, c engine.Color, players int) (float32, bool) {
	if a.RootInfo.Phase == engine.Over && a.Players() == players {
		best := math.MinInt
		for p, v := range a.Territory {
			if engine.Color(p) != c {
				best = max(best, v)
			}
		}
		return float32(a.Territory[c] - best), true
	}
	if players != 2 || a.RootInfo.ScoreLead == nil {
		return 0, false
	}
	lead := *a.RootInfo.ScoreLead
	if a.RootInfo.CurrentPlayer != c {
		lead = -lead
	}
	return lead, true
}

// buildReview assembles a review from the analyses of every position of a
// game (len(g.Moves)+1 of them), of two, three or four players: the
// curve with every player's win rate, each move's loss for its mover,
// class and accuracy, each player's accuracy and the key moves.
func buildReview(g *engine.Game, analyses []*analysis.Analysis, keyMoves int) *ReviewResult {
	players := g.Rules.Players
	res := &ReviewResult{Accuracy: map[string]float64{}, Moves: []MoveReview{}, KeyMoves: []KeyMove{},
		Thresholds: Thresholds{InaccuracyLoss, MistakeLoss, BlunderLoss, InaccuracyPoints, MistakePoints, BlunderPoints},
		Players:    colourNames(players)}
	rates := make([][]float32, len(analyses))
	for i, a := range analyses {
		rates[i] = winratesOf(a, players)
		res.WinrateCurve = append(res.WinrateCurve, CurvePoint{Ply: i, RedWinrate: rates[i][engine.Red], Winrates: byColour(rates[i])})
	}
	for i, m := range g.Moves {
		mover := g.Movers[i]
		mr := MoveReview{Ply: i, Move: m.String(), Player: mover.String(),
			RedWinrateBefore: rates[i][engine.Red], RedWinrateAfter: rates[i+1][engine.Red], PlayedWinrate: rates[i+1][mover], BestPV: []string{}}
		isBest := true
		if infos := analyses[i].MoveInfos; len(infos) > 0 {
			mr.BestMove, mr.BestWinrate, mr.BestPV = infos[0].Move.String(), infos[0].Winrate, moveNames(infos[0].PV)
			isBest = infos[0].Move == m
		}
		if infos := analyses[i].MoveInfos; len(infos) > 0 && infos[0].ScoreLead != nil {
			if played, ok := leadOf(analyses[i+1], mover, players); ok {
				best, after := wallzero.Round(*infos[0].ScoreLead), wallzero.Round(played)
				mr.BestScoreLead, mr.PlayedScoreLead = &best, &after
				if !isBest {
					mr.PointsLoss = wallzero.Round(max(0, best-after))
				}
			}
		}
		if !isBest {
			mr.Loss = wallzero.Round(max(0, mr.BestWinrate-mr.PlayedWinrate))
		}
		mr.Proof = analyses[i].RootInfo.Proof
		mr.Classification = classify(mr.Loss, mr.PointsLoss, isBest)
		mr.Accuracy = moveAccuracy(mr.Loss, mr.PointsLoss)
		res.Moves = append(res.Moves, mr)
	}
	res.Accuracy = playersAccuracy(res, g, rates, analyses)
	res.KeyMoves = keyMovesOf(res, g, rates, keyMoves)
	return res
}

// keyMovesOf returns the keyMoves moves with the largest absolute swings,
// largest first: of Red's win rate with two players, of the mover's own
// with three or four (where no one player's rate tells the whole game).
func keyMovesOf(res *ReviewResult, g *engine.Game, rates [][]float32, keyMoves int) []KeyMove {
	out := []KeyMove{}
	order := make([]int, len(res.Moves))
	for i := range order {
		order[i] = i
	}
	swing := func(i int) float32 {
		c := engine.Red
		if g.Rules.Players > 2 {
			c = g.Movers[i]
		}
		return wallzero.Round(rates[i+1][c] - rates[i][c])
	}
	abs := func(v float32) float32 { return float32(math.Abs(float64(v))) }
	sort.SliceStable(order, func(a, b int) bool { return abs(swing(order[a])) > abs(swing(order[b])) })
	for _, i := range order[:min(keyMoves, len(order))] {
		mr := &res.Moves[i]
		out = append(out, KeyMove{Ply: i, Move: mr.Move, Player: mr.Player, Swing: swing(i), Classification: mr.Classification})
	}
	return out
}
