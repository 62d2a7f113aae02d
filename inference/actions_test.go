package inference

import (
	"math/rand/v2"
	"testing"

	"github.com/wallzero/wallzero/engine"
)

func TestActionIDsAreABijection(t *testing.T) {
	t.Parallel()
	seen := make(map[engine.Move]int)
	valid := 0
	for a := 0; a < NumActions; a++ {
		m, ok := moveOf(a)
		if !ok {
			continue
		}
		valid++
		if got := ActionOf(m); got != a {
			t.Fatalf("ActionOf(moveOf(%d) = %s) = %d", a, m, got)
		}
		if prev, dup := seen[m]; dup {
			t.Fatalf("actions %d and %d both map to %s", prev, a, m)
		}
		seen[m] = a
	}
	// Every placement, and every turn whose destination is on the board.
	wantTurns := 0
	for s := engine.Square(0); s < engine.NumSquares; s++ {
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
	if NumActions != 2597 {
		t.Fatalf("NumActions = %d, want the paper's 2597", NumActions)
	}
}

func TestActionSymmetriesMatchEngine(t *testing.T) {
	t.Parallel()
	for _, sym := range engine.AllSymmetries {
		perm := make([]bool, NumActions)
		for a := 0; a < NumActions; a++ {
			b := transformActionID(sym, a)
			if b < 0 || b >= NumActions || perm[b] {
				t.Fatalf("%s: action %d maps to %d, not a permutation", sym, a, b)
			}
			perm[b] = true
			if transformActionID(sym.Inverse(), b) != a {
				t.Fatalf("%s: inverse does not undo action %d", sym, a)
			}
			m, ok := moveOf(a)
			if !ok {
				if _, ok2 := moveOf(b); ok2 {
					t.Fatalf("%s: off-board action %d maps to on-board %d", sym, a, b)
				}
				continue
			}
			if got := ActionOf(sym.Move(m)); got != b {
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
				a := ActionOf(m)
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
func moveOf(a int) (m engine.Move, ok bool) {
	if a < 0 || a >= NumActions {
		return engine.Move{}, false
	}
	ch, sq := a/engine.NumSquares, engine.Square(a%engine.NumSquares)
	if ch == PlacementChannel {
		return engine.PlaceAt(sq), true
	}
	o := offsets[ch/4]
	c, r := sq.Col()+o[0], sq.Row()+o[1]
	if c < 0 || c >= engine.Size || r < 0 || r >= engine.Size {
		return engine.Move{}, false
	}
	return engine.TurnMove(sq, engine.SquareAt(c, r), engine.Side(ch%4)), true
}

// transformActionID returns the id of action a after symmetry t. It is a
// permutation of all NumActions ids, consistent with engine.Symmetry.Move:
// ActionOf(t.Move(m)) == transformActionID(t, ActionOf(m)).
func transformActionID(t engine.Symmetry, a int) int { return int(actionSym[t][a]) }
