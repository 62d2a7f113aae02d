// Package gametest is a test kit of games for the packages above the
// engine: random games of three or four players that break walls often,
// so that tests of encoders and symmetries see every kind of move, and a
// two-player position in play that the search's tests share.
package gametest

import (
	"math/rand/v2"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// MultiGame plays random moves of a game of players from seed, preferring
// a wall break whenever one is legal, and returns every position on the
// way (the start first, the final position last).
func MultiGame(players int, seed uint64) []engine.Position {
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
