package gametest

import "github.com/wallzero/wallzero/engine"

// Midgame is a two-player position a few moves into play: the four-stone
// setup, then four moves.
func Midgame() engine.Position {
	g, err := engine.Record{Moves: []string{"C3", "E3", "C5", "E5", "E5-E4:N", "E3-D3:S", "C3-C2:E", "C5-C6:E"}}.Game()
	if err != nil {
		panic(err)
	}
	return g.Final
}
