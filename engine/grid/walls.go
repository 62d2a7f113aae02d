package grid

// Walls is a set of walls on the board as north-side and east-side
// bitboards (see Bitboard): every interior wall is the north or the east
// side of exactly one square (Slot).
type Walls struct {
	// North holds the squares with a wall on their north side.
	North Bitboard
	// East holds the squares with a wall on their east side.
	East Bitboard
}

// openN, openE give the squares whose north (east) side can be crossed:
// inside the board and without a wall.
func (w Walls) openN() Bitboard { return NorthSlots &^ w.North }
func (w Walls) openE() Bitboard { return EastSlots &^ w.East }

// Step returns the squares one orthogonal step from b that no wall separates
// from it.
func (w Walls) Step(b Bitboard) Bitboard {
	on, oe := w.openN(), w.openE()
	return (b&on)<<Size | (b>>Size)&on | (b&oe)<<1 | (b>>1)&oe
}

// Fill returns the region(s) of the board connected to b: everything
// reachable from b without crossing a wall. Stones do not block.
func (w Walls) Fill(b Bitboard) Bitboard {
	on, oe := w.openN(), w.openE()
	for {
		n := b | (b&on)<<Size | (b>>Size)&on | (b&oe)<<1 | (b>>1)&oe
		if n == b {
			return b
		}
		b = n
	}
}

// Has reports whether a wall stands on side d of s. The board's edge is not
// a wall slot and reports false.
func (w Walls) Has(s Square, d Side) bool {
	switch d {
	case North:
		return w.North.Has(s)
	case East:
		return w.East.Has(s)
	case South:
		return s >= Size && w.North.Has(s-Size)
	case West:
		return s.Col() > 0 && w.East.Has(s-1)
	}
	return false
}

// Slot returns the canonical storage of the wall on side d of s: whether it
// is kept in the north or the east set, and the square carrying it. ok is
// false for the outer edge.
func Slot(s Square, d Side) (north bool, at Square, ok bool) {
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

// Buildable returns a 4-bit mask (bit d for side d) of the sides of s where
// a wall can be built: interior and not already walled.
func (w Walls) Buildable(s Square) uint8 {
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

// Beside returns the walls of w on a side of a square of s.
func (w Walls) Beside(s Bitboard) Walls {
	return Walls{
		North: w.North & (s | s>>Size),
		East:  w.East & (s | (s>>1)&^colG),
	}
}

// Toward returns the walls of w between q and a neighbouring square in to:
// the wall on q's north side when the square north of q is in to, and so
// on round q.
func (w Walls) Toward(q Square, to Bitboard) Walls {
	b := w.Beside(Bit(q))
	var out Walls
	if b.North.Has(q) && to.Has(q+Size) {
		out.North |= Bit(q)
	}
	if q >= Size && b.North.Has(q-Size) && to.Has(q-Size) {
		out.North |= Bit(q - Size)
	}
	if b.East.Has(q) && to.Has(q+1) {
		out.East |= Bit(q)
	}
	if q.Col() > 0 && b.East.Has(q-1) && to.Has(q-1) {
		out.East |= Bit(q - 1)
	}
	return out
}

// Unreachable marks a square a walk cannot reach in Distances.
const Unreachable = -1

// Distances returns the fewest single steps from from to every square,
// walking around w's walls and only on the squares of free; Unreachable
// where no path exists. from itself is 0.
func (w Walls) Distances(from Square, free Bitboard) [NumSquares]int8 {
	var d [NumSquares]int8
	for i := range d {
		d[i] = Unreachable
	}
	frontier, seen := Bit(from), Bit(from)
	for dist := int8(0); frontier != 0; dist++ {
		for b := frontier; b != 0; b &= b - 1 {
			d[b.First()] = dist
		}
		frontier = w.Step(frontier) & free &^ seen
		seen |= frontier
	}
	return d
}
