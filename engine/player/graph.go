package player

import "github.com/wallzero/wallzero/engine"

// graph is the board's step graph under a position's walls, as two masks
// (the engine's Bitboard wall layout): openN holds the squares whose north
// side can be crossed, openE those whose east side can.
type graph struct {
	openN, openE engine.Bitboard
}

// graphOf reads the walls of pos once into a graph.
func graphOf(pos *engine.Position) graph {
	var wn, we engine.Bitboard
	for c := engine.Color(0); c < engine.Color(pos.Players()); c++ {
		wn |= pos.WallsNorth(c)
		we |= pos.WallsEast(c)
	}
	return graph{openN: engine.NorthSlots &^ wn, openE: engine.EastSlots &^ we}
}

// step returns the squares one orthogonal step from b that no wall
// separates from it.
func (g graph) step(b engine.Bitboard) engine.Bitboard {
	return (b&g.openN)<<engine.Size | (b>>engine.Size)&g.openN |
		(b&g.openE)<<1 | (b>>1)&g.openE
}

// fill returns everything connected to b without crossing a wall.
func (g graph) fill(b engine.Bitboard) engine.Bitboard {
	for {
		n := b | g.step(b)
		if n == b {
			return b
		}
		b = n
	}
}
