package review

import (
	"math"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/service/analysis"
)

// The weights of a player's moves in its accuracy (PlayersAccuracy), as
// Lichess bounds them: a move counts at least minMoveWeight and at most
// maxMoveWeight, in win-rate percentage points of spread.
const (
	minMoveWeight = 0.5
	maxMoveWeight = 12
)

// minHarmonicAccuracy is the least a move's accuracy counts in the
// harmonic mean, so that a move of accuracy 0 does not make it 0.
const minHarmonicAccuracy = 1

// PlayersAccuracy returns each player's accuracy in percent, as Lichess
// makes a game's: the mean of two means of its moves' accuracies, one
// weighting each move by how much was in play around it (moveWeights),
// the other harmonic (each accuracy at least minHarmonicAccuracy), which
// a few very bad moves pull down more than a plain mean would; rounded
// to 0.1. Perfect play is 100. A player without moves gets NaN.
func PlayersAccuracy(res *Result, g *engine.Game, rates [][]float32, analyses []*analysis.Analysis) []float64 {
	weights := moveWeights(g, rates, analyses, res.Thresholds.PointsPerWinrate())
	n := g.Rules.Players
	sums, totals, inverse, counts := make([]float64, n), make([]float64, n), make([]float64, n), make([]int, n)
	for i, mr := range res.Moves {
		sums[mr.Player] += weights[i] * mr.Accuracy
		totals[mr.Player] += weights[i]
		inverse[mr.Player] += 1 / max(mr.Accuracy, minHarmonicAccuracy)
		counts[mr.Player]++
	}
	out := make([]float64, n)
	for p, w := range totals {
		out[p] = math.NaN()
		if counts[p] > 0 {
			weighted, harmonic := sums[p]/w, float64(counts[p])/inverse[p]
			out[p] = math.Round((weighted+harmonic)/2*10) / 10
		}
	}
	return out
}

// moveWeights returns each move's weight in its player's accuracy: the
// spread (standard deviation) of the game around the move, in win-rate
// percentage points, clamped to minMoveWeight..maxMoveWeight. The spread
// is taken over a window of positions centred on the move (Lichess's
// window: a tenth of the game, 2 to 8 positions a side), of two series,
// the larger counting:
//
//   - the win rate (Red's with two players, the mover's with three or
//     four): a balanced game whose favourite keeps changing has much in
//     play, a decided one nothing;
//   - the score lead (Red's with two players, the mover's with three or
//     four, in points), turned into win-rate points at pointsPerWinrate (the thresholds'):
//     in a decided game the win rate is flat, but land still changes
//     hands, and moves that give it away must count. It counts only when
//     every position of the game has a lead.
func moveWeights(g *engine.Game, rates [][]float32, analyses []*analysis.Analysis, pointsPerWinrate float64) []float64 {
	n := len(g.Moves)
	half := min(max(n/10, 2), 8)
	players := g.Rules.Players
	leads := make([][]float64, players) // by colour, then position
	hasLeads := true
	for c := range leads {
		leads[c] = make([]float64, len(analyses))
		for i, a := range analyses {
			v, ok := LeadOf(a, grid.Color(c), players)
			hasLeads = hasLeads && ok
			leads[c][i] = float64(v) / pointsPerWinrate * 100
		}
	}
	out := make([]float64, n)
	for i := range out {
		lo, hi := max(0, i+1-half), min(len(rates)-1, i+half)
		c := grid.Red
		if players > 2 {
			c = g.Movers[i]
		}
		win := make([]float64, 0, hi-lo+1)
		for j := lo; j <= hi; j++ {
			win = append(win, 100*float64(rates[j][c]))
		}
		w := stdDev(win)
		if hasLeads {
			w = max(w, stdDev(leads[c][lo:hi+1]))
		}
		out[i] = min(max(w, minMoveWeight), maxMoveWeight)
	}
	return out
}

// stdDev is the population standard deviation of xs (0 for none).
func stdDev(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	var sum, sq float64
	for _, x := range xs {
		sum += x
	}
	mean := sum / float64(len(xs))
	for _, x := range xs {
		sq += (x - mean) * (x - mean)
	}
	return math.Sqrt(sq / float64(len(xs)))
}

// LeadOf returns player c's expected final margin in points in an
// analysed position: a finished game's land against the best opponent's,
// otherwise the search's score lead of the side to move, turned to c's
// view with two players, and c's own entry of the seats' leads
// (RootInfo.ScoreLeads) with three or four. ok is false when the
// analysis has no lead for c.
func LeadOf(a *analysis.Analysis, c grid.Color, players int) (float32, bool) {
	if a.RootInfo.Phase == engine.Over && a.Players() == players {
		best := math.MinInt
		for p, v := range a.Territory {
			if grid.Color(p) != c {
				best = max(best, v)
			}
		}
		return float32(a.Territory[c] - best), true
	}
	if players > 2 {
		if len(a.RootInfo.ScoreLeads) != players {
			return 0, false
		}
		return a.RootInfo.ScoreLeads[c], true
	}
	if a.RootInfo.ScoreLead == nil {
		return 0, false
	}
	lead := *a.RootInfo.ScoreLead
	if a.RootInfo.CurrentPlayer != c {
		lead = -lead
	}
	return lead, true
}
