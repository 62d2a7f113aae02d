package selfplay

import (
	"archive/zip"
	"context"
	"io"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/inference"
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
		g, err := PlayMultiGame(context.Background(), inference.Heuristic{}, cfg, rules, 5)
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
				if int(e.action) >= inference.MultiNumActions || e.prob < 0 {
					t.Fatalf("%dp sample %d: policy entry %d (p=%v) is not an action", players, i, e.action, e.prob)
				}
			}
			if math.Abs(float64(sum-1)) > 1e-3 {
				t.Errorf("%dp sample %d: policy sums to %v", players, i, sum)
			}
			var vsum, qsum float32
			for k := 0; k < engine.MaxPlayers; k++ {
				c := engine.Color((int(s.toMove) + k) % players)
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
			bit := plane * inference.PlaneSize
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

// TestMultiWriterChunks checks the arrays of a multi-player chunk: names,
// dtypes and shapes as docs/multiplayer-network.md gives them.
func TestMultiWriterChunks(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	w, err := NewMultiWriter(dir, 4)
	if err != nil {
		t.Fatal(err)
	}
	rules, _ := engine.Rules{Players: 3, Opening: engine.OpeningEmpty}.Normalize()
	g, err := PlayMultiGame(context.Background(), inference.Heuristic{}, Config{FullVisits: 8, FastVisits: 2, FullProb: 1, LeafBatch: 2}, rules, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Add(g.Samples[:4]); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "chunk-*.npz"))
	if len(files) != 1 {
		t.Fatalf("%d chunks after one full chunk's samples, want 1", len(files))
	}
	zr, err := zip.OpenReader(files[0])
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	want := map[string]string{
		"features.npy": "'descr': '|u1', 'fortran_order': False, 'shape': (4, 209), }",
		"policy.npy":   "'descr': '<f2', 'fortran_order': False, 'shape': (4, 2695), }",
		"full.npy":     "'descr': '|u1', 'fortran_order': False, 'shape': (4,), }",
		"value.npy":    "'descr': '<f4', 'fortran_order': False, 'shape': (4, 4), }",
		"q.npy":        "'descr': '<f4', 'fortran_order': False, 'shape': (4, 4), }",
		"players.npy":  "'descr': '|u1', 'fortran_order': False, 'shape': (4,), }",
	}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(rc)
		rc.Close()
		headerLen := int(data[8]) | int(data[9])<<8
		header := string(data[10 : 10+headerLen])
		w, ok := want[f.Name]
		if !ok {
			t.Errorf("unexpected array %s", f.Name)
			continue
		}
		delete(want, f.Name)
		if !strings.Contains(header, w) {
			t.Errorf("%s: header %q lacks %q", f.Name, header, w)
		}
	}
	for name := range want {
		t.Errorf("chunk lacks %s", name)
	}
}
