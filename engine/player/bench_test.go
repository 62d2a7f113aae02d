package player

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// benchPositions returns midgame positions of random four-stone games, 12
// plies in (after the setup), for the benchmarks.
func benchPositions(b *testing.B) []engine.Position {
	b.Helper()
	rng := rand.New(rand.NewPCG(7, 7))
	var out []engine.Position
	buf := make([]grid.Move, 0, engine.MaxMoves)
	for len(out) < 64 {
		p := engine.NewPosition(engine.DefaultRules())
		for p.Ply() < 12 && !p.IsOver() {
			moves := p.LegalMoves(buf[:0])
			p.Apply(moves[rng.IntN(len(moves))])
		}
		if !p.IsOver() {
			out = append(out, p)
		}
	}
	return out
}

func BenchmarkEvaluate(b *testing.B) {
	pos := benchPositions(b)
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		p := &pos[i%len(pos)]
		Evaluate(p, p.ToMove())
	}
}

func benchmarkPlayer(b *testing.B, spec string) {
	pos := benchPositions(b)
	pl, err := New(spec, 1)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if _, err := pl.ChooseMove(ctx, &pos[i%len(pos)]); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRandom(b *testing.B)        { benchmarkPlayer(b, "random") }
func BenchmarkVoronoiEasy(b *testing.B)   { benchmarkPlayer(b, "voronoi-easy") }
func BenchmarkVoronoiMedium(b *testing.B) { benchmarkPlayer(b, "voronoi-medium") }
func BenchmarkVoronoiHard(b *testing.B)   { benchmarkPlayer(b, "voronoi-hard") }
