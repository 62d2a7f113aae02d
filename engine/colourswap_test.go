package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/wallzero/wallzero/engine/grid"
)

// TestColoursSwapped plays random games and checks, at every play-phase
// position, that the swapped position has the same legal moves, gives
// each colour the other's land, ends the same way under the same moves,
// and swaps back to the original.
func TestColoursSwapped(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(11, 12))
	checked := 0
	for game := 0; game < 40; game++ {
		p := NewPosition(DefaultRules())
		if game%2 == 1 {
			r, _ := Rules{Players: 2, Opening: OpeningEmpty}.Normalize()
			p = NewPosition(r)
		}
		if _, ok := p.ColoursSwapped(); ok {
			t.Fatal("a setup position was swapped")
		}
		for !p.IsOver() {
			moves := p.LegalMoves(nil)
			if p.Phase() == Play {
				q, ok := p.ColoursSwapped()
				if !ok {
					t.Fatal("a play-phase position was not swapped")
				}
				back, _ := q.ColoursSwapped()
				if back != p {
					t.Fatalf("ply %d: swapping twice changed the position", p.Ply())
				}
				if q.ToMove() == p.ToMove() || q.Stones(grid.Red) != p.Stones(grid.Blue) || q.Hash() == p.Hash() {
					t.Fatalf("ply %d: mover %v/%v", p.Ply(), p.ToMove(), q.ToMove())
				}
				qm := q.LegalMoves(nil)
				if len(qm) != len(moves) {
					t.Fatalf("ply %d: %d legal moves, swapped %d", p.Ply(), len(moves), len(qm))
				}
				pt, qt := p.Territory(), q.Territory()
				if pt.Owned[grid.Red] != qt.Owned[grid.Blue] || pt.Owned[grid.Blue] != qt.Owned[grid.Red] {
					t.Fatalf("ply %d: land not exchanged", p.Ply())
				}
				checked++
			}
			m := moves[rng.IntN(len(moves))]
			if p.Phase() == Play {
				q, _ := p.ColoursSwapped()
				q.Apply(m)
				p.Apply(m)
				if q.IsOver() != p.IsOver() {
					t.Fatalf("ply %d: %s ends one game and not the other", p.Ply(), m)
				}
				if p.IsOver() {
					pr, qr := p.Result(), q.Result()
					if pr.Winner() != grid.NoColor && qr.Winner() != 1-pr.Winner() {
						t.Fatalf("winner %v, swapped %v", pr.Winner(), qr.Winner())
					}
				}
				continue
			}
			p.Apply(m)
		}
	}
	if checked < 500 {
		t.Errorf("only %d positions checked", checked)
	}
}
