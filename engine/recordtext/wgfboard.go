package recordtext

import (
	"fmt"
	"sort"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// The WGF record's board, as the WallGo site ZachChiu/quoridor keeps it
// (app/game/types.ts, app/game/board.ts, app/config/playerTemplates.tsx):
//
//   - a cell is (row, col), both 0-based digits 0-6; row 0 is the top row
//     (the engine's row 7), col 0 the left column (A): the site's (r, c) is
//     the engine's square of column 'A'+c and row 7-r, so (0, 0) is A7 and
//     (6, 6) is G1;
//   - a wall is H or V and a cell: H (r, c) lies between (r, c) and
//     (r+1, c), below the cell on the screen (the S side of the cell's
//     square, the N side of the square under it); V (r, c) lies between
//     (r, c) and (r, c+1) (the E side of the cell's square);
//   - the players are A, B and C in turn order: Red, Blue and the third
//     player (the site paints C yellow; the engine's third colour is
//     Green, whose letter in move notation is G).

// wgfSquare returns the engine's square of the site's cell (row, col).
func wgfSquare(row, col int) grid.Square { return grid.SquareAt(col, grid.Size-1-row) }

// wgfCell returns the site's cell (row, col) of s.
func wgfCell(s grid.Square) (row, col int) { return grid.Size - 1 - s.Row(), s.Col() }

// wgfWall is a wall slot in the site's terms: Dir 'H' or 'V' and a cell.
type wgfWall struct {
	Dir      byte
	Row, Col int
}

// String returns the site's text of the slot, e.g. "H23".
func (w wgfWall) String() string { return fmt.Sprintf("%c%d%d", w.Dir, w.Row, w.Col) }

// sideOf returns the side of s the wall stands on; ok is false when the
// wall is not a side of s.
func (w wgfWall) sideOf(s grid.Square) (d grid.Side, ok bool) {
	r, c := wgfCell(s)
	switch {
	case w.Dir == 'H' && w.Col == c && w.Row == r:
		return grid.South, true
	case w.Dir == 'H' && w.Col == c && w.Row == r-1:
		return grid.North, true
	case w.Dir == 'V' && w.Row == r && w.Col == c:
		return grid.East, true
	case w.Dir == 'V' && w.Row == r && w.Col == c-1:
		return grid.West, true
	}
	return grid.NoSide, false
}

// firstSide returns the square above (H) or left of (V) the wall and the
// wall's side of it.
func (w wgfWall) firstSide() (grid.Square, grid.Side) {
	if w.Dir == 'H' {
		return wgfSquare(w.Row, w.Col), grid.South
	}
	return wgfSquare(w.Row, w.Col), grid.East
}

// wgfWallOf returns the site's slot of the wall on side d of s, which
// must not be the board's edge.
func wgfWallOf(s grid.Square, d grid.Side) wgfWall {
	r, c := wgfCell(s)
	switch d {
	case grid.North:
		return wgfWall{'H', r - 1, c}
	case grid.South:
		return wgfWall{'H', r, c}
	case grid.East:
		return wgfWall{'V', r, c}
	}
	return wgfWall{'V', r, c - 1}
}

// wgfColor returns the colour of the site's player letter, if it plays in
// a game of that many players.
func wgfColor(letter byte, players int) (grid.Color, bool) {
	c := grid.Color(letter) - 'A'
	return c, letter >= 'A' && int(c) < players
}

// wgfLetter returns the site's letter of colour c: A, B or C.
func wgfLetter(c grid.Color) byte { return 'A' + byte(c) }

// WGFRules returns the rules of the site's game of 2 or 3 players: the
// four-stone opening with two players (its preset stones are the same),
// the empty one with three, the stay rule step-out (app/game/engine.ts
// legalTurns: a stone may stay only if it could step out and back), the
// largest-region tie break (app/game/score.ts getWinners) and the end
// when every mixed region is frozen (end=frozen-mixed-regions); with three
// players the break at any point of the turn (breakTiming=any-time) and a
// walled-in stone's break only of a wall that frees it
// (breakWalls=frees-stone). The site's records (a corpus of its games in
// engine/recordtext/testdata/zachchiu) replay under these rules with the
// site's legal counts, ends and results.
func WGFRules(players int) engine.Rules {
	r := engine.Rules{Players: players, Opening: engine.OpeningEmpty, Stay: engine.StayStepOut, TieBreak: engine.TieBreakLargestRegion,
		End: engine.EndFrozenMixedRegions}
	if players == 2 {
		r.Opening = engine.OpeningFourStone
	} else {
		r.BreakTiming, r.BreakWalls = engine.BreakAnyTime, engine.BreakFreesStone
	}
	return r
}

// wgfStartStones returns each player's preset stones in the site's piece
// order: its createGame numbers them as it scans the board row by row
// from the top, left to right (app/utils/wgf.ts buildPieceIndex). The
// preset stones are those of the rules' start position.
func wgfStartStones(rules engine.Rules) [grid.MaxPlayers][]grid.Square {
	var out [grid.MaxPlayers][]grid.Square
	start := engine.NewPosition(rules)
	for c := range out {
		sq := start.Stones(grid.Color(c)).Squares()
		sort.Slice(sq, func(i, j int) bool {
			ri, ci := wgfCell(sq[i])
			rj, cj := wgfCell(sq[j])
			return ri < rj || ri == rj && ci < cj
		})
		out[c] = sq
	}
	return out
}

// wgfInitBlock returns the init block of the site's game under rules:
// "A1:11,A2:55,B1:15,B2:51" with two players, "" with three.
func wgfInitBlock(rules engine.Rules) string {
	stones := wgfStartStones(rules)
	out := ""
	for c := range stones {
		for i, s := range stones[c] {
			r, col := wgfCell(s)
			if out != "" {
				out += ","
			}
			out += fmt.Sprintf("%c%d:%d%d", wgfLetter(grid.Color(c)), i+1, r, col)
		}
	}
	return out
}
