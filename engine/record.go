package engine

import (
	"fmt"
	"sync/atomic"
	"unicode/utf8"

	"github.com/wallzero/wallzero/engine/grid"
)

// Record is the JSON form of a game: its rules and its moves in notation,
// optionally starting from an explicit board instead of the rules' start
// position.
//
//	{"rules": {"players": 2, "opening": "four-stone"}, "moves": ["C3", "E3", "C5", "E5", "E5-E3:N"]}
type Record struct {
	// Rules are the game's rules; every field is optional (see Rules).
	Rules Rules `json:"rules"`
	// Board, when set, is the position the moves start from.
	Board *Diagram `json:"board,omitempty"`
	// Moves are the moves in order, in the notation of ParseMove.
	Moves []string `json:"moves"`
}

// MoveError reports a move of a record that cannot be parsed or played.
type MoveError struct {
	// Index is the move's 0-based index in the record's moves.
	Index int
	// Move is the move's text as given, or, when it is longer than
	// MaxMoveText bytes, its first MaxMoveText bytes or fewer (cut at the
	// start of a character) and "...".
	Move string
	// Err is the reason.
	Err error
}

// Field returns the move's JSON path, e.g. "moves[4]".
func (e *MoveError) Field() string { return fmt.Sprintf("moves[%d]", e.Index) }

// Error returns e.g. `moves[4] "E5-E3:N": E3 is not reachable ...`.
func (e *MoveError) Error() string {
	return fmt.Sprintf("moves[%d] %q: %v", e.Index, e.Move, e.Err)
}

// Unwrap returns the reason.
func (e *MoveError) Unwrap() error { return e.Err }

// Game is a replayed record: the start position and the moves, all known to
// be legal.
type Game struct {
	// Rules are the normalized rules.
	Rules Rules
	// Start is the position before the first move.
	Start Position
	// Moves are the moves played.
	Moves []grid.Move
	// Movers holds who made each move.
	Movers []grid.Color
	// LegalCounts holds the number of legal moves before each move.
	LegalCounts []int
	// Final is the position after the last move.
	Final Position
}

// MaxMoveText is the longest move text a record may hold, in bytes: the
// longest move in notation with a colour prefix ("yellow E5-E3:N") and
// some spaces fits with room to spare.
const MaxMoveText = 32

// replays counts the replays of a game from its start: each call of
// Record.Game, Record.Replay and Game.Positions is one.
var replays atomic.Int64

// Replays returns the number of replays of a game from its start (calls
// of Record.Game, Record.Replay and Game.Positions) this process has
// made. Tests read it before and after a request to check how many times
// the request replays its record.
func Replays() int64 { return replays.Load() }

// Game normalizes the rules and replays every move, stopping at the first
// error, which is a *MoveError naming the move or a *FieldError naming the
// rules or board field.
func (r Record) Game() (*Game, error) {
	g, _, err := r.replay(false)
	return g, err
}

// Replay is Game that also returns what Game.Positions would, the
// position before each move and the final one, from the same single
// replay.
func (r Record) Replay() (*Game, []Position, error) {
	return r.replay(true)
}

// replay replays the record, keeping the positions when asked.
func (r Record) replay(keep bool) (*Game, []Position, error) {
	replays.Add(1)
	rules, err := r.Rules.Normalize()
	if err != nil {
		return nil, nil, err
	}
	start := NewPosition(rules)
	if r.Board != nil {
		if start, err = r.Board.Position(rules); err != nil {
			return nil, nil, err
		}
	}
	g := &Game{Rules: rules, Start: start, Final: start}
	var positions []Position
	if keep {
		positions = make([]Position, 0, len(r.Moves)+1)
	}
	for i, text := range r.Moves {
		if len(text) > MaxMoveText {
			return nil, nil, &MoveError{Index: i, Move: CutMoveText(text), Err: fmt.Errorf("%d bytes, a move is at most %d", len(text), MaxMoveText)}
		}
		if keep {
			positions = append(positions, g.Final)
		}
		if err := g.PlayText(text); err != nil {
			return nil, nil, &MoveError{Index: i, Move: text, Err: err}
		}
	}
	if keep {
		positions = append(positions, g.Final)
	}
	return g, positions, nil
}

// CutMoveText returns a move's text as MoveError.Move names it: the text
// itself when it is at most MaxMoveText bytes long, else its first
// MaxMoveText bytes, or fewer so as not to split a character, and "...".
// Errors of records given as text (package recordtext) cut the items they
// name the same way.
func CutMoveText(text string) string {
	if len(text) <= MaxMoveText {
		return text
	}
	cut := MaxMoveText
	for cut > 0 && !utf8.RuneStart(text[cut]) {
		cut--
	}
	return text[:cut] + "..."
}

// PlayText parses a move in notation, checks its colour prefix (if any) and
// plays it on the final position.
func (g *Game) PlayText(text string) error {
	m, colour, err := grid.ParseMove(text)
	if err != nil {
		return err
	}
	if colour != grid.NoColor && colour != g.Final.ToMove() && g.Final.Phase() != Over {
		return fmt.Errorf("%s is to move, not %s", g.Final.ToMove(), colour)
	}
	return g.Play(m)
}

// Play checks m and plays it on the final position.
func (g *Game) Play(m grid.Move) error {
	n := g.Final.CountLegalMoves()
	mover := g.Final.ToMove()
	if err := g.Final.Play(m); err != nil {
		return err
	}
	g.Moves = append(g.Moves, m)
	g.Movers = append(g.Movers, mover)
	g.LegalCounts = append(g.LegalCounts, n)
	return nil
}

// Positions returns the position before each move and the final one:
// len(Moves)+1 positions.
func (g *Game) Positions() []Position {
	replays.Add(1)
	out := make([]Position, 0, len(g.Moves)+1)
	p := g.Start
	out = append(out, p)
	for _, m := range g.Moves {
		p.Apply(m)
		out = append(out, p)
	}
	return out
}

// Record returns the game as a record, with moves in canonical notation and
// colour prefixes.
func (g *Game) Record() Record {
	r := Record{Rules: g.Rules, Moves: make([]string, len(g.Moves))}
	if g.Start != NewPosition(g.Rules) {
		b := DiagramOf(&g.Start)
		r.Board = &b
	}
	for i, m := range g.Moves {
		r.Moves[i] = g.Movers[i].Letter() + " " + m.String()
	}
	return r
}
