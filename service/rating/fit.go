package rating

import (
	"errors"
	"fmt"
	"math"
	"sort"
)

// Sample is one side of one calibration game: a player whose list rating
// is known, and the features of its moves in the review of the game.
type Sample struct {
	Player   string
	Rating   float64
	Features Features
}

// FitOptions configure Fit.
type FitOptions struct {
	// Model, Visits and InaccuracyPoints are the reviews' (copied into
	// the calibration).
	Model            string
	Visits           int
	InaccuracyPoints float64
	// Terms are the mapping's terms (featureFuncs' names).
	Terms []string
	// MinOpen is the fewest open moves of a usable side.
	MinOpen int
	// Coverage is the share of the leave-one-player-out one-game
	// intervals that must contain the true rating (0: 0.95); Z is the
	// smallest multiplier that achieves it.
	Coverage float64
}

// Fit fits the mapping on samples by least squares, each player weighing
// the same whatever its number of games, and measures its errors by
// leave-one-player-out: every player's games predicted by a mapping
// fitted without that player, as a player the calibration never saw
// would be. Those errors give Within, Between and Z.
func Fit(samples []Sample, o FitOptions) (*Calibration, error) {
	if _, err := terms(o.Terms, Features{}); err != nil {
		return nil, err
	}
	c := &Calibration{Model: o.Model, Visits: o.Visits, InaccuracyPoints: o.InaccuracyPoints, Terms: o.Terms, MinOpen: o.MinOpen}
	usable := c.usable(samples)
	players := playersOf(usable)
	if len(players) < len(o.Terms)+2 {
		return nil, fmt.Errorf("%d players with usable games: too few for %d terms", len(players), len(o.Terms))
	}
	coef, err := fitCoef(usable, o.Terms)
	if err != nil {
		return nil, err
	}
	c.Coef = coef
	c.Range = [2]float64{math.Inf(1), math.Inf(-1)}
	for _, s := range usable {
		c.Range[0], c.Range[1] = math.Min(c.Range[0], s.Rating), math.Max(c.Range[1], s.Rating)
	}
	// Leave one player out: the errors of a mapping that never saw them.
	resid := map[string][]float64{}
	for _, p := range players {
		var rest, own []Sample
		for _, s := range usable {
			if s.Player == p {
				own = append(own, s)
			} else {
				rest = append(rest, s)
			}
		}
		cf, err := fitCoef(rest, o.Terms)
		if err != nil {
			return nil, fmt.Errorf("without %s: %w", p, err)
		}
		held := *c
		held.Coef = cf
		for _, s := range own {
			resid[p] = append(resid[p], held.clampPredict(s.Features)-s.Rating)
		}
	}
	c.Within, c.Between = components(resid)
	if c.Within <= 0 {
		return nil, errors.New("no spread in the errors: too few games")
	}
	// Raise Z until the held-out players' one-game intervals cover.
	want := o.Coverage
	if want == 0 {
		want = 0.95
	}
	// Z is the smallest multiplier (in steps of 0.01) whose one-game
	// intervals hold the true rating of the left-out players as often as
	// wanted: the intervals are calibrated on players the fit never saw.
	sd := math.Sqrt(c.Within*c.Within + c.Between*c.Between)
	for c.Z = 0.5; coverage(resid, c.Z*sd) < want; c.Z += 0.01 {
	}
	c.Z = math.Round(c.Z*100) / 100
	c.Fit = &FitReport{LeaveOnePlayerOut: looCheck(resid, c.Z*sd)}
	return c, nil
}

// looCheck summarizes the leave-one-player-out errors for intervals of
// ±half (unrounded, as Fit measured them).
func looCheck(resid map[string][]float64, half float64) Check {
	out := Check{GamesPerEstimate: 1, MeanWidth: math.Round(2 * half), MedianWidth: math.Round(2 * half)}
	var abs []float64
	for _, r := range resid {
		for _, v := range r {
			out.Estimates++
			abs = append(abs, math.Abs(v))
		}
	}
	if out.Estimates > 0 {
		out.MAE = math.Round(mean(abs))
		out.MedianError = math.Round(Median(abs))
		out.Coverage = math.Round(coverage(resid, half)*1000) / 1000
	}
	return out
}

// clampPredict is the prediction clamped to the calibrated range.
func (c *Calibration) clampPredict(f Features) float64 {
	return math.Min(math.Max(c.predict(f), c.Range[0]), c.Range[1])
}

// usable keeps the samples with enough open moves.
func (c *Calibration) usable(samples []Sample) []Sample {
	var out []Sample
	for _, s := range samples {
		if c.Usable(s.Features) {
			out = append(out, s)
		}
	}
	return out
}

// playersOf lists the samples' players, sorted.
func playersOf(samples []Sample) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range samples {
		if !seen[s.Player] {
			seen[s.Player] = true
			out = append(out, s.Player)
		}
	}
	sort.Strings(out)
	return out
}

// fitCoef solves the weighted least squares, each sample weighing
// 1/(its player's samples).
func fitCoef(samples []Sample, names []string) ([]float64, error) {
	count := map[string]int{}
	for _, s := range samples {
		count[s.Player]++
	}
	k := len(names)
	a := make([][]float64, k)
	for i := range a {
		a[i] = make([]float64, k+1)
	}
	for _, s := range samples {
		x, err := terms(names, s.Features)
		if err != nil {
			return nil, err
		}
		w := 1 / float64(count[s.Player])
		for i := range k {
			for j := range k {
				a[i][j] += w * x[i] * x[j]
			}
			a[i][k] += w * x[i] * s.Rating
		}
	}
	return solve(a)
}

// solve solves the augmented system a (k rows of k+1) by Gaussian
// elimination with partial pivoting.
func solve(a [][]float64) ([]float64, error) {
	k := len(a)
	scale := 0.0
	for i := range k {
		scale = math.Max(scale, math.Abs(a[i][i]))
	}
	for col := range k {
		piv := col
		for r := col + 1; r < k; r++ {
			if math.Abs(a[r][col]) > math.Abs(a[piv][col]) {
				piv = r
			}
		}
		if math.Abs(a[piv][col]) <= 1e-10*scale {
			return nil, errors.New("singular system: a term is constant or repeats another")
		}
		a[col], a[piv] = a[piv], a[col]
		for r := range k {
			if r == col {
				continue
			}
			f := a[r][col] / a[col][col]
			for c := col; c <= k; c++ {
				a[r][c] -= f * a[col][c]
			}
		}
	}
	x := make([]float64, k)
	for i := range k {
		x[i] = a[i][k] / a[i][i]
	}
	return x, nil
}

// components splits errors grouped by player into the standard deviation
// of one game around its player's mean (within) and of the players' means
// beyond what within explains (between).
func components(resid map[string][]float64) (within, between float64) {
	var ss, means, meanSq, noise float64
	n, groups := 0, 0
	for _, r := range resid {
		if len(r) == 0 {
			continue
		}
		m := mean(r)
		for _, v := range r {
			ss += (v - m) * (v - m)
		}
		n += len(r) - 1
		means += m
		meanSq += m * m
		groups++
	}
	if n <= 0 || groups == 0 {
		return 0, 0
	}
	within = math.Sqrt(ss / float64(n))
	for _, r := range resid {
		if len(r) > 0 {
			noise += within * within / float64(len(r))
		}
	}
	// The players' mean errors are about the true rating, not about their
	// own mean: a player the mapping misjudges is misjudged, however the
	// others fare.
	between = math.Sqrt(math.Max(0, (meanSq-noise)/float64(groups)))
	return within, between
}

// coverage is the share of errors within ±half.
func coverage(resid map[string][]float64, half float64) float64 {
	in, n := 0, 0
	for _, r := range resid {
		for _, v := range r {
			n++
			if math.Abs(v) <= half {
				in++
			}
		}
	}
	if n == 0 {
		return 0
	}
	return float64(in) / float64(n)
}

// mean is the arithmetic mean of v (not empty).
func mean(v []float64) float64 {
	var s float64
	for _, x := range v {
		s += x
	}
	return s / float64(len(v))
}
