package format

import (
	"flag"
	"fmt"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/search"
)

var update = flag.Bool("update", false, "rewrite golden files")

// requestAfter replays moves of a four-stone game and returns the request
// of the final position with its history.
func requestAfter(t *testing.T, moves ...string) *search.Request {
	t.Helper()
	g, err := engine.Record{Moves: moves}.Game()
	if err != nil {
		t.Fatal(err)
	}
	ps := g.Positions()
	req := &search.Request{Position: g.Final}
	for i := len(ps) - 2; i >= 0 && req.HistoryCount < search.HistoryLen; i-- {
		req.History[req.HistoryCount] = ps[i]
		req.HistoryCount++
	}
	req.Moves = g.Final.LegalMoves(nil)
	return req
}

// renderPlanes prints every non-empty plane as a 7x7 grid, row 7 on top.
func renderPlanes(x []float32) string {
	var b strings.Builder
	for p := 0; p < len(x)/PlaneSize; p++ {
		plane := x[p*PlaneSize : (p+1)*PlaneSize]
		n := 0
		for _, v := range plane {
			if v != 0 {
				n++
			}
		}
		fmt.Fprintf(&b, "plane %d: %d set\n", p, n)
		if n == 0 {
			continue
		}
		for r := 6; r >= 0; r-- {
			for c := 0; c < 7; c++ {
				if plane[r*7+c] != 0 {
					b.WriteByte('#')
				} else {
					b.WriteByte('.')
				}
			}
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// encodeMulti returns the multi-player inputs of p.
func encodeMulti(p engine.Position) []float32 {
	return encode(MultiPlayer, &search.Request{Position: p})
}
