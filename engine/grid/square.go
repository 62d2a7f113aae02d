package grid

import "fmt"

// Size is the side length of the board.
const Size = 7

// NumSquares is the number of squares on the board.
const NumSquares = Size * Size

// Square is a board square, indexed row-major from A1 (0) to G7 (48): the
// index is row*7 + column, with row 0 the bottom row (rank 1) and column 0
// the A file.
type Square int8

// NoSquare marks the absence of a square.
const NoSquare Square = -1

// SquareAt returns the square in column col (0 = A) and row row (0 = rank 1).
func SquareAt(col, row int) Square { return Square(row*Size + col) }

// Col returns the column of s, 0 for A .. 6 for G.
func (s Square) Col() int { return int(s) % Size }

// Row returns the row of s, 0 for rank 1 .. 6 for rank 7.
func (s Square) Row() int { return int(s) / Size }

// Valid reports whether s is on the board.
func (s Square) Valid() bool { return s >= 0 && s < NumSquares }

// String returns the coordinate of s, e.g. "C3".
func (s Square) String() string {
	if !s.Valid() {
		return "??"
	}
	return string([]byte{byte('A' + s.Col()), byte('1' + s.Row())})
}

// ParseSquare parses a coordinate such as "C3" (the column letter may be
// lower case).
func ParseSquare(text string) (Square, error) {
	if len(text) != 2 {
		return NoSquare, fmt.Errorf("square %q: want a column letter A-G and a row 1-7, e.g. C3", text)
	}
	c, r := text[0], text[1]
	if c >= 'a' && c <= 'g' {
		c -= 'a' - 'A'
	}
	if c < 'A' || c > 'G' {
		return NoSquare, fmt.Errorf("square %q: column must be A-G", text)
	}
	if r < '1' || r > '7' {
		return NoSquare, fmt.Errorf("square %q: row must be 1-7", text)
	}
	return SquareAt(int(c-'A'), int(r-'1')), nil
}

// Side is one of the four sides of a square, where a wall can stand.
type Side int8

// The four sides. North points towards row 7, East towards column G.
const (
	North Side = iota
	East
	South
	West
)

// NoSide marks the absence of a side.
const NoSide Side = -1

// AllSides lists the four sides in their canonical order.
var AllSides = [4]Side{North, East, South, West}

// String returns the one-letter name of the side: N, E, S or W.
func (d Side) String() string {
	switch d {
	case North:
		return "N"
	case East:
		return "E"
	case South:
		return "S"
	case West:
		return "W"
	}
	return "?"
}

// Opposite returns the side facing d across a wall.
func (d Side) Opposite() Side { return (d + 2) & 3 }

// ParseSide parses N, E, S or W (either case).
func ParseSide(text string) (Side, error) {
	switch text {
	case "N", "n":
		return North, nil
	case "E", "e":
		return East, nil
	case "S", "s":
		return South, nil
	case "W", "w":
		return West, nil
	}
	return NoSide, fmt.Errorf("wall side %q: must be N, E, S or W", text)
}

// Neighbor returns the square next to s across side d, or NoSquare at the
// edge of the board.
func (s Square) Neighbor(d Side) Square {
	c, r := s.Col(), s.Row()
	switch d {
	case North:
		r++
	case East:
		c++
	case South:
		r--
	case West:
		c--
	}
	if c < 0 || c >= Size || r < 0 || r >= Size {
		return NoSquare
	}
	return SquareAt(c, r)
}
