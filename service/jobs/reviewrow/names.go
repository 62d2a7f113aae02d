package reviewrow

import (
	"fmt"

	"github.com/wallzero/wallzero/engine/grid"
)

// decoder parses a row's text, keeping the first error.
type decoder struct{ err error }

// fail records an error unless one is already recorded.
func (d *decoder) fail(err error) {
	if d.err == nil {
		d.err = err
	}
}

// move parses a move of the field.
func (d *decoder) move(text, field string) grid.Move {
	m, _, err := grid.ParseMove(text)
	if err != nil {
		d.fail(fmt.Errorf("%s: %w", field, err))
	}
	return m
}

// moves parses a principal variation.
func (d *decoder) moves(texts []string) []grid.Move {
	out := make([]grid.Move, len(texts))
	for i, t := range texts {
		out[i] = d.move(t, fmt.Sprintf("moves.bestPv[%d]", i))
	}
	return out
}

// colour parses a colour of the field.
func (d *decoder) colour(text, field string) grid.Color {
	c, err := grid.ParseColor(text)
	if err != nil {
		d.fail(fmt.Errorf("%s: %w", field, err))
	}
	return c
}

// seats reads win rates by colour name into n seats.
func (d *decoder) seats(byName map[string]float32, n int) []float32 {
	out := make([]float32, n)
	for c := range out {
		v, ok := byName[grid.Color(c).String()]
		if !ok {
			d.fail(fmt.Errorf("winrateCurve.winrates: no %s", grid.Color(c)))
		}
		out[c] = v
	}
	return out
}
