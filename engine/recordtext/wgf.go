package recordtext

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// ParseWGF reads a WGF record, the game record of the WallGo site
// ZachChiu/quoridor (app/utils/wgf.ts serializeWGF and parseWGF, written
// by app/game/engine.ts toWgf), and replays it. The record is one line of
// four blocks separated by '|':
//
//	PLAYERS|INIT|OPENING|TURNS
//	2|A1:11,A2:55,B1:15,B2:51|A342,B344,B422,A424|A434,H24;BV43
//
// The blocks:
//
//   - PLAYERS is 2 or 3.
//   - INIT lists the preset stones, PLAYER PIECE:ROW COL: with two players
//     exactly A1:11,A2:55,B1:15,B2:51 (the four-stone opening: Red on B6
//     and F2, Blue on F6 and B2), with three players nothing.
//   - OPENING lists the placements in order, PLAYER PIECE ROW COL, the
//     stones numbered per player from 1 on after the preset ones: A B B A
//     with two players (pieces 3 and 4), A B C C B A with three (1 and 2).
//   - TURNS lists the turns separated by ';': the player's letter, then
//     its actions separated by ',': a step PIECE ROW COL (the stone moves
//     to that cell; a turn's steps, one of two cells or two of one, move
//     one stone at most two cells in all), a wall H|V ROW COL, which ends
//     the turn and must be a side of the stone's cell, and in three-player
//     games a break X H|V ROW COL. A turn without a step is a stay; as the
//     wall names no stone, the stone is the player's stone beside it (the
//     first in piece order for which the stay is legal).
//
// Cells and walls are mapped onto the engine's squares as wgfboard.go
// describes ((r, c) is column 'A'+c, row 7-r). A break is played before
// the turn's move, as the engine writes it (docs/rules.md), wherever it
// stands among the turn's actions: under breakTiming=any-time (the site's)
// the engine then checks that the stone passed beside the wall at a point
// of the turn where it could break it; under before-move a break after a
// step is refused unless the wall was beside a stone before the move. Skipped players (docs/rules.md) get no
// turn in WGF, as in the engine; a turn's player must be the one the
// engine has to move.
//
// WGF carries no rule options: the rules are WGFRules, the site's, unless
// rules is given, whose other options then apply, the unset ones at their
// defaults (players and opening come from the record and may only repeat
// it). Blank lines around the
// record are allowed. Errors are *LineError values naming the line and
// the item (block, placement or turn) with the reason, e.g.
// `line 1 "A434,H71": turn 1: action "H71": cell 71 is off the board: the
// site's board is 7x7, rows and columns 0-6`; bad rules are a
// *engine.FieldError.
func ParseWGF(text string, rules *engine.Rules) (engine.Record, error) {
	line, ln, err := wgfLine(text)
	if err != nil {
		return engine.Record{}, err
	}
	blocks := strings.Split(line, "|")
	if len(blocks) != 4 {
		return engine.Record{}, &LineError{Line: ln, Err: fmt.Errorf("a WGF record has 4 blocks separated by '|' (players|init|opening|turns); this line has %d", len(blocks))}
	}
	r, err := wgfRules(blocks[0], rules)
	if err != nil {
		if fe := (*engine.FieldError)(nil); errors.As(err, &fe) {
			return engine.Record{}, err // the rules given are bad, not the text
		}
		return engine.Record{}, lineError(ln, blocks[0], err)
	}
	if want := wgfInitBlock(r); !sameItems(blocks[1], want) {
		return engine.Record{}, lineError(ln, blocks[1], wgfInitError(r, want))
	}
	w := &wgfReader{g: &engine.Game{Rules: r, Start: engine.NewPosition(r)}, pieces: wgfStartStones(r)}
	w.g.Final = w.g.Start
	if blocks[2] != "" {
		for i, tok := range strings.Split(blocks[2], ",") {
			if err := w.place(tok); err != nil {
				return engine.Record{}, lineError(ln, tok, fmt.Errorf("opening placement %d: %w", i+1, err))
			}
		}
	}
	if blocks[3] != "" {
		for i, turn := range strings.Split(blocks[3], ";") {
			if err := w.turn(turn); err != nil {
				return engine.Record{}, lineError(ln, turn, fmt.Errorf("turn %d: %w", i+1, err))
			}
		}
	}
	return w.g.Record(), nil
}

// wgfLine returns the one non-blank line of text, trimmed, and its
// 1-based number.
func wgfLine(text string) (string, int, error) {
	line, ln := firstTextLine(text)
	if ln == 0 {
		return "", 0, errors.New("the text is empty: a WGF record is one line such as 2|A1:11,A2:55,B1:15,B2:51||")
	}
	rest := strings.Split(text, "\n")[ln:]
	for i, l := range rest {
		if strings.TrimSpace(l) != "" {
			return "", 0, &LineError{Line: ln + 1 + i, Err: errors.New("a WGF record is one line; this is a second")}
		}
	}
	return line, ln, nil
}

// wgfRules returns the rules of a record whose players block is block,
// given rules (nil: the site's).
func wgfRules(block string, given *engine.Rules) (engine.Rules, error) {
	var players int
	switch block {
	case "2", "3":
		players = int(block[0] - '0')
	default:
		return engine.Rules{}, fmt.Errorf("players: the site's games have 2 or 3 players, not %q", block)
	}
	site := WGFRules(players)
	if given == nil {
		return site, nil
	}
	r := *given
	if r.Players != 0 && r.Players != players {
		return engine.Rules{}, fmt.Errorf("players: the record has %d players, the rules given %d", players, r.Players)
	}
	if r.Opening != "" && r.Opening != site.Opening {
		return engine.Rules{}, fmt.Errorf("players: the site's %d-player game starts from the %s opening, the rules given say %s", players, site.Opening, r.Opening)
	}
	r.Players, r.Opening = players, site.Opening
	return r.Normalize()
}

// wgfInitError explains an init block that is not the site's.
func wgfInitError(r engine.Rules, want string) error {
	if want == "" {
		return errors.New("init: the site's three-player game has no preset stones, so this block is empty")
	}
	return fmt.Errorf("init: the site's two-player game starts with the preset stones %s (the four-stone opening: Red on B6 and F2, Blue on F6 and B2), nothing else", want)
}

// sameItems reports whether two comma-separated lists hold the same items
// in any order.
func sameItems(a, b string) bool {
	split := func(s string) []string {
		if s == "" {
			return nil
		}
		out := strings.Split(s, ",")
		sort.Strings(out)
		return out
	}
	x, y := split(a), split(b)
	if len(x) != len(y) {
		return false
	}
	for i := range x {
		if x[i] != y[i] {
			return false
		}
	}
	return true
}

// wgfReader replays a WGF record's placements and turns on a game,
// keeping the site's piece numbers.
type wgfReader struct {
	g *engine.Game
	// pieces holds each player's stones by piece number (index 0: piece 1).
	pieces [grid.MaxPlayers][]grid.Square
}

// place plays one opening placement, PLAYER PIECE ROW COL.
func (w *wgfReader) place(tok string) error {
	if len(tok) != 4 {
		return errors.New("want PLAYER PIECE ROW COL, e.g. A323 (A's stone 3 on row 2, column 3)")
	}
	c, err := w.player(tok[0])
	if err != nil {
		return err
	}
	cell, err := wgfCellOf(tok[2], tok[3])
	if err != nil {
		return err
	}
	p := &w.g.Final
	if p.Phase() != engine.Setup {
		done, total := p.SetupPlacements()
		return fmt.Errorf("the setup phase is over (%d of %d placements made)", done, total)
	}
	if c != p.ToMove() {
		return fmt.Errorf("%s (%c) places, but %s is to place", c, tok[0], p.ToMove())
	}
	if want := len(w.pieces[c]) + 1; int(tok[1]-'0') != want {
		return fmt.Errorf("%c's next stone is number %d, not %c", tok[0], want, tok[1])
	}
	if err := w.g.Play(grid.PlaceAt(cell)); err != nil {
		return err
	}
	w.pieces[c] = append(w.pieces[c], cell)
	return nil
}

// player returns the colour of a player letter.
func (w *wgfReader) player(letter byte) (grid.Color, error) {
	c, ok := wgfColor(letter, w.g.Rules.Players)
	if !ok {
		names := "A and B"
		if w.g.Rules.Players == 3 {
			names = "A, B and C"
		}
		return grid.NoColor, fmt.Errorf("player %q: the players of a %d-player game are %s", letter, w.g.Rules.Players, names)
	}
	return c, nil
}

// wgfCellOf returns the square of the cell whose row and column digits
// are r and c.
func wgfCellOf(r, c byte) (grid.Square, error) {
	if r < '0' || r > '9' || c < '0' || c > '9' {
		return grid.NoSquare, fmt.Errorf("%q: want a row and a column digit, 0-6", []byte{r, c})
	}
	if r > '6' || c > '6' {
		return grid.NoSquare, fmt.Errorf("cell %c%c is off the board: the site's board is 7x7, rows and columns 0-6", r, c)
	}
	return wgfSquare(int(r-'0'), int(c-'0')), nil
}
