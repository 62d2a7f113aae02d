package format

import "github.com/wallzero/wallzero/engine/grid"

// Turn and placement actions, which both formats number alike. An action
// id is channel*49 + square, so a fully convolutional policy head covers
// every action: for a turn the square is the stone's from-square and the
// channel is offset*4 + wall side (13 destination offsets within two
// steps, 4 sides); for a placement the channel is PlacementChannel and the
// square is where the stone goes. 53 x 49 = 2597, the paper's 49 +
// 49*13*4.
const (
	NumOffsets       = 13
	PlacementChannel = NumOffsets * 4
	NumChannels      = PlacementChannel + 1
)

// offsets are the destination offsets (dx, dy) of a turn: stay, the four
// single steps, the four straight double steps and the four diagonals.
var offsets = [NumOffsets][2]int{
	{0, 0},
	{0, 1}, {1, 0}, {0, -1}, {-1, 0},
	{0, 2}, {2, 0}, {0, -2}, {-2, 0},
	{1, 1}, {1, -1}, {-1, -1}, {-1, 1},
}

// offsetIndex maps (dx+2, dy+2) to an offset index, -1 if none.
var offsetIndex = func() (idx [5][5]int8) {
	for i := range idx {
		for j := range idx[i] {
			idx[i][j] = -1
		}
	}
	for i, o := range offsets {
		idx[o[0]+2][o[1]+2] = int8(i)
	}
	return idx
}()

// stoneAction returns the action id of a placement or turn, -1 for any
// other move.
func stoneAction(m grid.Move) int {
	switch m.Kind {
	case grid.Place:
		return PlacementChannel*grid.NumSquares + int(m.To)
	case grid.Turn:
		dx, dy := m.To.Col()-m.From.Col(), m.To.Row()-m.From.Row()
		if dx < -2 || dx > 2 || dy < -2 || dy > 2 {
			return -1
		}
		o := offsetIndex[dx+2][dy+2]
		if o < 0 {
			return -1
		}
		return (int(o)*4+int(m.Side))*grid.NumSquares + int(m.From)
	}
	return -1
}

// stoneActionImage returns the id of turn or placement action a (channel
// below NumChannels) after symmetry t, computed geometrically: the
// from-square, the offset vector and the wall side all turn with the
// board. It is a permutation of those ids, off-board turns included.
func stoneActionImage(t grid.Symmetry, a int) int {
	ch, sq := a/grid.NumSquares, grid.Square(a%grid.NumSquares)
	if ch == PlacementChannel {
		return PlacementChannel*grid.NumSquares + int(t.Square(sq))
	}
	o := offsets[ch/4]
	// Map the offset as the vector between two squares around the centre.
	centre := grid.SquareAt(3, 3)
	tip := grid.SquareAt(3+o[0], 3+o[1])
	tc, tt := t.Square(centre), t.Square(tip)
	dx, dy := tt.Col()-tc.Col(), tt.Row()-tc.Row()
	no := int(offsetIndex[dx+2][dy+2])
	side := t.Side(grid.Side(ch % 4))
	return (no*4+int(side))*grid.NumSquares + int(t.Square(sq))
}
