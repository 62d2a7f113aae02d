package winrate

import (
	"math"
	"math/rand/v2"
	"sort"
)

// Sample is one prediction held against how its game ended: a seat's
// predicted result P and its result Y (1 win, 0 loss, a share of one for
// a draw), with the game it came from, so that the positions of one game,
// which share its result, are resampled together.
type Sample struct {
	Game int
	P, Y float64
}

// Bin is one row of a reliability table.
type Bin struct {
	// Low and High bound the predictions of the bin.
	Low, High float64
	// N is the number of predictions in it.
	N int
	// Predicted is their mean, Observed the mean result.
	Predicted, Observed float64
}

// Reliability is a reliability table: the predictions in equal-width
// bins, each bin's mean prediction against its mean result.
type Reliability struct {
	Bins []Bin
	// N is the number of predictions and Games of games.
	N, Games int
	// ECE is the expected calibration error: the bins' |predicted -
	// observed|, weighted by their share of the predictions.
	ECE float64
	// ECELow and ECEHigh are its 95% interval by the basic bootstrap over
	// games: resampled ECEs are biased upwards by the noise of binning, and
	// the basic interval (twice the ECE less the resamples' quantiles,
	// floored at zero) corrects for that bias where the percentile
	// interval would carry it.
	ECELow, ECEHigh float64
	// LogLoss is the mean cross-entropy of the predictions (lower is
	// better; it rewards sharpness as well as calibration).
	LogLoss float64
	// NullECE and NullECE90 are the median and the 90th percentile of the
	// ECE that a perfectly calibrated predictor, making these very
	// predictions on as many games, would show (calibratedNull): the ECE
	// of a finite set of games is not zero even then, and the positions of
	// one game, which share its result, make it larger. An ECE near
	// NullECE is as calibrated as these games can tell.
	NullECE, NullECE90 float64
}

// Table builds the reliability table of samples in bins equal-width bins,
// with the ECE's interval from reps bootstrap resamples of whole games
// (0: none) drawn with seed.
func Table(samples []Sample, bins, reps int, seed uint64) Reliability {
	r := Reliability{Bins: binned(samples, bins), N: len(samples)}
	r.ECE = ece(r.Bins, len(samples))
	byGame := map[int][]Sample{}
	for _, s := range samples {
		byGame[s.Game] = append(byGame[s.Game], s)
		r.LogLoss += crossEntropy(s.P, s.Y)
	}
	if len(samples) > 0 {
		r.LogLoss /= float64(len(samples))
	}
	r.Games = len(byGame)
	if reps <= 0 || len(byGame) < 2 {
		r.ECELow, r.ECEHigh = r.ECE, r.ECE
		r.NullECE, r.NullECE90 = math.NaN(), math.NaN()
		return r
	}
	games := make([]int, 0, len(byGame))
	for g := range byGame {
		games = append(games, g)
	}
	sort.Ints(games)
	rng := rand.New(rand.NewPCG(seed, 0xCA11B))
	eces := make([]float64, reps)
	buf := make([]Sample, 0, len(samples))
	for i := range eces {
		buf = buf[:0]
		for range games {
			buf = append(buf, byGame[games[rng.IntN(len(games))]]...)
		}
		eces[i] = ece(binned(buf, bins), len(buf))
	}
	sort.Float64s(eces)
	lo, hi := eces[int(0.025*float64(reps))], eces[min(reps-1, int(0.975*float64(reps)))]
	r.ECELow, r.ECEHigh = max(0, 2*r.ECE-hi), max(0, 2*r.ECE-lo)
	nulls := calibratedNull(samples, bins, reps, rng)
	r.NullECE, r.NullECE90 = nulls[len(nulls)/2], nulls[min(len(nulls)-1, int(0.9*float64(len(nulls))))]
	return r
}

// calibratedNull returns reps ECEs, sorted, of results drawn as a
// perfectly calibrated predictor's would fall: for each game and bin, the
// game's positions in the bin share one result, a win with the mean of
// their predictions. That keeps what makes a finite set's ECE noisy (few
// games, each counted at many positions) and takes out any
// miscalibration. The bins' draws of one game are independent, which
// leaves each bin's error as it would be (the ECE sums the bins' own).
func calibratedNull(samples []Sample, bins, reps int, rng *rand.Rand) []float64 {
	type cell struct {
		bin  int
		n    float64
		mean float64
	}
	type key struct{ game, bin int }
	at := map[key]int{}
	var cells []cell
	predicted := make([]float64, bins)
	for _, s := range samples {
		b := min(bins-1, max(0, int(s.P*float64(bins))))
		predicted[b] += s.P
		k := key{s.Game, b}
		i, ok := at[k]
		if !ok {
			i = len(cells)
			at[k] = i
			cells = append(cells, cell{bin: b})
		}
		cells[i].n++
		cells[i].mean += s.P
	}
	for i := range cells {
		cells[i].mean /= cells[i].n
	}
	out := make([]float64, reps)
	observed := make([]float64, bins)
	for r := range out {
		clear(observed)
		for _, c := range cells {
			if rng.Float64() < c.mean {
				observed[c.bin] += c.n
			}
		}
		var e float64
		for b := range bins {
			e += math.Abs(predicted[b] - observed[b])
		}
		out[r] = e / float64(len(samples))
	}
	sort.Float64s(out)
	return out
}

// binned sorts samples into bins equal-width bins over [0, 1].
func binned(samples []Sample, bins int) []Bin {
	out := make([]Bin, bins)
	for i := range out {
		out[i].Low, out[i].High = float64(i)/float64(bins), float64(i+1)/float64(bins)
	}
	for _, s := range samples {
		i := min(bins-1, max(0, int(s.P*float64(bins))))
		out[i].N++
		out[i].Predicted += s.P
		out[i].Observed += s.Y
	}
	for i := range out {
		if out[i].N > 0 {
			out[i].Predicted /= float64(out[i].N)
			out[i].Observed /= float64(out[i].N)
		}
	}
	return out
}

// ece is the expected calibration error of bins holding n predictions.
func ece(bins []Bin, n int) float64 {
	if n == 0 {
		return 0
	}
	var e float64
	for _, b := range bins {
		e += float64(b.N) / float64(n) * math.Abs(b.Predicted-b.Observed)
	}
	return e
}

// crossEntropy is the loss of predicting p for result y (a draw's share
// is a soft label).
func crossEntropy(p, y float64) float64 {
	p = math.Min(math.Max(p, 1e-6), 1-1e-6)
	return -(y*math.Log(p) + (1-y)*math.Log(1-p))
}
