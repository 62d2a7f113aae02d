package winrate

import (
	"math/rand/v2"
	"testing"
)

// games draws n games of positions predictions each: every game's
// result is a win with probability p0 (drawn per game), and its
// positions predict p0 plus noise of the given size, so the predictions
// are calibrated when lean is 0 and lean too high otherwise.
func games(n, positions int, lean float64, seed uint64) []Sample {
	rng := rand.New(rand.NewPCG(seed, 7))
	var out []Sample
	for g := range n {
		p0 := rng.Float64()
		y := 0.0
		if rng.Float64() < p0 {
			y = 1
		}
		for range positions {
			p := min(1, max(0, p0+lean+0.05*(rng.Float64()-0.5)))
			out = append(out, Sample{Game: g, P: p, Y: y})
		}
	}
	return out
}

// TestNullECE: the ECE a calibrated predictor shows on a finite set of
// games is above zero, falls as the games grow, holds a calibrated set's
// own ECE below its 90th percentile most of the time, and sits far below
// a leaning predictor's ECE.
func TestNullECE(t *testing.T) {
	t.Parallel()
	few, many := Table(games(50, 20, 0, 1), 10, 400, 1), Table(games(800, 20, 0, 1), 10, 400, 1)
	if few.NullECE <= 0 || few.NullECE90 < few.NullECE {
		t.Fatalf("50 games: null ECE %v, 90th percentile %v", few.NullECE, few.NullECE90)
	}
	if many.NullECE > few.NullECE/2 {
		t.Errorf("null ECE %v on 800 games, %v on 50: want it to fall about as 1/sqrt(games)", many.NullECE, few.NullECE)
	}
	within := 0
	for seed := range uint64(20) {
		r := Table(games(100, 20, 0, seed+10), 10, 200, seed)
		if r.ECE <= r.NullECE90 {
			within++
		}
	}
	if within < 14 {
		t.Errorf("a calibrated set's ECE was within the null's 90th percentile in %d of 20 sets, want most", within)
	}
	leaning := Table(games(200, 20, 0.15, 3), 10, 200, 3)
	if leaning.ECE < 2*leaning.NullECE90 {
		t.Errorf("a predictor leaning by 0.15: ECE %v, null's 90th percentile %v: want it far above", leaning.ECE, leaning.NullECE90)
	}
	if none := Table(games(10, 5, 0, 4), 10, 0, 0); none.NullECE == none.NullECE {
		t.Errorf("no resamples asked: null ECE %v, want NaN", none.NullECE)
	}
}
