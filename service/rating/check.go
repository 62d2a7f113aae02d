package rating

import (
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
}

// Check estimates every player of samples from groups of games games each
// (1: every game alone; larger: consecutive games of one player combined,
// a shorter last group dropped) and measures the errors.
func (c *Calibration) Check(samples []Sample, games int) Check {
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
	var absSum, widthSum float64
	in := 0
	for _, p := range order {
		var fs []Features
		var rating float64
		for _, s := range byPlayer[p] {
			if !c.Usable(s.Features) {
				out.Skipped++
				continue
			}
			fs, rating = append(fs, s.Features), s.Rating
		}
		for start := 0; start+games <= len(fs); start += games {
			e, _ := c.Combine(fs[start : start+games])
			out.Estimates++
			absSum += math.Abs(e.Rating - rating)
			widthSum += e.Interval[1] - e.Interval[0]
			if e.Interval[0] <= rating && rating <= e.Interval[1] {
				in++
			}
		}
	}
	if out.Estimates > 0 {
		n := float64(out.Estimates)
		out.MAE = math.Round(absSum / n)
		out.Coverage = math.Round(float64(in)/n*1000) / 1000
		out.MeanWidth = math.Round(widthSum / n)
	}
	return out
}
