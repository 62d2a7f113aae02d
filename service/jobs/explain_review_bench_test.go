package jobs

import "testing"

// BenchmarkExplainReview measures the explanations and turning points of
// a 51-move review (facts, sentences and two playouts per move), the
// analyses made beforehand.
func BenchmarkExplainReview(b *testing.B) {
	g := selfPlayGame(b)
	res, analyses := reviewGame(b, g)
	positions := g.Positions()
	for b.Loop() {
		explainReview(res, g, positions, analyses)
	}
}
