package solver

import (
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// board is the wall layout of a position as north-side and east-side wall
// bitboards (the engine's layout), for the region arithmetic of the tempo
// analysis, which simulates moves without a full Position.
type board struct {
	north, east grid.Bitboard
}

// boardOf reads the walls of pos.
func boardOf(pos *engine.Position) board {
	var b board
	for c := grid.Color(0); c < grid.Color(pos.Players()); c++ {
		b.north |= pos.WallsNorth(c)
		b.east |= pos.WallsEast(c)
	}
	return b
}

// openN and openE return the squares whose north (east) side can be
// crossed.
func (b board) openN() grid.Bitboard { return grid.NorthSlots &^ b.north }
func (b board) openE() grid.Bitboard { return grid.EastSlots &^ b.east }

// step returns the squares one step from s that no wall separates from it.
func (b board) step(s grid.Bitboard) grid.Bitboard {
	on, oe := b.openN(), b.openE()
	return (s&on)<<grid.Size | (s>>grid.Size)&on | (s&oe)<<1 | (s>>1)&oe
}

// fill returns everything connected to s without crossing a wall.
func (b board) fill(s grid.Bitboard) grid.Bitboard {
	for {
		n := s | b.step(s)
		if n == s {
			return s
		}
		s = n
	}
}

// openEdges counts the open sides between squares of x: the walls that can
// still be built inside x when x is a union of regions.
func (b board) openEdges(x grid.Bitboard) int {
	return (x & b.openN()).Count() + (x & b.openE()).Count()
}

// buildable returns the sides of s (bit d for side d) where a wall can be
// built.
func (b board) buildable(s grid.Square) uint8 {
	bit := grid.Bit(s)
	on, oe := b.openN(), b.openE()
	var m uint8
	if bit&on != 0 {
		m |= 1 << grid.North
	}
	if bit&oe != 0 {
		m |= 1 << grid.East
	}
	if s >= grid.Size && bit>>grid.Size&on != 0 {
		m |= 1 << grid.South
	}
	if s.Col() > 0 && bit>>1&oe != 0 {
		m |= 1 << grid.West
	}
	return m
}

// neighbour returns the square across side d of s and the board with a wall
// built there.
func (b board) withWall(s grid.Square, d grid.Side) (grid.Square, board) {
	switch d {
	case grid.North:
		b.north |= grid.Bit(s)
		return s + grid.Size, b
	case grid.East:
		b.east |= grid.Bit(s)
		return s + 1, b
	case grid.South:
		b.north |= grid.Bit(s - grid.Size)
		return s - grid.Size, b
	default:
		b.east |= grid.Bit(s - 1)
		return s - 1, b
	}
}

// destinations returns where the stone on from may end a turn under the
// stay-always rule, with blockers the other stones.
func (b board) destinations(from grid.Square, blockers grid.Bitboard) grid.Bitboard {
	step1 := b.step(grid.Bit(from)) &^ blockers
	dests := step1 | b.step(step1)&^blockers
	if b.buildable(from) != 0 {
		dests |= grid.Bit(from)
	}
	return dests
}
