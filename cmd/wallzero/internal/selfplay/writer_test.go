package selfplay

import (
	"archive/zip"
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/inference/format"
)

// TestWriterChunks checks the arrays of a chunk of each format: names,
// dtypes and shapes as training/README.md (two players) and
// docs/multiplayer-network.md (three and four) give them, and that a
// writer refuses another format's samples.
func TestWriterChunks(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		rules  engine.Rules
		format format.Format
		want   map[string]string
	}{
		{"two players", engine.Rules{Opening: engine.OpeningFourStone}, format.TwoPlayer, map[string]string{
			"features.npy":  "'descr': '|u1', 'fortran_order': False, 'shape': (4, 301), }",
			"policy.npy":    "'descr': '<f2', 'fortran_order': False, 'shape': (4, 2597), }",
			"full.npy":      "'descr': '|u1', 'fortran_order': False, 'shape': (4,), }",
			"value.npy":     "'descr': '|i1', 'fortran_order': False, 'shape': (4,), }",
			"ownership.npy": "'descr': '|i1', 'fortran_order': False, 'shape': (4, 49), }",
			"margin.npy":    "'descr': '<f4', 'fortran_order': False, 'shape': (4,), }",
			"q.npy":         "'descr': '<f4', 'fortran_order': False, 'shape': (4,), }",
		}},
		{"three players", engine.Rules{Players: 3, Opening: engine.OpeningEmpty}, format.MultiPlayer, map[string]string{
			"features.npy": "'descr': '|u1', 'fortran_order': False, 'shape': (4, 209), }",
			"policy.npy":   "'descr': '<f2', 'fortran_order': False, 'shape': (4, 2695), }",
			"full.npy":     "'descr': '|u1', 'fortran_order': False, 'shape': (4,), }",
			"value.npy":    "'descr': '<f4', 'fortran_order': False, 'shape': (4, 4), }",
			"q.npy":        "'descr': '<f4', 'fortran_order': False, 'shape': (4, 4), }",
			"players.npy":  "'descr': '|u1', 'fortran_order': False, 'shape': (4,), }",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			w, err := NewWriter(dir, 4, tc.format)
			if err != nil {
				t.Fatal(err)
			}
			rules, err := tc.rules.Normalize()
			if err != nil {
				t.Fatal(err)
			}
			g, err := PlayGame(context.Background(), inference.Heuristic{}, Config{FullVisits: 8, FastVisits: 2, FullProb: 1, LeafBatch: 2}, rules, 1)
			if err != nil {
				t.Fatal(err)
			}
			if err := w.Add(g.Samples[:4]); err != nil {
				t.Fatal(err)
			}
			if w.written != 4 {
				t.Fatalf("wrote %d samples after one full chunk's, want 4", w.written)
			}
			checkChunk(t, dir, tc.want)
			other := format.TwoPlayer
			if tc.format == format.TwoPlayer {
				other = format.MultiPlayer
			}
			wrong, err := NewWriter(t.TempDir(), 4, other)
			if err != nil {
				t.Fatal(err)
			}
			if err := wrong.Add(g.Samples[:1]); err == nil {
				t.Error("a writer took a sample of another format")
			}
		})
	}
}

// checkChunk checks that dir holds one chunk whose arrays are exactly
// want's, each an aligned .npy with the header want gives.
func checkChunk(t *testing.T, dir string, want map[string]string) {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "chunk-*.npz"))
	if len(files) != 1 {
		t.Fatalf("%d chunks, want 1", len(files))
	}
	zr, err := zip.OpenReader(files[0])
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
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
