package format

import (
	"math/rand/v2"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/internal/testkit/gametest"
)

func TestActionIDsAreABijection(t *testing.T) {
	t.Parallel()
	seen := make(map[grid.Move]int)
	valid := 0
	for a := 0; a < TwoPlayer.NumActions(); a++ {
		m, ok := moveOf(a)
		if !ok {
			continue
		}
		valid++
		if got := TwoPlayer.ActionOf(m); got != a {
			t.Fatalf("ActionOf(moveOf(%d) = %s) = %d", a, m, got)
		}
		if prev, dup := seen[m]; dup {
			t.Fatalf("actions %d and %d both map to %s", prev, a, m)
		}
		seen[m] = a
	}
	// Every placement, and every turn whose destination is on the board.
	wantTurns := 0
	for s := grid.Square(0); s < grid.NumSquares; s++ {
		for _, o := range offsets {
			c, r := s.Col()+o[0], s.Row()+o[1]
			if c >= 0 && c < 7 && r >= 0 && r < 7 {
				wantTurns += 4
			}
		}
	}
	if valid != 49+wantTurns {
		t.Fatalf("%d valid actions, want %d", valid, 49+wantTurns)
	}
	if n := TwoPlayer.NumActions(); n != 2597 {
		t.Fatalf("NumActions = %d, want the paper's 2597", n)
	}
}

func TestActionSymmetriesMatchEngine(t *testing.T) {
	t.Parallel()
	for _, sym := range grid.AllSymmetries {
		perm := make([]bool, TwoPlayer.NumActions())
		for a := 0; a < TwoPlayer.NumActions(); a++ {
			b := stoneActionImage(sym, a)
			if b < 0 || b >= TwoPlayer.NumActions() || perm[b] {
				t.Fatalf("%s: action %d maps to %d, not a permutation", sym, a, b)
			}
			perm[b] = true
			if stoneActionImage(sym.Inverse(), b) != a {
				t.Fatalf("%s: inverse does not undo action %d", sym, a)
			}
			m, ok := moveOf(a)
			if !ok {
				if _, ok2 := moveOf(b); ok2 {
					t.Fatalf("%s: off-board action %d maps to on-board %d", sym, a, b)
				}
				continue
			}
			if got := TwoPlayer.ActionOf(sym.Move(m)); got != b {
				t.Fatalf("%s: move %s -> %s has action %d, transformActionID gives %d", sym, m, sym.Move(m), got, b)
			}
		}
	}
}

func TestLegalMovesHaveActions(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	for _, mode := range []engine.Opening{engine.OpeningEmpty, engine.OpeningFourStone} {
		p := engine.NewPosition(engine.Rules{Players: 2, Opening: mode, Stay: engine.StayAlways, TieBreak: engine.TieBreakLargestRegion})
		for !p.IsOver() {
			moves := p.LegalMoves(nil)
			ids := map[int]bool{}
			for _, m := range moves {
				a := TwoPlayer.ActionOf(m)
				if a < 0 || ids[a] {
					t.Fatalf("move %s has action %d (duplicate %v)", m, a, ids[a])
				}
				ids[a] = true
			}
			p.Apply(moves[rng.IntN(len(moves))])
		}
	}
}

// moveOf returns the move of action id a; ok is false when its destination
// is off the board.
func moveOf(a int) (m grid.Move, ok bool) {
	if a < 0 || a >= TwoPlayer.NumActions() {
		return grid.Move{}, false
	}
	ch, sq := a/grid.NumSquares, grid.Square(a%grid.NumSquares)
	if ch == PlacementChannel {
		return grid.PlaceAt(sq), true
	}
	o := offsets[ch/4]
	c, r := sq.Col()+o[0], sq.Row()+o[1]
	if c < 0 || c >= grid.Size || r < 0 || r >= grid.Size {
		return grid.Move{}, false
	}
	return grid.TurnMove(sq, grid.SquareAt(c, r), grid.Side(ch%4)), true
}

// TestMultiActionsCoverLegalMoves checks that every legal move of random
// three- and four-player games, breaks included, has its own action id in
// range, and that a symmetry maps ids consistently: equal ids before a
// symmetry are equal after it.
func TestMultiActionsCoverLegalMoves(t *testing.T) {
	t.Parallel()
	breaks := 0
	for _, players := range []int{3, 4} {
		for seed := uint64(1); seed <= 8; seed++ {
			for _, p := range gametest.MultiGame(players, seed) {
				if p.IsOver() {
					continue
				}
				seen := map[int]grid.Move{}
				for _, m := range p.LegalMoves(nil) {
					a := MultiPlayer.ActionOf(m)
					if a < 0 || a >= MultiPlayer.NumActions() {
						t.Fatalf("%dp: move %v has action %d, outside 0..%d", players, m, a, MultiPlayer.NumActions()-1)
					}
					if o, dup := seen[a]; dup {
						t.Fatalf("%dp: moves %v and %v share action %d", players, o, m, a)
					}
					seen[a] = m
					if m.Kind == grid.Break {
						breaks++
						ch := a / grid.NumSquares
						if ch != BreakNorthChannel && ch != BreakEastChannel {
							t.Fatalf("break %v in channel %d", m, ch)
						}
					} else if a != TwoPlayer.ActionOf(m) {
						t.Fatalf("%v: multi-player id %d, two-player id %d", m, a, TwoPlayer.ActionOf(m))
					}
					for _, sym := range grid.AllSymmetries {
						b := MultiPlayer.ActionOf(sym.Move(m))
						if b < 0 {
							t.Fatalf("%v under %v has no action", m, sym)
						}
						if m.Kind != grid.Break && b != stoneActionImage(sym, a) {
							t.Fatalf("%v under %v: id %d, want %d", m, sym, b, stoneActionImage(sym, a))
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
		side grid.Side
		want int
	}{
		{"D4", grid.North, BreakNorthChannel*49 + 24},
		{"D4", grid.East, BreakEastChannel*49 + 24},
		{"D4", grid.South, BreakNorthChannel*49 + 17}, // D4's south wall is D3's north one
		{"D4", grid.West, BreakEastChannel*49 + 23},   // and its west wall C4's east one
	} {
		s, err := grid.ParseSquare(tc.sq)
		if err != nil {
			t.Fatal(err)
		}
		m, ok := grid.BreakWall(s, tc.side)
		if !ok {
			t.Fatalf("no wall on %s's side %v", tc.sq, tc.side)
		}
		if got := MultiPlayer.ActionOf(m); got != tc.want {
			t.Errorf("break %s side %v: action %d, want %d", tc.sq, tc.side, got, tc.want)
		}
	}
}
