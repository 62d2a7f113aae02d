package inference

import (
	"context"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/engine/player"
	"github.com/wallzero/wallzero/internal/testkit/gametest"
	"github.com/wallzero/wallzero/search"
)

// TestVoronoiLeads checks the seats' leads of three- and four-player
// positions: each seat's Voronoi land minus the best other seat's, the
// finished game's territory margins at its end, and the heuristic
// evaluator's leads (with none for two players, who have a margin).
func TestVoronoiLeads(t *testing.T) {
	t.Parallel()
	ends := 0
	for _, players := range []int{3, 4} {
		for seed := uint64(1); seed <= 3; seed++ {
			game := gametest.MultiGame(players, seed)
			for i := range game {
				p := &game[i]
				got := VoronoiLeads(p)
				cl := player.Voronoi(p)
				for c := range players {
					best := -1
					for o := range players {
						if o != c {
							best = max(best, cl.Count(grid.Color(o)))
						}
					}
					if want := float32(cl.Count(grid.Color(c)) - best); got[c] != want {
						t.Fatalf("%dp seed %d ply %d: seat %d lead %v, want %v", players, seed, p.Ply(), c, got[c], want)
					}
				}
				if p.IsOver() {
					ends++
					score := p.Territory().Score
					if want := search.SeatLeads(score[:players]); got != want {
						t.Errorf("%dp seed %d: final leads %v, the territory's %v", players, seed, got[:players], want[:players])
					}
					continue
				}
				r := &search.Request{Position: *p, Moves: p.LegalMoves(nil)}
				if err := (Heuristic{}).Evaluate(context.Background(), []*search.Request{r}); err != nil {
					t.Fatal(err)
				}
				if !r.Out.HasLeads || r.Out.Leads != got || r.Out.HasMargin {
					t.Fatalf("%dp ply %d: heuristic leads %v (has %v), margin %v", players, p.Ply(), r.Out.Leads, r.Out.HasLeads, r.Out.HasMargin)
				}
			}
		}
	}
	if ends == 0 {
		t.Fatal("no game ended: the final leads went unchecked")
	}
	two := engine.NewPosition(engine.DefaultRules())
	r := &search.Request{Position: two, Moves: two.LegalMoves(nil)}
	if err := (Heuristic{}).Evaluate(context.Background(), []*search.Request{r}); err != nil {
		t.Fatal(err)
	}
	if r.Out.HasLeads || !r.Out.HasMargin {
		t.Errorf("two players: leads %v, margin %v", r.Out.HasLeads, r.Out.HasMargin)
	}
}
