package inference

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/inference/format"
	"github.com/wallzero/wallzero/internal/testkit/gametest"
	"github.com/wallzero/wallzero/search"
)

// TestMultiNetworkMatchesPyTorch runs the tiny exported multi-player model
// on the inputs PyTorch saw (training/wallzero/export.py --check, multi-player format)
// and compares policy and value; seat 3's value is 0 for three players.
func TestMultiNetworkMatchesPyTorch(t *testing.T) {
	requireRuntime(t)
	t.Parallel()
	net, err := LoadNetwork(filepath.Join("testdata", "mp-tiny.onnx"), NetworkConfig{})
	if err != nil {
		t.Fatal(err)
	}
	defer net.Close()
	if net.Info.Format() != format.MultiPlayer || len(net.Info.Players) != 2 || net.Info.Players[0] != 3 {
		t.Fatalf("metadata %+v", net.Info)
	}
	data, err := os.ReadFile(filepath.Join("testdata", "mp-tiny.check.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cf checkFile
	if err := json.Unmarshal(data, &cf); err != nil {
		t.Fatal(err)
	}
	n := len(cf.Inputs)
	in := make([]float32, 0, n*format.MultiPlayer.FeatureSize())
	for _, x := range cf.Inputs {
		in = append(in, x...)
	}
	out := net.NewOutputs(n)
	if err := net.Run(in, n, out); err != nil {
		t.Fatal(err)
	}
	for head, pair := range map[string][2][]float32{"policy": {out.Policy, flat(cf.Policy)}, "value": {out.Value, flat(cf.Value)}} {
		got, want := pair[0], pair[1]
		if len(got) != len(want) {
			t.Fatalf("%s: %d values, check file has %d", head, len(got), len(want))
		}
		for i := range want {
			if d := math.Abs(float64(got[i] - want[i])); d >= 1e-4 {
				t.Fatalf("%s[%d] = %v, PyTorch %v", head, i, got[i], want[i])
			}
		}
	}
	for i, x := range cf.Inputs {
		three := x[threePlayersPlane*format.PlaneSize] != 0
		if v := out.Value[4*i+3]; three && v != 0 {
			t.Errorf("sample %d (three players): seat 3 value %v", i, v)
		}
	}
}

// threePlayersPlane is the multi-player format's plane of three-player
// games (all ones).
const threePlayersPlane = 29

func flat(rows [][]float32) []float32 {
	var out []float32
	for _, r := range rows {
		out = append(out, r...)
	}
	return out
}

// TestBatcherMultiPlayer evaluates three- and four-player positions (a
// break among the moves, mid-turn) through the batcher on the tiny model:
// priors over the legal moves sum to 1, every player's utility is the
// seat value renormalised, the seats' leads are the Voronoi split's (the
// network has no score head), and a two-player position is refused with the
// model and the player counts named. The two-player model refuses three
// players in turn.
func TestBatcherMultiPlayer(t *testing.T) {
	requireRuntime(t)
	t.Parallel()
	net, err := LoadNetwork(filepath.Join("testdata", "mp-tiny.onnx"), NetworkConfig{})
	if err != nil {
		t.Fatal(err)
	}
	defer net.Close()
	b := NewBatcher(net, DefaultBatcherConfig())
	defer b.Close()
	breaks, midTurns := 0, 0
	for _, players := range []int{3, 4} {
		game := gametest.MultiGame(players, 5)
		var reqs []*search.Request
		for _, p := range game[:len(game)-1] {
			reqs = append(reqs, &search.Request{Position: p, Moves: p.LegalMoves(nil)})
		}
		if err := b.Evaluate(context.Background(), reqs); err != nil {
			t.Fatal(err)
		}
		out := net.NewOutputs(1)
		x := make([]float32, format.MultiPlayer.FeatureSize())
		for _, r := range reqs {
			var sum float32
			for i, p := range r.Out.Priors {
				sum += p
				if r.Moves[i].Kind == grid.Break && p > 0 {
					breaks++
				}
			}
			if math.Abs(float64(sum-1)) > 1e-4 {
				t.Fatalf("%dp ply %d: priors sum to %v", players, r.Position.Ply(), sum)
			}
			if r.Position.MidTurn() {
				midTurns++
			}
			if want := VoronoiLeads(&r.Position); !r.Out.HasLeads || r.Out.Leads != want || r.Out.HasMargin {
				t.Fatalf("%dp ply %d: leads %v (has %v), want the Voronoi split's %v; margin %v", players, r.Position.Ply(),
					r.Out.Leads, r.Out.HasLeads, want, r.Out.HasMargin)
			}
			format.MultiPlayer.Encode(x, r)
			if err := net.Run(x, 1, out); err != nil {
				t.Fatal(err)
			}
			me := int(r.Position.ToMove())
			var total float32
			for k := 0; k < players; k++ {
				total += out.Value[k]
			}
			for k := 0; k < players; k++ {
				c := (me + k) % players
				if want := out.Value[k] / total; math.Abs(float64(r.Out.Utility[c]-want)) > 1e-5 {
					t.Fatalf("%dp ply %d: colour %d utility %v, seat %d value %v", players, r.Position.Ply(), c, r.Out.Utility[c], k, want)
				}
			}
		}
	}
	if breaks == 0 || midTurns == 0 {
		t.Fatalf("%d breaks with a prior, %d mid-turn positions: the games did not cover the break", breaks, midTurns)
	}
	two := engine.NewPosition(engine.DefaultRules())
	err = b.Evaluate(context.Background(), []*search.Request{{Position: two, Moves: two.LegalMoves(nil)}})
	if err == nil || !strings.Contains(err.Error(), "mp-tiny") || !strings.Contains(err.Error(), "not 2-player") {
		t.Fatalf("two-player position: %v", err)
	}

	tiny, err := LoadNetwork(filepath.Join("testdata", "tiny.onnx"), NetworkConfig{})
	if err != nil {
		t.Fatal(err)
	}
	defer tiny.Close()
	b2 := NewBatcher(tiny, DefaultBatcherConfig())
	defer b2.Close()
	three := gametest.MultiGame(3, 1)[0]
	err = b2.Evaluate(context.Background(), []*search.Request{{Position: three, Moves: three.LegalMoves(nil)}})
	if err == nil || !strings.Contains(err.Error(), "not 3-player") {
		t.Fatalf("three-player position on the two-player model: %v", err)
	}
}
