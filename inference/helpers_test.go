package inference

import (
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/search"
)

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
