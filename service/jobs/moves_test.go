package jobs

import "github.com/wallzero/wallzero/engine/grid"

// mv parses a move of a test's made-up analysis.
func mv(text string) grid.Move {
	m, _, err := grid.ParseMove(text)
	if err != nil {
		panic(err)
	}
	return m
}

// mvs parses a test's principal variation.
func mvs(texts ...string) []grid.Move {
	out := make([]grid.Move, len(texts))
	for i, t := range texts {
		out[i] = mv(t)
	}
	return out
}

// seats lists per-player values by colour name in seat order.
func seats(byName map[string]float32, n int) []float32 {
	out := make([]float32, n)
	for c := range out {
		out[c] = byName[grid.Color(c).String()]
	}
	return out
}
