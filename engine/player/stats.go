package player

import (
	"math"

	"github.com/wallzero/wallzero/engine"
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
	scores := make([]float64, len(games))
	for i, g := range games {
		a := aColor(g.ARed)
		b := engine.Blue - a
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
		case engine.Red:
			r.RedWins++
		case engine.Blue:
			r.BlueWins++
		}
		if g.ARed {
			r.ARedGames++
		}
		scores[i] = g.AScore()
		sum += scores[i]
		terrA += float64(g.Score[a])
		terrB += float64(g.Score[b])
		plies += float64(g.Plies)
	}
	n := float64(len(games))
	r.AScore = sum / n
	r.AScoreCI95 = ci95(scores, r.AScore)
	r.AMeanTerritory = terrA / n
	r.BMeanTerritory = terrB / n
	r.MeanPlies = plies / n
	return r
}

// ci95 returns the normal-approximation 95% interval of the mean of x
// (which is mean), from the sample variance, clipped to [0, 1]. With fewer
// than two values it is [0, 1].
func ci95(x []float64, mean float64) [2]float64 {
	if len(x) < 2 {
		return [2]float64{0, 1}
	}
	var ss float64
	for _, v := range x {
		ss += (v - mean) * (v - mean)
	}
	n := float64(len(x))
	half := z95 * math.Sqrt(ss/(n-1)/n)
	return [2]float64{math.Max(0, mean-half), math.Min(1, mean+half)}
}
