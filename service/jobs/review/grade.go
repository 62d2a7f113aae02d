package review

import "math"

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
// larger of Loss and PointsLoss / pointsPerWinrate; a player's accuracy
// weighs its moves by how much was in play (PlayersAccuracy).

// Classify names a move by the worse of its win-rate loss and its loss
// in points.
func Classify(loss, points float32, best bool) string {
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

// EquivalentLoss is a move's loss in win rate with its points loss
// counted at pointsPerWinrate: the larger of the two.
func EquivalentLoss(loss, points float32) float64 {
	return max(float64(loss), float64(points)/pointsPerWinrate)
}

// MoveAccuracy is Lichess's accuracy of a move that loses loss of win
// rate (0..1) and points of margin, the loss stretched by
// accuracyLossScale: the lower of the two currencies' accuracies.
func MoveAccuracy(loss, points float32) float64 {
	a := 103.1668*math.Exp(-0.04354*100*accuracyLossScale*EquivalentLoss(loss, points)) - 3.1669
	return math.Round(math.Max(0, math.Min(100, a))*10) / 10
}
