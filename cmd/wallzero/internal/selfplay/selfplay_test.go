package selfplay

import (
	"archive/zip"
	"context"
	"io"
	"math"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/inference"
)

func TestFloat16(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   float32
		want uint16
	}{
		{0, 0}, {1, 0x3C00}, {0.5, 0x3800}, {-2, 0xC000}, {0.25, 0x3400},
		{65504, 0x7BFF}, {1e6, 0x7C00}, {float32(math.Pow(2, -24)), 0x0001}, {1.0 / 3, 0x3555},
	} {
		if got := float16(tc.in); got != tc.want {
			t.Errorf("float16(%v) = %#04x, want %#04x", tc.in, got, tc.want)
		}
	}
}

// TestGameSamples plays a short self-play game on the heuristic evaluator
// and checks the samples' targets against the final position.
func TestGameSamples(t *testing.T) {
	t.Parallel()
	cfg := Config{FullVisits: 16, FastVisits: 4, FullProb: 0.5, SampleMoves: 4, LeafBatch: 4}
	rules := engine.DefaultRules()
	g, err := PlayGame(context.Background(), inference.Heuristic{}, cfg, rules, 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Samples) == 0 || g.Plies < 10 {
		t.Fatalf("%d samples over %d plies", len(g.Samples), g.Plies)
	}
	for i, s := range g.Samples {
		var sum float32
		for _, e := range s.policy {
			sum += e.prob
			if int(e.action) >= inference.NumActions || e.prob < 0 {
				t.Fatalf("sample %d: policy entry %d (p=%v) is not an action", i, e.action, e.prob)
			}
		}
		if math.Abs(float64(sum-1)) > 1e-3 {
			t.Errorf("sample %d: policy sums to %v", i, sum)
		}
		wantValue := int8(0)
		switch g.Winner {
		case s.toMove:
			wantValue = 1
		case 1 - s.toMove:
			wantValue = -1
		}
		if s.q < 0 || s.q > 1 {
			t.Errorf("sample %d: q %v outside [0, 1]", i, s.q)
		}
		if s.value != wantValue || s.margin != float32(g.Score[s.toMove]-g.Score[1-s.toMove]) {
			t.Errorf("sample %d: value %d margin %v, game %v %v", i, s.value, s.margin, g.Winner, g.Score)
		}
		own := 0
		for _, o := range s.ownership {
			if o == 1 {
				own++
			}
		}
		if own != g.Score[s.toMove] {
			t.Errorf("sample %d: %d own squares, score %d", i, own, g.Score[s.toMove])
		}
	}
}

func TestWriterChunks(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	w, err := NewWriter(dir, 5)
	if err != nil {
		t.Fatal(err)
	}
	g, err := PlayGame(context.Background(), inference.Heuristic{}, Config{FullVisits: 8, FastVisits: 2, FullProb: 1, LeafBatch: 2}, engine.DefaultRules(), 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Add(g.Samples); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if w.written != len(g.Samples) {
		t.Fatalf("wrote %d of %d samples", w.written, len(g.Samples))
	}
	files, _ := filepath.Glob(filepath.Join(dir, "chunk-*.npz"))
	if want := (len(g.Samples) + 4) / 5; len(files) != want {
		t.Fatalf("%d chunks, want %d", len(files), want)
	}
	zr, err := zip.OpenReader(files[0])
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	want := map[string]string{
		"features.npy": "'descr': '|u1', 'fortran_order': False, 'shape': (5, 301), }",
		"policy.npy":   "'descr': '<f2', 'fortran_order': False, 'shape': (5, 2597), }",
		"value.npy":    "'descr': '|i1', 'fortran_order': False, 'shape': (5,), }",
		"margin.npy":   "'descr': '<f4', 'fortran_order': False, 'shape': (5,), }",
	}
	seen := 0
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(rc)
		rc.Close()
		if !strings.HasPrefix(string(data), "\x93NUMPY\x01\x00") {
			t.Fatalf("%s: not an .npy file", f.Name)
		}
		headerLen := int(data[8]) | int(data[9])<<8
		if (10+headerLen)%64 != 0 {
			t.Errorf("%s: header not aligned to 64 bytes", f.Name)
		}
		if w, ok := want[f.Name]; ok {
			seen++
			if !strings.Contains(string(data[10:10+headerLen]), w) {
				t.Errorf("%s: header %q lacks %q", f.Name, data[10:10+headerLen], w)
			}
		}
	}
	if seen != len(want) || len(zr.File) != 7 {
		t.Errorf("chunk holds %d files", len(zr.File))
	}
}

// TestGenerateStopAfter checks that Generate plays every game asked for
// without a deadline, starts none once StopAfter has passed, and still
// flushes the writer.
func TestGenerateStopAfter(t *testing.T) {
	t.Parallel()
	cfg := Config{FullVisits: 4, FastVisits: 2, FullProb: 1, LeafBatch: 1}
	rules := []engine.Rules{engine.DefaultRules()}
	for _, tc := range []struct {
		name      string
		stopAfter time.Time
		want      int
	}{
		{"no deadline", time.Time{}, 3},
		{"deadline passed", time.Now().Add(-time.Second), 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			w, err := NewWriter(t.TempDir(), 1000)
			if err != nil {
				t.Fatal(err)
			}
			c := cfg
			c.StopAfter = tc.stopAfter
			st, err := Generate(context.Background(), inference.Heuristic{}, c, rules, 3, 2, 1, w, nil)
			if err != nil {
				t.Fatal(err)
			}
			if st.Games != tc.want {
				t.Errorf("games = %d, want %d", st.Games, tc.want)
			}
		})
	}
}
