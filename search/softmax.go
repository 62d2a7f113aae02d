package search

import "math"

// Softmax replaces x by its softmax, in place: exp(x[i] - max x) over
// their sum. An entry of -Inf becomes 0. The network's policy (package
// inference), the heuristic evaluator's priors and utilities and the
// search's improved policy all use it.
func Softmax[F float32 | float64](x []F) {
	if len(x) == 0 {
		return
	}
	top := F(math.Inf(-1))
	for _, v := range x {
		top = max(top, v)
	}
	var sum F
	for i, v := range x {
		x[i] = F(math.Exp(float64(v - top)))
		sum += x[i]
	}
	for i := range x {
		x[i] /= sum
	}
}
