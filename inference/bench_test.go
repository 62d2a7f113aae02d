package inference

import (
	"testing"

	"github.com/wallzero/wallzero/inference/format"
)

// BenchmarkEncode measures the features of one mid-game request with its
// four positions of history: the encoding a worker does per position
// before the network runs.
func BenchmarkEncode(b *testing.B) {
	req := requestAfter(&testing.T{}, "C3", "E3", "C5", "E5", "E5-E4:N", "E3-D3:S", "C3-C2:E", "C5-C6:E", "B6-B7:E", "F6-F5:W")
	dst := make([]float32, format.TwoPlayer.FeatureSize())
	for b.Loop() {
		format.TwoPlayer.Encode(dst, req)
	}
}

// BenchmarkDecode measures turning one position's network outputs into
// the search's evaluation: the policy softmax over the legal moves, the
// value and the ownership.
func BenchmarkDecode(b *testing.B) {
	req := requestAfter(&testing.T{}, "C3", "E3", "C5", "E5", "E5-E4:N", "E3-D3:S", "C3-C2:E", "C5-C6:E", "B6-B7:E", "F6-F5:W")
	out := &Outputs{Policy: make([]float32, format.TwoPlayer.NumActions()), Value: []float32{0.5, 0.1, 0.4}, Margin: []float32{1}, Ownership: make([]float32, 49)}
	for i := range out.Policy {
		out.Policy[i] = float32(i%17) / 5
	}
	b.ReportAllocs()
	for b.Loop() {
		decode(format.TwoPlayer, out, 0, req)
	}
}

// BenchmarkFeatureKey measures the evaluation cache's key of one request.
func BenchmarkFeatureKey(b *testing.B) {
	req := requestAfter(&testing.T{}, "C3", "E3", "C5", "E5", "E5-E4:N", "E3-D3:S", "C3-C2:E", "C5-C6:E", "B6-B7:E", "F6-F5:W")
	for b.Loop() {
		format.TwoPlayer.Key(req)
	}
}
