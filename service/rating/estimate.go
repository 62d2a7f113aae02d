package rating

import (
	"fmt"
	"math"
)

// Estimate is a rating estimate with its 95% interval.
type Estimate struct {
	// Rating is the estimate on the rating list's scale.
	Rating float64 `json:"rating" example:"640"`
	// Interval is the 95% interval [low, high].
	Interval [2]float64 `json:"interval"`
	// Games is the number of games behind the estimate.
	Games int `json:"games" example:"1"`
} // @name rating.Estimate

// predict is the mapping's raw prediction for f.
func (c *Calibration) predict(f Features) float64 {
	x, err := terms(c.Terms, f)
	if err != nil { // checked at load
		return math.NaN()
	}
	var r float64
	for i, v := range x {
		r += c.Coef[i] * v
	}
	return r
}

// Usable reports whether f has enough open moves for an estimate, and
// the levels of its missed moves where the mapping reads them (a review
// stored before levels were measured has none).
func (c *Calibration) Usable(f Features) bool { return c.Unusable(f) == "" }

// Unusable says why f gives no estimate, or "" when it gives one.
func (c *Calibration) Unusable(f Features) string {
	if f.Open < c.MinOpen {
		return fmt.Sprintf("%d moves in open positions, at least %d are needed", f.Open, c.MinOpen)
	}
	if !f.LevelsKnown() && c.readsLevels() {
		return fmt.Sprintf("%d of %d missed moves have no level (a review made before levels were measured): review the game again", f.Missed-f.Leveled, f.Missed)
	}
	return ""
}

// readsLevels reports whether one of the mapping's terms reads the levels
// of the missed moves.
func (c *Calibration) readsLevels() bool {
	for _, t := range c.Terms {
		if levelTerms[t] {
			return true
		}
	}
	return false
}

// Estimate estimates the rating of the player of one game; ok is false
// when the game gave the player too few open moves.
func (c *Calibration) Estimate(f Features) (Estimate, bool) {
	return c.Combine([]Features{f})
}

// Combine estimates one player's rating from several games: the mean of
// the games' predictions, whose interval narrows with the games' number
// as far as the error common to all of a player's games (Between) allows.
// Games with too few open moves are left out; ok is false when none is
// left.
func (c *Calibration) Combine(games []Features) (Estimate, bool) {
	var sum float64
	n := 0
	for _, f := range games {
		if !c.Usable(f) {
			continue
		}
		sum += c.predict(f)
		n++
	}
	if n == 0 {
		return Estimate{}, false
	}
	mean := sum / float64(n)
	sd := math.Sqrt(c.Between*c.Between + c.Within*c.Within/float64(n))
	return c.estimate(mean, sd, n), true
}

// estimate clamps a prediction to the calibrated range and rounds it.
func (c *Calibration) estimate(mean, sd float64, games int) Estimate {
	r := math.Min(math.Max(mean, c.Range[0]), c.Range[1])
	return Estimate{Rating: math.Round(r), Games: games,
		Interval: [2]float64{math.Round(r - c.Z*sd), math.Round(r + c.Z*sd)}}
}
