package analysis

import (
	"context"
	"testing"

	"github.com/wallzero/wallzero/engine/grid"
)

// BenchmarkCachedHit is the work of a symmetric cache hit after the row
// is read: the row decoded, then the analysis mapped back to the asked
// orientation (a full analysis: every move, the policy, ownership and
// reach).
func BenchmarkCachedHit(b *testing.B) {
	q := FullQuery(64)
	q.Moves = []string{"C3", "E3", "C5", "E5", "E5-E4:N"}
	res, err := heuristicAnalyzer().Analyze(context.Background(), q)
	if err != nil {
		b.Fatal(err)
	}
	row, err := EncodeStored(res[0])
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		a, err := DecodeStored(row)
		if err != nil {
			b.Fatal(err)
		}
		_ = transformAnalysis(a, grid.Symmetry(5))
	}
}

// BenchmarkTransform is the symmetry's share of it alone.
func BenchmarkTransform(b *testing.B) {
	q := FullQuery(64)
	q.Moves = []string{"C3", "E3", "C5", "E5", "E5-E4:N"}
	res, err := heuristicAnalyzer().Analyze(context.Background(), q)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = transformAnalysis(res[0], grid.Symmetry(5))
	}
}
