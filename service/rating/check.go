package rating

import (
	"fmt"
	"math"
	"sort"
)

// FitReport records what a calibration was fitted on and how it fared on
// games it never saw.
type FitReport struct {
	// Players are the calibration players with their list ratings and
	// their usable sides in the training and held-out games.
	Players []PlayerCount `json:"players"`
	// Pairs are the pairings played, with their games.
	Pairs []PairCount `json:"pairs"`
	// LeaveOnePlayerOut checks the training games, each predicted by a
	// mapping fitted without its player.
	LeaveOnePlayerOut Check `json:"leaveOnePlayerOut"`
	// Heldout checks the one-game estimates of the held-out games (other
	// seeds, used for nothing else).
	Heldout Check `json:"heldout"`
	// Combined checks the estimates over several held-out games of one
	// player.
	Combined Check `json:"combined"`
}

// PlayerCount is one calibration player.
type PlayerCount struct {
	Player       string  `json:"player"`
	Spec         string  `json:"spec,omitempty"`
	Rating       float64 `json:"rating"`
	TrainSides   int     `json:"trainSides"`
	HeldoutSides int     `json:"heldoutSides"`
	// HeldoutMAE and HeldoutCoverage are this player's one-game figures
	// on the held-out games.
	HeldoutMAE      float64 `json:"heldoutMae"`
	HeldoutCoverage float64 `json:"heldoutCoverage"`
}

// PairCount is one pairing of the calibration games.
type PairCount struct {
	A            string `json:"a"`
	B            string `json:"b"`
	TrainGames   int    `json:"trainGames"`
	HeldoutGames int    `json:"heldoutGames"`
}

// Check measures estimates against the players' list ratings.
type Check struct {
	// GamesPerEstimate is the number of games behind each estimate.
	GamesPerEstimate int `json:"gamesPerEstimate"`
	// Estimates is the number of estimates checked (sides with too few
	// open moves are left out, as the service leaves them).
	Estimates int `json:"estimates"`
	// Skipped is the number of sides left out for too few open moves.
	Skipped int `json:"skipped"`
	// MAE is the mean absolute error of the estimates.
	MAE float64 `json:"mae"`
	// Coverage is the share of 95% intervals holding the list rating.
	Coverage float64 `json:"coverage"`
	// MeanWidth is the intervals' mean width.
	MeanWidth float64 `json:"meanWidth"`
	// MedianError and MedianWidth are the median absolute error and the
	// median interval width.
	MedianError float64 `json:"medianError"`
	MedianWidth float64 `json:"medianWidth"`
}

// Check estimates every player of samples from groups of games games each
// (1: every game alone; larger: consecutive games of one player combined,
// a shorter last group dropped) and measures the errors.
func (c *Calibration) Check(samples []Sample, games int) Check {
	return c.checkWith(samples, games, func(string) *Calibration { return c })
}

// CheckHeldOutPlayers checks c on held-out games as a player the fit never
// saw would fare: each player's held-out games are predicted by a mapping
// fitted (with c's terms) on the training samples of every other player,
// with c's intervals. Neither the player nor the games were seen by the
// coefficients that judge them.
func (c *Calibration) CheckHeldOutPlayers(train, heldout []Sample, games int) (Check, error) {
	usable := c.usable(train)
	maps := map[string]*Calibration{}
	for _, p := range playersOf(heldout) {
		var rest []Sample
		for _, s := range usable {
			if s.Player != p {
				rest = append(rest, s)
			}
		}
		coef, err := fitCoef(rest, c.Terms)
		if err != nil {
			return Check{}, fmt.Errorf("without %s: %w", p, err)
		}
		held := *c
		held.Coef = coef
		maps[p] = &held
	}
	return c.checkWith(heldout, games, func(p string) *Calibration { return maps[p] }), nil
}

// checkWith estimates samples in groups of games with the mapping mapFor
// gives each player.
func (c *Calibration) checkWith(samples []Sample, games int, mapFor func(player string) *Calibration) Check {
	byPlayer := map[string][]Sample{}
	var order []string
	for _, s := range samples {
		if _, ok := byPlayer[s.Player]; !ok {
			order = append(order, s.Player)
		}
		byPlayer[s.Player] = append(byPlayer[s.Player], s)
	}
	sort.Strings(order)
	out := Check{GamesPerEstimate: games}
	var errs, widths []float64
	in := 0
	for _, p := range order {
		m := mapFor(p)
		var fs []Features
		var rating float64
		for _, s := range byPlayer[p] {
			if !m.Usable(s.Features) {
				out.Skipped++
				continue
			}
			fs, rating = append(fs, s.Features), s.Rating
		}
		for start := 0; start+games <= len(fs); start += games {
			e, _ := m.Combine(fs[start : start+games])
			errs = append(errs, math.Abs(e.Rating-rating))
			widths = append(widths, e.Interval[1]-e.Interval[0])
			if e.Interval[0] <= rating && rating <= e.Interval[1] {
				in++
			}
		}
	}
	out.Estimates = len(errs)
	if out.Estimates > 0 {
		n := float64(out.Estimates)
		out.MAE = math.Round(mean(errs))
		out.Coverage = math.Round(float64(in)/n*1000) / 1000
		out.MeanWidth = math.Round(mean(widths))
		out.MedianError = math.Round(Median(errs))
		out.MedianWidth = math.Round(Median(widths))
	}
	return out
}

// Median is the median of v (0 for none); v is not changed.
func Median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	if n := len(s); n%2 == 1 {
		return s[n/2]
	} else {
		return (s[n/2-1] + s[n/2]) / 2
	}
}
