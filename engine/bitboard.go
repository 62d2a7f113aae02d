package engine

import "math/bits"

// Bitboard is a set of squares: bit i stands for Square(i).
//
// Walls use the same layout: a wall bitboard for the north sides has bit s
// set when a wall stands on the north side of square s, and one for the east
// sides likewise. Every interior wall is the north or east side of exactly one
// square, so these two sets (42 slots each) describe all walls.
type Bitboard uint64

// Useful masks.
const (
	// AllSquares holds the 49 squares of the board.
	AllSquares Bitboard = 1<<NumSquares - 1
	// colA and colG hold the first and last columns.
	colA Bitboard = 0x0040810204081
	colG Bitboard = colA << 6
	// row7 holds the top row.
	row7 Bitboard = 0x7F << 42
	// NorthSlots holds the squares whose north side is an interior wall slot.
	NorthSlots Bitboard = AllSquares &^ row7
	// EastSlots holds the squares whose east side is an interior wall slot.
	EastSlots Bitboard = AllSquares &^ colG
)

// Bit returns the bitboard holding only s.
func Bit(s Square) Bitboard { return 1 << uint(s) }

// Has reports whether s is in b.
func (b Bitboard) Has(s Square) bool { return b>>uint(s)&1 != 0 }

// Count returns the number of squares in b.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// First returns the lowest square in b, or NoSquare if b is empty.
func (b Bitboard) First() Square {
	if b == 0 {
		return NoSquare
	}
	return Square(bits.TrailingZeros64(uint64(b)))
}

// Squares returns the squares of b in increasing order.
func (b Bitboard) Squares() []Square {
	out := make([]Square, 0, b.Count())
	for ; b != 0; b &= b - 1 {
		out = append(out, Square(bits.TrailingZeros64(uint64(b))))
	}
	return out
}

// walls is the set of walls on the board as north-side and east-side
// bitboards (see Bitboard).
type walls struct {
	north Bitboard
	east  Bitboard
}

// openN, openE give the squares whose north (east) side can be crossed:
// inside the board and without a wall.
func (w walls) openN() Bitboard { return NorthSlots &^ w.north }
func (w walls) openE() Bitboard { return EastSlots &^ w.east }

// step returns the squares one orthogonal step from b that no wall separates
// from it.
func (w walls) step(b Bitboard) Bitboard {
	on, oe := w.openN(), w.openE()
	return (b&on)<<Size | (b>>Size)&on | (b&oe)<<1 | (b>>1)&oe
}

// fill returns the region(s) of the board connected to b: everything
// reachable from b without crossing a wall. Stones do not block.
func (w walls) fill(b Bitboard) Bitboard {
	on, oe := w.openN(), w.openE()
	for {
		n := b | (b&on)<<Size | (b>>Size)&on | (b&oe)<<1 | (b>>1)&oe
		if n == b {
			return b
		}
		b = n
	}
}

// has reports whether a wall stands on side d of s. The board's edge is not
// a wall slot and reports false.
func (w walls) has(s Square, d Side) bool {
	switch d {
	case North:
		return w.north.Has(s)
	case East:
		return w.east.Has(s)
	case South:
		return s >= Size && w.north.Has(s-Size)
	case West:
		return s.Col() > 0 && w.east.Has(s-1)
	}
	return false
}

// slot returns the canonical storage of the wall on side d of s: whether it
// is kept in the north or the east set, and the square carrying it. ok is
// false for the outer edge.
func slot(s Square, d Side) (north bool, at Square, ok bool) {
	switch d {
	case North:
		return true, s, s.Row() < Size-1
	case East:
		return false, s, s.Col() < Size-1
	case South:
		return true, s - Size, s.Row() > 0
	case West:
		return false, s - 1, s.Col() > 0
	}
	return false, NoSquare, false
}

// buildable returns a 4-bit mask (bit d for side d) of the sides of s where
// a wall can be built: interior and not already walled.
func (w walls) buildable(s Square) uint8 {
	b := Bit(s)
	var m uint8
	if b&w.openN() != 0 {
		m |= 1 << North
	}
	if b&w.openE() != 0 {
		m |= 1 << East
	}
	if s >= Size && Bit(s-Size)&w.openN() != 0 {
		m |= 1 << South
	}
	if s.Col() > 0 && Bit(s-1)&w.openE() != 0 {
		m |= 1 << West
	}
	return m
}
