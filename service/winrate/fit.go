package winrate

import (
	"errors"
	"fmt"
	"math"
)

// FitPlatt fits the Platt map sigmoid(A*logit(p) + B) to samples by
// maximum likelihood (Newton's method on the mean cross-entropy, draws as
// soft labels), with a light pull of strength ridge towards the identity
// (A 1, B 0) so that a small group cannot run away. Samples at 0 or 1
// (proven or finished positions) are left out: the map passes them
// through.
func FitPlatt(samples []Sample, ridge float64) (Platt, error) {
	return fitPlatt(samples, ridge, true)
}

// FitScale is FitPlatt with B held at zero: a map that only spreads or
// narrows win rates around one half (temperature scaling), and so gives
// no seat a lean its data may owe to chance.
func FitScale(samples []Sample, ridge float64) (Platt, error) {
	return fitPlatt(samples, ridge, false)
}

// fitPlatt fits A, and B when shift is set.
func fitPlatt(samples []Sample, ridge float64, shift bool) (Platt, error) {
	var xs, ys []float64
	for _, s := range samples {
		if s.P <= edge || s.P >= 1-edge {
			continue
		}
		xs, ys = append(xs, logit(s.P)), append(ys, s.Y)
	}
	if len(xs) < 20 {
		return Platt{}, fmt.Errorf("%d open predictions: at least 20 are needed", len(xs))
	}
	n := float64(len(xs))
	a, b := 1.0, 0.0
	for iter := 0; iter < 100; iter++ {
		// Gradient and Hessian of the mean loss plus ridge*((a-1)^2+b^2)/2.
		var ga, gb, haa, hab, hbb float64
		for i, x := range xs {
			p := sigmoid(a*x + b)
			d := p - ys[i]
			w := p * (1 - p)
			ga += d * x
			gb += d
			haa += w * x * x
			hab += w * x
			hbb += w
		}
		ga, gb = ga/n+ridge*(a-1), gb/n+ridge*b
		haa, hab, hbb = haa/n+ridge, hab/n, hbb/n+ridge
		var da, db float64
		if shift {
			det := haa*hbb - hab*hab
			if !(det > 0) {
				return Platt{}, errors.New("the fit is degenerate: the predictions do not vary")
			}
			da, db = (hbb*ga-hab*gb)/det, (haa*gb-hab*ga)/det
		} else {
			if !(haa > 0) {
				return Platt{}, errors.New("the fit is degenerate: the predictions do not vary")
			}
			da = ga / haa
		}
		a, b = a-da, b-db
		if math.Abs(da)+math.Abs(db) < 1e-10 {
			break
		}
	}
	if !(a > 0) || math.IsNaN(b) {
		return Platt{}, fmt.Errorf("the fit gives a = %.3g: the predictions carry no information", a)
	}
	return Platt{A: a, B: b}, nil
}

// Applied returns samples with their predictions mapped by m.
func Applied(samples []Sample, m Platt) []Sample {
	out := make([]Sample, len(samples))
	for i, s := range samples {
		out[i] = s
		out[i].P = m.Apply(s.P)
	}
	return out
}
