package jobs

import (
	"math"
	"sort"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/jobs/review"
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

// The review's result types are package review's (typed moves, colours,
// per-seat values); these names keep the package's own spelling.
type (
	// ReviewResult is the result of a review job (review.Result).
	ReviewResult = review.Result
	// CurvePoint is the win rates at one position.
	CurvePoint = review.CurvePoint
	// Thresholds are the losses at which moves are classified.
	Thresholds = review.Thresholds
	// MoveReview reviews one move (review.Move; the formulas are below).
	MoveReview = review.Move
	// KeyMove is one of the largest swings.
	KeyMove = review.KeyMove
)

// How a move is reviewed (MoveReview):
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
	res := &ReviewResult{Moves: []MoveReview{}, KeyMoves: []KeyMove{},
		Thresholds: Thresholds{Inaccuracy: InaccuracyLoss, Mistake: MistakeLoss, Blunder: BlunderLoss,
			InaccuracyPoints: InaccuracyPoints, MistakePoints: MistakePoints, BlunderPoints: BlunderPoints},
		Players: colours(players)}
	rates := make([][]float32, len(analyses))
	for i, a := range analyses {
		rates[i] = winratesOf(a, players)
		res.WinrateCurve = append(res.WinrateCurve, CurvePoint{Ply: i, Winrates: rates[i]})
	}
	for i, m := range g.Moves {
		mover := g.Movers[i]
		mr := MoveReview{Ply: i, Move: m, Player: mover,
			RedWinrateBefore: rates[i][engine.Red], RedWinrateAfter: rates[i+1][engine.Red], PlayedWinrate: rates[i+1][mover]}
		isBest := true
		if infos := analyses[i].MoveInfos; len(infos) > 0 {
			mr.BestMove, mr.BestWinrate, mr.BestPV = infos[0].Move, infos[0].Winrate, infos[0].PV
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
