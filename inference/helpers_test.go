package inference

import (
	"math/rand/v2"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
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

// multiGame plays random moves of a game of players from seed, preferring
// a wall break whenever one is legal, and returns every position on the
// way (the start first, the final position last).
func multiGame(players int, seed uint64) []engine.Position {
	rules, err := engine.Rules{Players: players, Opening: engine.OpeningEmpty}.Normalize()
	if err != nil {
		panic(err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	p := engine.NewPosition(rules)
	out := []engine.Position{p}
	for !p.IsOver() {
		moves := p.LegalMoves(nil)
		m := moves[rng.IntN(len(moves))]
		for _, b := range moves {
			if b.Kind == grid.Break && rng.IntN(3) == 0 {
				m = b
			}
		}
		p.Apply(m)
		out = append(out, p)
	}
	return out
}
