package grid

import "fmt"

// Symmetry is one of the eight symmetries of the square board (the dihedral
// group D4). It acts on squares, on wall sides (which turn and reflect with
// the board), on sets of squares and of walls, and on moves; a position's
// image is engine.Position.Transformed.
type Symmetry int8

// The eight symmetries.
const (
	Identity      Symmetry = iota
	Rotate90               // counter-clockwise: A1 -> G1
	Rotate180              // A1 -> G7
	Rotate270              // counter-clockwise by 270: A1 -> A7
	MirrorColumns          // left-right: A1 -> G1, rows kept
	MirrorRows             // top-bottom: A1 -> A7, columns kept
	Transpose              // about the A1-G7 diagonal: B1 -> A2
	AntiTranspose          // about the A7-G1 diagonal: A1 -> G7
)

// NumSymmetries is the number of symmetries.
const NumSymmetries = 8

// AllSymmetries lists the symmetries, Identity first.
var AllSymmetries = [NumSymmetries]Symmetry{Identity, Rotate90, Rotate180, Rotate270, MirrorColumns, MirrorRows, Transpose, AntiTranspose}

var symNames = [NumSymmetries]string{"identity", "rot90", "rot180", "rot270", "mirror-columns", "mirror-rows", "transpose", "anti-transpose"}

// String returns the symmetry's name.
func (t Symmetry) String() string {
	if t < 0 || t >= NumSymmetries {
		return fmt.Sprintf("symmetry(%d)", int(t))
	}
	return symNames[t]
}

// symmetry matrices acting on (dx, dy) vectors from the board's centre.
var symMatrix = [NumSymmetries][4]int{
	{1, 0, 0, 1},   // identity
	{0, -1, 1, 0},  // rot90: (x,y) -> (-y, x)
	{-1, 0, 0, -1}, // rot180
	{0, 1, -1, 0},  // rot270: (x,y) -> (y, -x)
	{-1, 0, 0, 1},  // mirror columns
	{1, 0, 0, -1},  // mirror rows
	{0, 1, 1, 0},   // transpose
	{0, -1, -1, 0}, // anti-transpose
}

var (
	symSquare  [NumSymmetries][NumSquares]Square
	symSide    [NumSymmetries][4]Side
	symInverse [NumSymmetries]Symmetry
)

func init() {
	apply := func(t int, x, y int) (int, int) {
		m := symMatrix[t]
		return m[0]*x + m[1]*y, m[2]*x + m[3]*y
	}
	vec := [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} // N E S W
	for t := range NumSymmetries {
		for s := range NumSquares {
			x, y := apply(t, Square(s).Col()-3, Square(s).Row()-3)
			symSquare[t][s] = SquareAt(x+3, y+3)
		}
		for d := range 4 {
			x, y := apply(t, vec[d][0], vec[d][1])
			for e := range 4 {
				if vec[e] == [2]int{x, y} {
					symSide[t][d] = Side(e)
				}
			}
		}
	}
	for t := range NumSymmetries {
		for u := range NumSymmetries {
			if symSquare[u][symSquare[t][SquareAt(1, 0)]] == SquareAt(1, 0) &&
				symSquare[u][symSquare[t][SquareAt(0, 2)]] == SquareAt(0, 2) {
				symInverse[t] = Symmetry(u)
			}
		}
	}
}

// Square maps a square.
func (t Symmetry) Square(s Square) Square { return symSquare[t][s] }

// Side maps a wall side.
func (t Symmetry) Side(d Side) Side { return symSide[t][d] }

// Inverse returns the symmetry that undoes t.
func (t Symmetry) Inverse() Symmetry { return symInverse[t] }

// Bitboard maps a set of squares.
func (t Symmetry) Bitboard(b Bitboard) Bitboard {
	var out Bitboard
	for ; b != 0; b &= b - 1 {
		out |= Bit(symSquare[t][b.First()])
	}
	return out
}

// Move maps a move. Breaks stay in canonical form.
func (t Symmetry) Move(m Move) Move {
	switch m.Kind {
	case Place:
		return PlaceAt(t.Square(m.To))
	case Turn:
		return TurnMove(t.Square(m.From), t.Square(m.To), t.Side(m.Side))
	case Break:
		b, _ := BreakWall(t.Square(m.To), t.Side(m.Side))
		return b
	}
	return m
}

// Walls maps a set of walls.
func (t Symmetry) Walls(w Walls) Walls {
	var out Walls
	for _, set := range [2]struct {
		b Bitboard
		d Side
	}{{w.North, North}, {w.East, East}} {
		for b := set.b; b != 0; b &= b - 1 {
			north, at, _ := Slot(t.Square(b.First()), t.Side(set.d))
			if north {
				out.North |= Bit(at)
			} else {
				out.East |= Bit(at)
			}
		}
	}
	return out
}
