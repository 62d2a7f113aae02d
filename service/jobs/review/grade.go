package review

import "math"

// Review thresholds in win rate: a move whose win-rate loss (for the
// player who made it, against the engine's best move) reaches these is an
// inaccuracy, a mistake or a blunder: 5, 10 and 15 percentage points of
// win probability. These are Lichess's thresholds (0.1, 0.2 and 0.3 on its
// -1..1 "winning chances" scale, which is 5, 10 and 15 points of win
// percentage), the same for every player count.
const (
	InaccuracyLoss = 0.05
	MistakeLoss    = 0.10
	BlunderLoss    = 0.15
)

// TwoPlayerThresholds classify the moves of two-player games. A move that
// loses this many squares of final margin for its mover (against the
// engine's best move, by the search's score lead) is an inaccuracy, a
// mistake or a blunder whatever its win-rate loss, so a move that throws
// away land in a decided game, where the win rate no longer moves, is
// still named. The points thresholds are the win-rate thresholds turned
// into points at the rate measured on reviewed games (docs/reviews.md,
// "What a review computes"): with the calibrated win rates a review
// reports, a move that lost 1 to 8 points in a position between 25% and
// 75% lost 0.055 of win rate a point at the median, so an inaccuracy's
// 0.05 is 0.9 points. They sit above the points noise of the engine's own
// moves and below what a random move gives away.
var TwoPlayerThresholds = Thresholds{Inaccuracy: InaccuracyLoss, Mistake: MistakeLoss, Blunder: BlunderLoss,
	InaccuracyPoints: 0.9, MistakePoints: 1.8, BlunderPoints: 2.7}

// MultiPlayerThresholds classify the moves of three- and four-player
// games. Their points are the seats' Voronoi leads (no network margin
// head), a noisier forecast of the end: the 400-visit search's 95th
// percentile of points lost is 2.8, so their thresholds stay at 1.5, 3
// and 4.5 points, where a strong search's own noise seldom reaches a
// mistake (docs/reviews.md, "Three and four players").
var MultiPlayerThresholds = Thresholds{Inaccuracy: InaccuracyLoss, Mistake: MistakeLoss, Blunder: BlunderLoss,
	InaccuracyPoints: 1.5, MistakePoints: 3, BlunderPoints: 4.5}

// ThresholdsFor returns the thresholds of a game of players players.
func ThresholdsFor(players int) Thresholds {
	if players > 2 {
		return MultiPlayerThresholds
	}
	return TwoPlayerThresholds
}

// accuracyLossScale stretches the loss in Lichess's per-move accuracy
// formula: a WallGo move has less at stake than a chess move (a random
// move loses about 0.1 of win rate, which Lichess's scale calls 64%
// accurate), so losses count 1.5 times, and a random mover's accuracy is
// low while the engine's stays near 100 (docs/reviews.md).
const accuracyLossScale = 1.5

// How a move is reviewed (Move):
//
// Loss = max(0, best - after), where best is the win rate of the engine's
// best move in the position before the move and after the win rate of
// the position after it, both for the player who moved (0 when the move
// played is the best move). PointsLoss is the same in points: the best
// move's score lead against the score lead after the move played, for the
// mover. Accuracy = 103.1668 * exp(-0.04354 * 100 * 1.5 * L) - 3.1669,
// clamped to 0..100 (Lichess's per-move accuracy formula on win
// percentages, losses stretched by accuracyLossScale), where L is the
// larger of Loss and PointsLoss / PointsPerWinrate; a player's accuracy
// weighs its moves by how much was in play (PlayersAccuracy).

// Classify names a move by the worse of its win-rate loss and its loss
// in points.
func (t Thresholds) Classify(loss, points float32, best bool) string {
	switch {
	case best:
		return "best"
	case Reaches(loss, t.Blunder) || Reaches(points, t.BlunderPoints):
		return "blunder"
	case Reaches(loss, t.Mistake) || Reaches(points, t.MistakePoints):
		return "mistake"
	case Reaches(loss, t.Inaccuracy) || Reaches(points, t.InaccuracyPoints):
		return "inaccuracy"
	}
	return "good"
}

// Reaches reports whether a loss, a float32 as reviews carry them, reaches
// a threshold: a loss of 0.9 points is float32(0.9), a hair below the
// float64 0.9, and still an inaccuracy. Every comparison of a loss with a
// threshold goes through it (classes, levels, turning points).
func Reaches(loss float32, threshold float64) bool { return float64(loss) >= threshold-1e-6 }

// PointsPerWinrate is the points loss that counts as the whole win rate:
// an inaccuracy's worth of points weighs as an inaccuracy's worth of win
// rate.
func (t Thresholds) PointsPerWinrate() float64 { return t.InaccuracyPoints / t.Inaccuracy }

// EquivalentLoss is a move's loss in win rate with its points loss
// counted at PointsPerWinrate: the larger of the two.
func (t Thresholds) EquivalentLoss(loss, points float32) float64 {
	return max(float64(loss), float64(points)/t.PointsPerWinrate())
}

// MoveAccuracy is Lichess's accuracy of a move that loses loss of win
// rate (0..1) and points of margin, the loss stretched by
// accuracyLossScale: the lower of the two currencies' accuracies.
func (t Thresholds) MoveAccuracy(loss, points float32) float64 {
	a := 103.1668*math.Exp(-0.04354*100*accuracyLossScale*t.EquivalentLoss(loss, points)) - 3.1669
	return math.Round(math.Max(0, math.Min(100, a))*10) / 10
}
