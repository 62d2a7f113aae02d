package solver

import (
	"math/rand/v2"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/solver/endgames"
)

// groupedPositions returns self-play endgame positions, shrunk by random
// non-ending moves, where tempo grouping applies at the root.
func groupedPositions(t *testing.T, games int) []engine.Position {
	var out []engine.Position
	for g := range games {
		history, _, err := endgames.Game(engine.DefaultRules(), [2]string{"voronoi-medium", "voronoi-easy"}, uint64(5000+g))
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(g), 11))
		end := len(history) - 1
		for k := 1; k <= 6 && k < end; k++ {
			pos := history[end-k]
			for step := 0; step < 40 && !pos.IsOver(); step++ {
				b := boardOf(&pos)
				if analyseTempo(&pos, b, splitOf(&pos, b)).grouped {
					out = append(out, pos)
					break
				}
				keep := lastingMoves(&pos)
				if len(keep) == 0 {
					break
				}
				pos.Apply(keep[rng.IntN(len(keep))])
			}
		}
	}
	return out
}

// TestTempoGroupingKeepsValues compares the solver with and without tempo
// grouping on positions where grouping applies: wherever both finish, the
// values are equal, and the grouped free move is legal.
func TestTempoGroupingKeepsValues(t *testing.T) {
	t.Parallel()
	positions := groupedPositions(t, 150)
	if len(positions) < 60 {
		t.Fatalf("only %d positions with grouped tempo moves", len(positions))
	}
	grouped, plain := New(Options{MaxNodes: 200000}), New(Options{MaxNodes: 200000, NoTempo: true})
	compared := 0
	for i, pos := range positions {
		b := boardOf(&pos)
		tm := analyseTempo(&pos, b, splitOf(&pos, b))
		if err := pos.CheckMove(tm.free); err != nil {
			t.Fatalf("position %d: free move %s illegal: %v", i, tm.free, err)
		}
		a, p := grouped.Solve(&pos), plain.Solve(&pos)
		if a.Exact && p.Exact {
			compared++
			if a.Value != p.Value {
				t.Errorf("position %d: grouped %v, plain %v", i, a.Value, p.Value)
			}
		}
	}
	if compared < len(positions)/2 {
		t.Errorf("only %d of %d positions solved both ways", compared, len(positions))
	}
	t.Logf("%d of %d grouped positions compared", compared, len(positions))
}
