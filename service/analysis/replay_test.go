package analysis

import (
	"slices"
	"testing"

	"github.com/wallzero/wallzero/engine"
)

// TestPreparedUpto: the game cut after n moves is the record of its first
// n moves replayed.
func TestPreparedUpto(t *testing.T) {
	t.Parallel()
	rec := engine.Record{Moves: []string{"C3", "E3", "C5", "E5", "E5-E4:N", "E3-D3:S"}}
	full, err := ReplayRecord(rec, DefaultLimits())
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{0, 1, 4, len(rec.Moves)} {
		want, err := ReplayRecord(engine.Record{Moves: rec.Moves[:n]}, DefaultLimits())
		if err != nil {
			t.Fatal(err)
		}
		got := full.Upto(n)
		if !slices.Equal(got.Positions, want.Positions) || got.Game.Final != want.Game.Final || got.Game.Start != want.Game.Start ||
			!slices.Equal(got.Game.Moves, want.Game.Moves) || !slices.Equal(got.Game.Movers, want.Game.Movers) ||
			!slices.Equal(got.Game.LegalCounts, want.Game.LegalCounts) {
			t.Errorf("Upto(%d) differs from the first %d moves replayed", n, n)
		}
	}
}
