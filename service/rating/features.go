package rating

import (
	"fmt"
	"math"
)

// Move is what the estimate reads of one move of a review.
type Move struct {
	// Loss is the mover's win-rate loss against the engine's best move
	// (0..1; 0 for the best move).
	Loss float64 `json:"loss"`
	// Best says the move played was the engine's best.
	Best bool `json:"best,omitempty"`
	// BestWinrate is the mover's win rate after the engine's best move.
	BestWinrate float64 `json:"bestWinrate"`
}

// Features summarize one player's moves in one game.
type Features struct {
	// Moves is the number of the player's moves.
	Moves int `json:"moves"`
	// Open is the number of those moves played while the game was open:
	// the best move's win rate between OpenLow and 1-OpenLow, where a
	// move can still lose much.
	Open int `json:"open"`
	// MeanLoss is the mean loss over the open moves (over all moves when
	// none was open).
	MeanLoss float64 `json:"meanLoss"`
	// BestShare is the share of the open moves that were the engine's
	// best.
	BestShare float64 `json:"bestShare"`
	// MistakeShare is the share of the open moves that lost at least
	// MistakeLoss.
	MistakeShare float64 `json:"mistakeShare"`
	// NearBestShare is the share of the open moves that lost less than
	// NearBestLoss (the best move included).
	NearBestShare float64 `json:"nearBestShare"`
	// Accuracy is the mean of the open moves' accuracy (the review's
	// Lichess formula, 0..1).
	Accuracy float64 `json:"accuracy"`
}

// OpenLow bounds the positions counted as open: a position whose best
// move keeps a win rate below OpenLow, or above 1-OpenLow, is decided, and
// its moves say little of the player's strength.
const OpenLow = 0.03

// MistakeLoss is the loss of a mistake (the review's threshold), and
// NearBestLoss the most a move may lose and count as near the best.
const (
	MistakeLoss  = 0.10
	NearBestLoss = 0.02
)

// FeaturesOf summarizes one player's moves.
func FeaturesOf(moves []Move) Features {
	f := Features{Moves: len(moves)}
	var loss, acc float64
	var best, mistakes, near int
	for _, m := range moves {
		if m.BestWinrate < OpenLow || m.BestWinrate > 1-OpenLow {
			continue
		}
		f.Open++
		loss += m.Loss
		if m.Best {
			best++
		}
		if m.Loss >= MistakeLoss {
			mistakes++
		}
		if m.Loss < NearBestLoss {
			near++
		}
		acc += accuracy(m.Loss)
	}
	if f.Open == 0 {
		for _, m := range moves {
			loss += m.Loss
		}
		if len(moves) > 0 {
			f.MeanLoss = loss / float64(len(moves))
		}
		return f
	}
	n := float64(f.Open)
	f.MeanLoss, f.BestShare, f.MistakeShare = loss/n, float64(best)/n, float64(mistakes)/n
	f.NearBestShare, f.Accuracy = float64(near)/n, acc/n
	return f
}

// accuracy is a move's accuracy (0..1) by the review's formula
// (Lichess's, on win percentages).
func accuracy(loss float64) float64 {
	return math.Max(0, math.Min(1, (103.1668*math.Exp(-4.354*loss)-3.1669)/100))
}

// featureFuncs are the terms a calibration may name, each a function of
// the features. The calibration file lists the terms of its mapping, so
// that a refit can change them without a change of code here.
var featureFuncs = map[string]func(Features) float64{
	"const":        func(Features) float64 { return 1 },
	"logLoss":      func(f Features) float64 { return math.Log(f.MeanLoss + 0.005) },
	"meanLoss":     func(f Features) float64 { return f.MeanLoss },
	"bestShare":    func(f Features) float64 { return f.BestShare },
	"mistakeShare": func(f Features) float64 { return f.MistakeShare },
	"nearBest":     func(f Features) float64 { return f.NearBestShare },
	"accuracy":     func(f Features) float64 { return f.Accuracy },
	"logOpen":      func(f Features) float64 { return math.Log(float64(max(f.Open, 1))) },
}

// terms evaluates the named terms on f.
func terms(names []string, f Features) ([]float64, error) {
	x := make([]float64, len(names))
	for i, n := range names {
		fn, ok := featureFuncs[n]
		if !ok {
			return nil, fmt.Errorf("unknown term %q", n)
		}
		x[i] = fn(f)
	}
	return x, nil
}
