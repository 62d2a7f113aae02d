package solver

import "github.com/wallzero/wallzero/engine"

// board is the wall layout of a position as north-side and east-side wall
// bitboards (the engine's layout), for the region arithmetic of the tempo
// analysis, which simulates moves without a full Position.
type board struct {
	north, east engine.Bitboard
}

// boardOf reads the walls of pos.
func boardOf(pos *engine.Position) board {
	var b board
	for c := engine.Color(0); c < engine.Color(pos.Players()); c++ {
		b.north |= pos.WallsNorth(c)
		b.east |= pos.WallsEast(c)
	}
	return b
}

// openN and openE return the squares whose north (east) side can be
// crossed.
func (b board) openN() engine.Bitboard { return engine.NorthSlots &^ b.north }
func (b board) openE() engine.Bitboard { return engine.EastSlots &^ b.east }

// step returns the squares one step from s that no wall separates from it.
func (b board) step(s engine.Bitboard) engine.Bitboard {
	on, oe := b.openN(), b.openE()
	return (s&on)<<engine.Size | (s>>engine.Size)&on | (s&oe)<<1 | (s>>1)&oe
}

// fill returns everything connected to s without crossing a wall.
func (b board) fill(s engine.Bitboard) engine.Bitboard {
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
func (b board) openEdges(x engine.Bitboard) int {
	return (x & b.openN()).Count() + (x & b.openE()).Count()
}

// buildable returns the sides of s (bit d for side d) where a wall can be
// built.
func (b board) buildable(s engine.Square) uint8 {
	bit := engine.Bit(s)
	on, oe := b.openN(), b.openE()
	var m uint8
	if bit&on != 0 {
		m |= 1 << engine.North
	}
	if bit&oe != 0 {
		m |= 1 << engine.East
	}
	if s >= engine.Size && bit>>engine.Size&on != 0 {
		m |= 1 << engine.South
	}
	if s.Col() > 0 && bit>>1&oe != 0 {
		m |= 1 << engine.West
	}
	return m
}

// neighbour returns the square across side d of s and the board with a wall
// built there.
func (b board) withWall(s engine.Square, d engine.Side) (engine.Square, board) {
	switch d {
	case engine.North:
		b.north |= engine.Bit(s)
		return s + engine.Size, b
	case engine.East:
		b.east |= engine.Bit(s)
		return s + 1, b
	case engine.South:
		b.north |= engine.Bit(s - engine.Size)
		return s - engine.Size, b
	default:
		b.east |= engine.Bit(s - 1)
		return s - 1, b
	}
}

// destinations returns where the stone on from may end a turn under the
// stay-always rule, with blockers the other stones.
func (b board) destinations(from engine.Square, blockers engine.Bitboard) engine.Bitboard {
	step1 := b.step(engine.Bit(from)) &^ blockers
	dests := step1 | b.step(step1)&^blockers
	if b.buildable(from) != 0 {
		dests |= engine.Bit(from)
	}
	return dests
}
