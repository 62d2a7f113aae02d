package inference

import (
	"testing"

	"github.com/wallzero/wallzero/engine"
)

// TestMultiActionsCoverLegalMoves checks that every legal move of random
// three- and four-player games, breaks included, has its own action id in
// range, and that a symmetry maps ids consistently: equal ids before a
// symmetry are equal after it.
func TestMultiActionsCoverLegalMoves(t *testing.T) {
	t.Parallel()
	breaks := 0
	for _, players := range []int{3, 4} {
		for seed := uint64(1); seed <= 8; seed++ {
			for _, p := range multiGame(players, seed) {
				if p.IsOver() {
					continue
				}
				seen := map[int]engine.Move{}
				for _, m := range p.LegalMoves(nil) {
					a := MultiActionOf(m)
					if a < 0 || a >= MultiNumActions {
						t.Fatalf("%dp: move %v has action %d, outside 0..%d", players, m, a, MultiNumActions-1)
					}
					if o, dup := seen[a]; dup {
						t.Fatalf("%dp: moves %v and %v share action %d", players, o, m, a)
					}
					seen[a] = m
					if m.Kind == engine.Break {
						breaks++
						ch := a / engine.NumSquares
						if ch != BreakNorthChannel && ch != BreakEastChannel {
							t.Fatalf("break %v in channel %d", m, ch)
						}
					} else if a != ActionOf(m) {
						t.Fatalf("%v: multi-player id %d, two-player id %d", m, a, ActionOf(m))
					}
					for _, sym := range engine.AllSymmetries {
						b := MultiActionOf(sym.Move(m))
						if b < 0 {
							t.Fatalf("%v under %v has no action", m, sym)
						}
						if m.Kind != engine.Break && b != transformActionID(sym, a) {
							t.Fatalf("%v under %v: id %d, want %d", m, sym, b, transformActionID(sym, a))
						}
					}
				}
			}
		}
	}
	if breaks == 0 {
		t.Fatal("no break was legal in any game: the test saw no break actions")
	}
}

// TestMultiActionOfBreaks pins the ids of breaks in both canonical sides.
func TestMultiActionOfBreaks(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		sq   string
		side engine.Side
		want int
	}{
		{"D4", engine.North, BreakNorthChannel*49 + 24},
		{"D4", engine.East, BreakEastChannel*49 + 24},
		{"D4", engine.South, BreakNorthChannel*49 + 17}, // D4's south wall is D3's north one
		{"D4", engine.West, BreakEastChannel*49 + 23},   // and its west wall C4's east one
	} {
		s, err := engine.ParseSquare(tc.sq)
		if err != nil {
			t.Fatal(err)
		}
		m, ok := engine.BreakWall(s, tc.side)
		if !ok {
			t.Fatalf("no wall on %s's side %v", tc.sq, tc.side)
		}
		if got := MultiActionOf(m); got != tc.want {
			t.Errorf("break %s side %v: action %d, want %d", tc.sq, tc.side, got, tc.want)
		}
	}
}
