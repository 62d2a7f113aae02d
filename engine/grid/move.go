package grid

import (
	"fmt"
	"strings"
)

// MoveKind says what a move does.
type MoveKind int8

// The kinds of move.
const (
	// Place puts a stone on an empty square in the setup phase.
	Place MoveKind = iota + 1
	// Turn moves a stone 0, 1 or 2 steps and builds a wall on one side of its
	// destination.
	Turn
	// Break removes a wall next to one of the mover's stones (three players,
	// once per game); the same player then makes a Turn.
	Break
)

// Move is one action. For Place, To is the square. For Turn, From and To are
// the stone's squares before and after and Side is the side of To where the
// wall is built. For Break, To and Side name the wall, always in its
// canonical form (the north or east side of a square).
type Move struct {
	Kind MoveKind
	From Square
	To   Square
	Side Side
}

// PlaceAt returns the placement of a stone on s.
func PlaceAt(s Square) Move { return Move{Kind: Place, From: NoSquare, To: s, Side: NoSide} }

// TurnMove returns the move of the stone on from to to with a wall on side d
// of to.
func TurnMove(from, to Square, d Side) Move { return Move{Kind: Turn, From: from, To: to, Side: d} }

// BreakWall returns the break of the wall on side d of s, in canonical form.
// ok is false when that side is the board's edge.
func BreakWall(s Square, d Side) (m Move, ok bool) {
	north, at, ok := Slot(s, d)
	if !ok {
		return Move{}, false
	}
	side := East
	if north {
		side = North
	}
	return Move{Kind: Break, From: NoSquare, To: at, Side: side}, true
}

// String formats the move in the project's notation: "C3" for a placement,
// "E5-E3:N" for a turn, "xD4:E" for a break.
func (m Move) String() string {
	switch m.Kind {
	case Place:
		return m.To.String()
	case Turn:
		return m.From.String() + "-" + m.To.String() + ":" + m.Side.String()
	case Break:
		return "x" + m.To.String() + ":" + m.Side.String()
	}
	return "(none)"
}

// ParseMove parses a move in the project's notation. An optional colour
// prefix ("R ", "B ", "G ", "Y ") is returned as colour; NoColor means none
// was given. The move is not checked against any position.
func ParseMove(text string) (m Move, colour Color, err error) {
	colour = NoColor
	t := strings.TrimSpace(text)
	if i := strings.IndexByte(t, ' '); i >= 0 {
		colour, err = ParseColor(t[:i])
		if err != nil {
			return Move{}, NoColor, fmt.Errorf("move %q: bad colour prefix: %w", text, err)
		}
		t = strings.TrimSpace(t[i+1:])
	}
	switch {
	case t == "":
		return Move{}, NoColor, fmt.Errorf("move %q: empty", text)
	case t[0] == 'x' || t[0] == 'X':
		s, d, err := ParseWall(t[1:])
		if err != nil {
			return Move{}, NoColor, fmt.Errorf("move %q: break: %w", text, err)
		}
		m, ok := BreakWall(s, d)
		if !ok {
			return Move{}, NoColor, fmt.Errorf("move %q: break: %s side of %s is the board's edge, not a wall", text, d, s)
		}
		return m, colour, nil
	case len(t) == 2:
		s, err := ParseSquare(t)
		if err != nil {
			return Move{}, NoColor, fmt.Errorf("move %q: %w", text, err)
		}
		return PlaceAt(s), colour, nil
	}
	dash := strings.IndexByte(t, '-')
	if dash < 0 {
		return Move{}, NoColor, fmt.Errorf("move %q: want a placement like C3, a turn like E5-E3:N or a break like xD4:E", text)
	}
	from, err := ParseSquare(t[:dash])
	if err != nil {
		return Move{}, NoColor, fmt.Errorf("move %q: from: %w", text, err)
	}
	to, d, err := ParseWall(t[dash+1:])
	if err != nil {
		return Move{}, NoColor, fmt.Errorf("move %q: %w", text, err)
	}
	return TurnMove(from, to, d), colour, nil
}

// ParseWall parses a wall as its square and side, e.g. "E3:N".
func ParseWall(t string) (Square, Side, error) {
	colon := strings.IndexByte(t, ':')
	if colon < 0 {
		return NoSquare, NoSide, fmt.Errorf("%q: want SQUARE:SIDE, e.g. E3:N", t)
	}
	s, err := ParseSquare(t[:colon])
	if err != nil {
		return NoSquare, NoSide, err
	}
	d, err := ParseSide(t[colon+1:])
	if err != nil {
		return NoSquare, NoSide, err
	}
	return s, d, nil
}
