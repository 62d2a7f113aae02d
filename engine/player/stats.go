package player

import (
	"math"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// z95 is the two-sided 95% quantile of the normal distribution.
const z95 = 1.959964

// Summarize builds the MatchResult of games played under cfg and rules.
func Summarize(cfg MatchConfig, rules engine.Rules, games []GameResult) MatchResult {
	r := MatchResult{
		Games: len(games),
		A:     cfg.A,
		B:     cfg.B,
		Mode:  rules.Opening,
		Rules: rules.String(),
		Seed:  cfg.Seed,
		Swap:  cfg.Swap,
	}
	if len(games) == 0 {
		r.AScoreCI95 = [2]float64{0, 1}
		return r
	}
	var sum, terrA, terrB, plies float64
	for _, g := range games {
		a := aColor(g.ARed)
		b := grid.Blue - a
		switch g.Winner {
		case a:
			r.AWins++
			if g.ARed {
				r.ARedWins++
			} else {
				r.ABlueWins++
			}
		case b:
			r.BWins++
		default:
			r.Draws++
		}
		switch g.Winner {
		case grid.Red:
			r.RedWins++
		case grid.Blue:
			r.BlueWins++
		}
		if g.ARed {
			r.ARedGames++
		}
		sum += g.AScore()
		terrA += float64(g.Score[a])
		terrB += float64(g.Score[b])
		plies += float64(g.Plies)
	}
	n := float64(len(games))
	ci := Wilson95(sum/n, len(games))
	r.AScore = round4(sum / n)
	r.AScoreCI95 = [2]float64{round4(ci[0]), round4(ci[1])}
	r.AMeanTerritory = round4(terrA / n)
	r.BMeanTerritory = round4(terrB / n)
	r.MeanPlies = round4(plies / n)
	return r
}

// Wilson95 returns the Wilson score 95% interval of a score (wins plus
// half the draws, over n games): unlike the normal approximation it stays
// inside [0, 1] without clipping and is not empty when one side wins every
// game. With no games it is [0, 1].
func Wilson95(score float64, n int) [2]float64 {
	if n == 0 {
		return [2]float64{0, 1}
	}
	nf, z2 := float64(n), z95*z95
	center := (score + z2/(2*nf)) / (1 + z2/nf)
	half := z95 * math.Sqrt(score*(1-score)/nf+z2/(4*nf*nf)) / (1 + z2/nf)
	// The interval always holds the score; the min and max only undo
	// rounding (at a score of 1 the upper end comes out as 0.999...).
	return [2]float64{math.Max(0, math.Min(score, center-half)), math.Min(1, math.Max(score, center+half))}
}

// round4 rounds to four decimals, so that reports print 0.852, not
// 0.8520017999999999.
func round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }
