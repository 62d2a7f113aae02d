package selfplay

import (
	"context"
	"crypto/sha256"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/inference/format"
)

var update = flag.Bool("update", false, "rewrite golden files")

// goldenArrays plays game seed of rules on the heuristic evaluator and
// returns its samples laid out as a chunk's arrays.
func goldenArrays(t *testing.T, rules engine.Rules, seed uint64) []npyArray {
	t.Helper()
	cfg := Config{FullVisits: 16, FastVisits: 4, FullProb: 0.5, SampleMoves: 4, LeafBatch: 1}
	g, err := PlayGame(context.Background(), inference.Heuristic{}, cfg, rules, seed)
	if err != nil {
		t.Fatal(err)
	}
	f, err := format.For(rules.Players)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := recordsOf(f)
	if err != nil {
		t.Fatal(err)
	}
	return rec.arrays(f, g.Samples)
}

// TestChunkGolden pins the training data of a few self-play games of two,
// three and four players: each array's name, dtype, shape and the SHA-256
// of its bytes, as the learner reads them from a chunk. The files were
// written before the two- and multi-player self-play paths became one, so
// that the on-disk formats stay exactly as they were.
func TestChunkGolden(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		rules engine.Rules
	}{
		{"2p-four-stone", engine.Rules{Opening: engine.OpeningFourStone}},
		{"2p-empty", engine.Rules{Opening: engine.OpeningEmpty}},
		{"3p", engine.Rules{Players: 3, Opening: engine.OpeningEmpty}},
		{"4p", engine.Rules{Players: 4, Opening: engine.OpeningEmpty}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			rules, err := tc.rules.Normalize()
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			for seed := uint64(1); seed <= 2; seed++ {
				for _, a := range goldenArrays(t, rules, seed) {
					fmt.Fprintf(&b, "seed %d %s %s %v %x\n", seed, a.name, a.dtype, a.shape, sha256.Sum256(a.data))
				}
			}
			got := b.String()
			path := filepath.Join("testdata", "chunk-"+tc.name+".golden")
			if *update {
				if err := os.MkdirAll("testdata", 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if got != string(want) {
				t.Errorf("chunk arrays differ from %s (go test -update rewrites it):\n%s", path, got)
			}
		})
	}
}
