package format

import (
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/internal/testkit/gametest"
	"github.com/wallzero/wallzero/search"
)

// goldenFormat is the format of players-player games.
func goldenFormat(t *testing.T, players int) Format {
	t.Helper()
	f, err := For(players)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// turnRequest is req under symmetry t, history included.
func turnRequest(req *search.Request, t grid.Symmetry) *search.Request {
	out := &search.Request{Position: req.Position.Transformed(t), HistoryCount: req.HistoryCount}
	for k := 0; k < req.HistoryCount; k++ {
		out.History[k] = req.History[k].Transformed(t)
	}
	return out
}

// encode returns the inputs of req in format f.
func encode(f Format, req *search.Request) []float32 {
	x := make([]float32, f.FeatureSize())
	f.Encode(x, req)
	return x
}

// packedHex is x packed one bit per input (numpy packbits, big bit
// order, as self-play records it), in hex.
func packedHex(x []float32) string {
	b := make([]byte, (len(x)+7)/8)
	for i, v := range x {
		if v != 0 {
			b[i/8] |= 0x80 >> uint(i%8)
		}
	}
	return hex.EncodeToString(b)
}

// multiRequest is the request of the first position of a random game of
// players (multiGame, seed 5) that pick accepts.
func multiRequest(t *testing.T, players int, pick func(p *engine.Position) bool) *search.Request {
	t.Helper()
	for _, p := range gametest.MultiGame(players, 5) {
		if !p.IsOver() && pick(&p) {
			return &search.Request{Position: p, Moves: p.LegalMoves(nil)}
		}
	}
	t.Fatal("the game has no such position")
	return nil
}

// TestFormatGolden pins both formats on a few positions: the input
// features (packed) of the position under each of the eight symmetries,
// and the policy index of every legal move and of its image under each
// symmetry. The files were written before the two formats shared one
// interface, so that the networks keep getting the same inputs and
// policy indices.
func TestFormatGolden(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		players int
		req     func(t *testing.T) *search.Request
	}{
		{"2p-start", 2, func(t *testing.T) *search.Request { return requestAfter(t) }},
		{"2p-midgame", 2, func(t *testing.T) *search.Request {
			return requestAfter(t, "C3", "E3", "C5", "E5", "E5-E4:N", "E3-D3:S", "C3-C2:E", "C5-C6:E", "B6-B7:E")
		}},
		{"3p-setup", 3, func(t *testing.T) *search.Request {
			return multiRequest(t, 3, func(p *engine.Position) bool { return p.Phase() == engine.Setup && p.Ply() == 2 })
		}},
		{"3p-after-break", 3, func(t *testing.T) *search.Request {
			return multiRequest(t, 3, func(p *engine.Position) bool { return p.MidTurn() })
		}},
		{"3p-break-left", 3, func(t *testing.T) *search.Request {
			return multiRequest(t, 3, func(p *engine.Position) bool {
				if p.Phase() != engine.Play || p.MidTurn() {
					return false
				}
				for _, m := range p.LegalMoves(nil) {
					if m.Kind == grid.Break {
						return true
					}
				}
				return false
			})
		}},
		{"4p-midgame", 4, func(t *testing.T) *search.Request {
			return multiRequest(t, 4, func(p *engine.Position) bool { return p.Phase() == engine.Play && p.WallCount() >= 6 })
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			req, f := tc.req(t), goldenFormat(t, tc.players)
			var b strings.Builder
			fmt.Fprintf(&b, "position %s, %d players\n", tc.name, tc.players)
			for _, sym := range grid.AllSymmetries {
				fmt.Fprintf(&b, "features %v %s\n", sym, packedHex(encode(f, turnRequest(req, sym))))
			}
			for _, m := range req.Moves {
				fmt.Fprintf(&b, "move %v:", m)
				for _, sym := range grid.AllSymmetries {
					fmt.Fprintf(&b, " %d", f.ActionOf(sym.Move(m)))
				}
				b.WriteByte('\n')
			}
			got := b.String()
			path := filepath.Join("testdata", "format-"+tc.name+".golden")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if got != string(want) {
				t.Errorf("format differs from %s (go test -update rewrites it):\n%s", path, got)
			}
		})
	}
}
