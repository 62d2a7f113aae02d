package grid

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
