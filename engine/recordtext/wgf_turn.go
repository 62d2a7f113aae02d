package recordtext

import (
	"errors"
	"fmt"
	"strings"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// wgfAction is one action of a WGF turn (see ParseWGF).
type wgfAction struct {
	// Kind is 'S' for a step, 'W' for a wall, 'X' for a break.
	Kind byte
	// Piece is the stone a step moves (1-based, the site's piece number).
	Piece int
	// Cell is where a step takes the stone.
	Cell grid.Square
	// Wall is the slot of a wall or a break.
	Wall wgfWall
	// Text is the action as written.
	Text string
}

// parseWGFAction parses a step (PIECE ROW COL), a wall (H|V ROW COL) or a
// break (X H|V ROW COL), the player letter already taken off.
func parseWGFAction(tok string) (wgfAction, error) {
	a := wgfAction{Text: tok}
	var err error
	switch {
	case len(tok) == 4 && tok[0] == 'X':
		a.Kind = 'X'
		a.Wall, err = parseWGFWall(tok[1:])
	case len(tok) == 3 && (tok[0] == 'H' || tok[0] == 'V'):
		a.Kind = 'W'
		a.Wall, err = parseWGFWall(tok)
	case len(tok) == 3 && tok[0] >= '1' && tok[0] <= '9':
		a.Kind, a.Piece = 'S', int(tok[0]-'0')
		a.Cell, err = wgfCellOf(tok[1], tok[2])
	default:
		err = errors.New("want a step like 132 (stone 1 to row 3, column 2), a wall like H23 or V23, or a break like XH23")
	}
	if err != nil {
		return wgfAction{}, fmt.Errorf("action %q: %w", tok, err)
	}
	return a, nil
}

// parseWGFWall parses a wall slot, H|V ROW COL.
func parseWGFWall(t string) (wgfWall, error) {
	if t[0] != 'H' && t[0] != 'V' {
		return wgfWall{}, errors.New("a wall is H or V, then a row and a column")
	}
	s, err := wgfCellOf(t[1], t[2])
	if err != nil {
		return wgfWall{}, err
	}
	r, c := wgfCell(s)
	w := wgfWall{Dir: t[0], Row: r, Col: c}
	switch {
	case w.Dir == 'H' && r == grid.Size-1:
		return wgfWall{}, errors.New("a wall H on row 6 would lie below the bottom row, on the board's edge, which is not a wall slot")
	case w.Dir == 'V' && c == grid.Size-1:
		return wgfWall{}, errors.New("a wall V on column 6 would lie right of the right column, on the board's edge, which is not a wall slot")
	}
	return w, nil
}

// turn plays one WGF turn: the player's letter, then its actions
// separated by ','. A break is played first, then the turn.
func (w *wgfReader) turn(text string) error {
	if text == "" {
		return errors.New("empty: a turn is the player's letter and its actions, e.g. A123,H22")
	}
	c, err := w.player(text[0])
	if err != nil {
		return err
	}
	toks := strings.Split(text[1:], ",")
	if len(toks) > 4 {
		return fmt.Errorf("%d actions: a turn has at most a break, two steps and a wall", len(toks))
	}
	acts := make([]wgfAction, 0, len(toks))
	for _, tok := range toks {
		a, err := parseWGFAction(tok)
		if err != nil {
			return err
		}
		acts = append(acts, a)
	}
	wall := acts[len(acts)-1]
	if wall.Kind != 'W' {
		return errors.New("a turn ends with its wall, H or V and a row and a column")
	}
	var brk *wgfAction
	var steps []wgfAction
	for i, a := range acts[:len(acts)-1] {
		switch {
		case a.Kind == 'W':
			return fmt.Errorf("action %q: a turn builds one wall, its last action", a.Text)
		case a.Kind == 'X' && brk != nil:
			return fmt.Errorf("action %q: a player breaks one wall a game", a.Text)
		case a.Kind == 'X':
			brk = &acts[i]
		default:
			steps = append(steps, a)
		}
	}
	p := &w.g.Final
	switch {
	case p.Phase() == engine.Setup:
		return fmt.Errorf("the opening is not complete: %s still places a stone", p.ToMove())
	case p.Phase() == engine.Over:
		return engine.ErrGameOver
	case c != p.ToMove():
		return fmt.Errorf("%s (%c) plays, but %s is to move", c, text[0], p.ToMove())
	}
	if brk != nil {
		s, d := brk.Wall.firstSide()
		m, _ := grid.BreakWall(s, d)
		if err := w.g.Play(m); err != nil {
			return fmt.Errorf("action %q: %w", brk.Text, err)
		}
	}
	m, piece, err := w.turnMove(c, steps, wall)
	if err != nil {
		return err
	}
	if err := w.g.Play(m); err != nil {
		return err
	}
	w.pieces[c][piece] = m.To
	return nil
}

// turnMove returns the engine's turn for a WGF turn's steps and wall, and
// the index of the stone it moves in c's pieces.
func (w *wgfReader) turnMove(c grid.Color, steps []wgfAction, wall wgfAction) (grid.Move, int, error) {
	if len(steps) == 0 {
		return w.stay(c, wall)
	}
	piece := steps[0].Piece
	if piece > len(w.pieces[c]) {
		return grid.Move{}, 0, fmt.Errorf("action %q: %s has no stone %d (it has %d)", steps[0].Text, c, piece, len(w.pieces[c]))
	}
	from := w.pieces[c][piece-1]
	cur, moved := from, 0
	for _, s := range steps {
		if s.Piece != piece {
			return grid.Move{}, 0, fmt.Errorf("action %q: a turn moves one stone, and stone %d moved first", s.Text, piece)
		}
		d := distance(cur, s.Cell)
		if d == 0 {
			return grid.Move{}, 0, fmt.Errorf("action %q: the stone is on that cell (%s) already", s.Text, s.Cell)
		}
		if moved += d; moved > 2 {
			return grid.Move{}, 0, fmt.Errorf("action %q: the stone would move %d cells from %s; a turn moves it at most 2", s.Text, moved, from)
		}
		cur = s.Cell
	}
	side, ok := wall.Wall.sideOf(cur)
	if !ok {
		return grid.Move{}, 0, fmt.Errorf("action %q: the wall is not a side of %s, where the stone ends its move", wall.Text, cur)
	}
	return grid.TurnMove(from, cur, side), piece - 1, nil
}

// stay returns the turn of a WGF turn without a step: the stone is the
// first of c's stones, in piece order, beside the wall whose stay is
// legal, or the first beside it (whose stay engine.Game.Play then
// refuses).
func (w *wgfReader) stay(c grid.Color, wall wgfAction) (grid.Move, int, error) {
	first := -1
	var firstMove grid.Move
	for i, s := range w.pieces[c] {
		d, ok := wall.Wall.sideOf(s)
		if !ok {
			continue
		}
		m := grid.TurnMove(s, s, d)
		if w.g.Final.CheckMove(m) == nil {
			return m, i, nil
		}
		if first < 0 {
			first, firstMove = i, m
		}
	}
	if first < 0 {
		return grid.Move{}, 0, fmt.Errorf("action %q: the turn moves no stone, and the wall is beside none of %s's stones", wall.Text, c)
	}
	return firstMove, first, nil
}

// distance returns the number of orthogonal steps between a and b,
// walls and stones aside.
func distance(a, b grid.Square) int {
	dc, dr := a.Col()-b.Col(), a.Row()-b.Row()
	return max(dc, -dc) + max(dr, -dr)
}
