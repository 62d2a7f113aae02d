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
	// PointsLoss is the mover's loss in points (squares of final margin)
	// against the best move, the review's pointsLoss (0 where the review
	// measured none).
	PointsLoss float64 `json:"pointsLoss,omitempty"`
	// Class is the review's classification: best, good, inaccuracy,
	// mistake or blunder (by the worse of the two losses).
	Class string `json:"class,omitempty"`
	// VisitsToFind is, for an inaccuracy, mistake or blunder, the
	// visits a fresh search needed to prefer the better move (the
	// review's level of the move); 0 where the review measured no level.
	VisitsToFind int `json:"visitsToFind,omitempty"`
}

// missed reports whether the review names a better move the player
// missed: an inaccuracy, a mistake or a blunder, the moves a review
// measures the level of.
func (m Move) missed() bool {
	return m.Class == "inaccuracy" || m.Class == "mistake" || m.Class == "blunder"
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
	// Accuracy is the mean of the open moves' accuracy (Lichess's
	// per-move formula on the win-rate loss alone, 0..1).
	Accuracy float64 `json:"accuracy"`
	// MeanPoints is the mean points loss over all the player's moves,
	// decided positions included (a move that throws land away in a
	// decided game still loses points), and OpenPoints the mean over the
	// open moves (MeanPoints when none was open).
	MeanPoints float64 `json:"meanPoints"`
	OpenPoints float64 `json:"openPoints"`
	// ReviewAccuracy is the player's accuracy as the review reports it
	// (percent: weighted by how much was in play, with the points loss).
	ReviewAccuracy float64 `json:"reviewAccuracy"`
	// Shares of all the player's moves by the review's classes: best,
	// best or good, inaccuracy, mistake, blunder.
	ClassBest, ClassGood, ClassInaccuracy, ClassMistake, ClassBlunder float64
	// Missed counts the player's inaccuracies, mistakes and blunders, and
	// Leveled those of them whose level the review measured.
	Missed  int `json:"missed"`
	Leveled int `json:"leveled"`
	// MissedLogVisits is the mean natural log of the visits a fresh
	// search needed to prefer the better move, over the missed moves: a
	// strong player's mistakes are moves only a deep search finds, a weak
	// player's are moves the smallest search finds. With nothing missed
	// it is the log of the review's visits (no search below them would
	// have played better).
	MissedLogVisits float64 `json:"missedLogVisits"`
}

// LevelsKnown reports whether the review measured the level of every
// missed move, as terms on the levels need.
func (f Features) LevelsKnown() bool { return f.Leveled == f.Missed }

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

// FeaturesOf summarizes one player's moves in a review whose accuracy
// for the player is accuracy (percent, the review's `accuracy`) and
// whose searches ran visits visits.
func FeaturesOf(moves []Move, accuracy float64, visits int) Features {
	f := Features{Moves: len(moves), ReviewAccuracy: accuracy}
	var loss, acc, points, openPoints, logVisits float64
	var best, mistakes, near int
	classes := map[string]int{}
	for _, m := range moves {
		points += m.PointsLoss
		classes[m.Class]++
		if m.missed() {
			f.Missed++
			if m.VisitsToFind > 0 {
				f.Leveled++
				logVisits += math.Log(float64(m.VisitsToFind))
			}
		}
	}
	f.MissedLogVisits = math.Log(float64(max(visits, 1)))
	if f.Leveled > 0 {
		f.MissedLogVisits = logVisits / float64(f.Leveled)
	}
	if n := float64(len(moves)); n > 0 {
		f.MeanPoints = points / n
		f.ClassBest = float64(classes["best"]) / n
		f.ClassGood = float64(classes["best"]+classes["good"]) / n
		f.ClassInaccuracy = float64(classes["inaccuracy"]) / n
		f.ClassMistake = float64(classes["mistake"]) / n
		f.ClassBlunder = float64(classes["blunder"]) / n
	}
	f.OpenPoints = f.MeanPoints
	for _, m := range moves {
		if m.BestWinrate < OpenLow || m.BestWinrate > 1-OpenLow {
			continue
		}
		f.Open++
		openPoints += m.PointsLoss
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
		acc += moveAccuracy(m.Loss)
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
	f.OpenPoints = openPoints / n
	return f
}

// moveAccuracy is a move's accuracy (0..1) by Lichess's formula on win
// percentages (the win-rate loss alone).
func moveAccuracy(loss float64) float64 {
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
	// Terms on the points loss, which no calibration of the win rate
	// changes, and on the review's own verdicts.
	"meanPoints":      func(f Features) float64 { return f.MeanPoints },
	"logPoints":       func(f Features) float64 { return math.Log(f.MeanPoints + 0.2) },
	"logOpenPoints":   func(f Features) float64 { return math.Log(f.OpenPoints + 0.2) },
	"reviewAccuracy":  func(f Features) float64 { return f.ReviewAccuracy / 100 },
	"classBest":       func(f Features) float64 { return f.ClassBest },
	"classGood":       func(f Features) float64 { return f.ClassGood },
	"classMistake":    func(f Features) float64 { return f.ClassMistake + f.ClassBlunder },
	"classBlunder":    func(f Features) float64 { return f.ClassBlunder },
	"classInaccuracy": func(f Features) float64 { return f.ClassInaccuracy },
	// The level of the moves missed (the review's MoveLevel).
	"missedLogVisits": func(f Features) float64 { return f.MissedLogVisits },
}

// levelTerms are the terms that read the levels of the missed moves: a
// review that did not measure them cannot be estimated by a calibration
// that names one.
var levelTerms = map[string]bool{"missedLogVisits": true}

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
