package jobs

import (
	"math"

	"github.com/wallzero/wallzero/service/rating"
)

// estimateRatings estimates each player's rating from a review with the
// calibration of its model and visits (nil when there is none, when no
// player had enough open moves, or for a game of three or four players:
// the calibration games and the rating list are two-player).
func estimateRatings(f *rating.File, res *ReviewResult) map[string]rating.Estimate {
	if len(res.Players) > 2 {
		return nil
	}
	c := f.For(res.Model, res.Visits)
	if c == nil {
		return nil
	}
	out := map[string]rating.Estimate{}
	for p, feats := range ReviewFeatures(res) {
		if e, ok := c.Estimate(feats); ok {
			out[p] = e
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// ReviewFeatures summarizes each player's moves in a review for the
// rating estimate.
func ReviewFeatures(res *ReviewResult) map[string]rating.Features {
	out := map[string]rating.Features{}
	for p, ms := range ReviewMoves(res) {
		out[p] = rating.FeaturesOf(ms, res.Accuracy[p])
	}
	return out
}

// ReviewMoves returns each player's moves in a review as the rating
// estimate reads them.
func ReviewMoves(res *ReviewResult) map[string][]rating.Move {
	moves := map[string][]rating.Move{}
	for _, m := range res.Moves {
		moves[m.Player] = append(moves[m.Player], rating.Move{Loss: decimal4(m.Loss), Best: m.Classification == "best",
			BestWinrate: decimal4(m.BestWinrate), PointsLoss: decimal4(m.PointsLoss), Class: m.Classification})
	}
	return moves
}

// decimal4 widens a review's rounded float32 without its binary tail.
func decimal4(v float32) float64 { return math.Round(float64(v)*1e4) / 1e4 }
