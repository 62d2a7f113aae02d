package jobs

import "github.com/wallzero/wallzero/engine"

// mv parses a move of a test's made-up analysis.
func mv(text string) engine.Move {
	m, _, err := engine.ParseMove(text)
	if err != nil {
		panic(err)
	}
	return m
}

// mvs parses a test's principal variation.
func mvs(texts ...string) []engine.Move {
	out := make([]engine.Move, len(texts))
	for i, t := range texts {
		out[i] = mv(t)
	}
	return out
}

// seats lists per-player values by colour name in seat order.
func seats(byName map[string]float32, n int) []float32 {
	out := make([]float32, n)
	for c := range out {
		out[c] = byName[engine.Color(c).String()]
	}
	return out
}
