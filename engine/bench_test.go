package engine

import (
	"testing"

	"github.com/wallzero/wallzero/engine/grid"
)

// benchPositions returns mid-game positions of random games under the
// default rules (a fixed seed, so runs compare).
func benchPositions(b *testing.B) []Position {
	b.Helper()
	rng := newRNG(77)
	var out []Position
	for len(out) < 256 {
		ps, _ := randomGame(rng, DefaultRules())
		for _, p := range ps {
			if p.Phase() == Play {
				out = append(out, p)
			}
		}
	}
	return out
}

// BenchmarkRandomGame plays whole random games from the four-stone start,
// generating every legal move at every ply.
func BenchmarkRandomGame(b *testing.B) {
	for _, rules := range []Rules{DefaultRules(), {Players: 3, Opening: OpeningEmpty, Stay: StayAlways, TieBreak: TieBreakLargestRegion}} {
		b.Run(rules.String(), func(b *testing.B) {
			rng := newRNG(1)
			buf := make([]grid.Move, 0, MaxMoves)
			start := NewPosition(rules)
			plies := 0
			b.ReportAllocs()
			for b.Loop() {
				plies += PlayRandomGame(start, rng, buf)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
			b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
		})
	}
}

// BenchmarkLegalMoves generates the legal moves of mid-game positions.
func BenchmarkLegalMoves(b *testing.B) {
	ps := benchPositions(b)
	buf := make([]grid.Move, 0, MaxMoves)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		buf = ps[i%len(ps)].LegalMoves(buf[:0])
		i++
	}
}

// BenchmarkApply plays one legal move on a copy of a mid-game position
// (the copy is part of the cost, as in search).
func BenchmarkApply(b *testing.B) {
	ps := benchPositions(b)
	moves := make([]grid.Move, len(ps))
	for i := range ps {
		moves[i] = ps[i].LegalMoves(nil)[0]
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		k := i % len(ps)
		q := ps[k]
		q.Apply(moves[k])
		i++
	}
}

// BenchmarkTerritory computes every player's land.
func BenchmarkTerritory(b *testing.B) {
	ps := benchPositions(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		_ = ps[i%len(ps)].Territory()
		i++
	}
}

// BenchmarkCanonicalHash computes the smallest hash over the eight
// symmetries.
func BenchmarkCanonicalHash(b *testing.B) {
	ps := benchPositions(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		_, _ = ps[i%len(ps)].CanonicalHash()
		i++
	}
}
