package review

import (
	"math"

	"github.com/wallzero/wallzero/service/rating"
)

// EstimateRatings estimates each player's rating from a review with the
// calibration of its model, visits and thresholds, by seat (nil as a whole when there
// is no calibration, when no player had enough open moves, or for a game
// of three or four players: the calibration games and the rating list
// are two-player).
func EstimateRatings(f *rating.File, res *Result) []*rating.Estimate {
	if len(res.Players) > 2 {
		return nil
	}
	c := f.For(res.Model, res.Visits, res.Thresholds.InaccuracyPoints)
	if c == nil {
		return nil
	}
	out := make([]*rating.Estimate, len(res.Players))
	found := false
	for p, ms := range RatingMoves(res) {
		if len(ms) == 0 {
			continue
		}
		if e, ok := c.Estimate(Features(res)[p]); ok {
			out[p], found = &e, true
		}
	}
	if !found {
		return nil
	}
	return out
}

// Features summarizes each player's moves in a review for the
// rating estimate, by seat.
func Features(res *Result) []rating.Features {
	moves := RatingMoves(res)
	out := make([]rating.Features, len(moves))
	for p, ms := range moves {
		if len(ms) > 0 {
			out[p] = rating.FeaturesOf(ms, res.Accuracy[p], res.Visits)
		}
	}
	return out
}

// RatingMoves returns each player's moves in a review as the rating
// estimate reads them, by seat.
func RatingMoves(res *Result) [][]rating.Move {
	moves := make([][]rating.Move, len(res.Players))
	for _, m := range res.Moves {
		if int(m.Player) < len(moves) {
			rm := rating.Move{Loss: decimal4(m.Loss), Best: m.Classification == "best",
				BestWinrate: decimal4(m.BestWinrate), PointsLoss: decimal4(m.PointsLoss), Class: m.Classification}
			if m.Level != nil {
				rm.VisitsToFind = m.Level.VisitsToFind
			}
			moves[m.Player] = append(moves[m.Player], rm)
		}
	}
	return moves
}

// decimal4 widens a review's rounded float32 without its binary tail.
func decimal4(v float32) float64 { return math.Round(float64(v)*1e4) / 1e4 }
