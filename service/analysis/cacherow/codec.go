package cacherow

import (
	"fmt"
	"strconv"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// Decoder parses the text of a cache row, keeping the first error (Err).
type Decoder struct{ Err error }

// Fail records an error unless one is already recorded.
func (d *Decoder) Fail(format string, args ...any) {
	if d.Err == nil {
		d.Err = fmt.Errorf(format, args...)
	}
}

// Move parses a move of the field.
func (d *Decoder) Move(text, field string) grid.Move {
	m, _, err := grid.ParseMove(text)
	if err != nil {
		d.Fail("%s: %w", field, err)
	}
	return m
}

// Moves parses a principal variation (nil stays nil).
func (d *Decoder) Moves(texts []string) []grid.Move {
	if texts == nil {
		return nil
	}
	out := make([]grid.Move, len(texts))
	for i, t := range texts {
		out[i] = d.Move(t, fmt.Sprintf("moveInfos.pv[%d]", i))
	}
	return out
}

// Colour parses rootInfo.currentPlayer.
func (d *Decoder) Colour(text string) grid.Color {
	c, err := grid.ParseColor(text)
	if err != nil {
		d.Fail("rootInfo.currentPlayer: %w", err)
	}
	return c
}

// Phase parses rootInfo.phase.
func (d *Decoder) Phase(text string) engine.Phase {
	for _, p := range []engine.Phase{engine.Setup, engine.Play, engine.Over} {
		if p.String() == text {
			return p
		}
	}
	d.Fail("rootInfo.phase %q: must be setup, play or over", text)
	return engine.Play
}

// Hash parses a position's hash in hex.
func (d *Decoder) Hash(text, field string) uint64 {
	h, err := strconv.ParseUint(text, 16, 64)
	if err != nil {
		d.Fail("rootInfo.%s %q: not a hex hash", field, text)
	}
	return h
}

// Squares parses square names into a bitboard.
func (d *Decoder) Squares(names []string) grid.Bitboard {
	var b grid.Bitboard
	for _, n := range names {
		s, err := grid.ParseSquare(n)
		if err != nil {
			d.Fail("reachability: %w", err)
			continue
		}
		b |= grid.Bit(s)
	}
	return b
}

// Territory reads the land by colour name into seats; the colours must
// be the first players in turn order.
func (d *Decoder) Territory(byName map[string]int) []int {
	out := make([]int, len(byName))
	for c := range out {
		v, ok := byName[grid.Color(c).String()]
		if !ok {
			d.Fail("territory: no %s with %d players", grid.Color(c), len(byName))
		}
		out[c] = v
	}
	return out
}

// Rates reads per-player values by colour name into n seats (nil for
// none).
func (d *Decoder) Rates(byName map[string]float32, n int, field string) []float32 {
	if byName == nil {
		return nil
	}
	if len(byName) != n {
		d.Fail("%s: %d players, the territory has %d", field, len(byName), n)
		return nil
	}
	out := make([]float32, n)
	for c := range out {
		v, ok := byName[grid.Color(c).String()]
		if !ok {
			d.Fail("%s: no %s", field, grid.Color(c))
		}
		out[c] = v
	}
	return out
}
