package selfplay

import (
	"context"
	"math"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/inference/format"
)

// TestMultiGameSamples plays three- and four-player games on the heuristic
// evaluator and checks every sample's targets: a policy over real actions
// summing to 1, the result per seat matching the final position from the
// sample's mover, search values per seat that sum to 1, and the features'
// player-count plane.
func TestMultiGameSamples(t *testing.T) {
	t.Parallel()
	cfg := Config{FullVisits: 24, FastVisits: 4, FullProb: 0.6, SampleMoves: 6, LeafBatch: 4}
	for _, players := range []int{3, 4} {
		rules, err := engine.Rules{Players: players, Opening: engine.OpeningEmpty}.Normalize()
		if err != nil {
			t.Fatal(err)
		}
		g, err := PlayGame(context.Background(), inference.Heuristic{}, cfg, rules, 5)
		if err != nil {
			t.Fatal(err)
		}
		if len(g.Samples) < 5 || g.Plies < 2*players {
			t.Fatalf("%dp: %d samples over %d plies", players, len(g.Samples), g.Plies)
		}
		final := engine.NewPosition(rules)
		for _, m := range g.Moves {
			final.Apply(m)
		}
		if !final.IsOver() || final.Result().Winners != g.Winners {
			t.Fatalf("%dp: replayed moves end %v with winners %b, game says %b", players, final.Phase(), final.Result().Winners, g.Winners)
		}
		for i, s := range g.Samples {
			var sum float32
			for _, e := range s.policy {
				sum += e.prob
				if int(e.action) >= format.MultiPlayer.NumActions() || e.prob < 0 {
					t.Fatalf("%dp sample %d: policy entry %d (p=%v) is not an action", players, i, e.action, e.prob)
				}
			}
			if math.Abs(float64(sum-1)) > 1e-3 {
				t.Errorf("%dp sample %d: policy sums to %v", players, i, sum)
			}
			var vsum, qsum float32
			for k := 0; k < grid.MaxPlayers; k++ {
				c := grid.Color((int(s.toMove) + k) % players)
				want := float32(0)
				if k < players && g.Winners>>uint(c)&1 != 0 {
					want = 1 / float32(popcount(g.Winners))
				}
				if s.value[k] != want {
					t.Errorf("%dp sample %d: seat %d (colour %v) value %v, want %v", players, i, k, c, s.value[k], want)
				}
				vsum += s.value[k]
				qsum += s.q[k]
			}
			if math.Abs(float64(vsum-1)) > 1e-6 || math.Abs(float64(qsum-1)) > 1e-3 {
				t.Errorf("%dp sample %d: values sum to %v, q to %v", players, i, vsum, qsum)
			}
			plane := 29
			if players == 4 {
				plane = 30
			}
			bit := plane * format.PlaneSize
			if s.features[bit/8]&(0x80>>uint(bit%8)) == 0 || s.players != players {
				t.Errorf("%dp sample %d: the player-count plane or count is wrong", players, i)
			}
		}
	}
}

func popcount(b uint8) int {
	n := 0
	for ; b != 0; b &= b - 1 {
		n++
	}
	return n
}
