package turning

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// mv parses a move of a test's made-up review.
func mv(text string) grid.Move {
	m, _, err := grid.ParseMove(text)
	if err != nil {
		panic(err)
	}
	return m
}

// seatValues lists per-player values by colour name in seat order.
func seatValues(byName map[string]float32, n int) []float32 {
	out := make([]float32, n)
	for c := range out {
		out[c] = byName[grid.Color(c).String()]
	}
	return out
}

// testGame loads a game record (a path from this folder), cut to its
// first n moves (0: all of them).
func testGame(t testing.TB, path string, n int) *engine.Game {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var rec engine.Record
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	if n > 0 {
		rec.Moves = rec.Moves[:n]
	}
	g, err := rec.Game()
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// selfPlayGame loads the analysis package's testdata/selfplay-game.json: a
// 51-move game of voronoi-hard against itself (four-stone opening).
func selfPlayGame(t testing.TB) *engine.Game {
	return testGame(t, "../../analysis/testdata/selfplay-game.json", 0)
}
