package recordtext

import (
	"fmt"
	"strings"

	"github.com/wallzero/wallzero/engine"
)

// LineError reports a move (or another item) of a game record given as
// text, a plain move list or a WGF record, that cannot be read or played,
// by the line it is on: `line 7 "E5-E9:N": square "E9": row must be 1-7`.
type LineError struct {
	// Line is the 1-based line of the text.
	Line int
	// Move is the item's text as written (a move of a move list, a turn or
	// placement of a WGF record), cut like engine.MoveError.Move
	// (engine.CutMoveText); empty when the error concerns the line as a
	// whole.
	Move string
	// Err is the reason.
	Err error
}

// Error returns `line N "MOVE": reason`, or `line N: reason` without a
// move.
func (e *LineError) Error() string {
	if e.Move == "" {
		return fmt.Sprintf("line %d: %v", e.Line, e.Err)
	}
	return fmt.Sprintf("line %d %q: %v", e.Line, e.Move, e.Err)
}

// Unwrap returns the reason.
func (e *LineError) Unwrap() error { return e.Err }

// lineError returns a *LineError for the item text on line, cutting an
// over-long text.
func lineError(line int, text string, err error) *LineError {
	return &LineError{Line: line, Move: engine.CutMoveText(text), Err: err}
}

// trimmedError is an error whose text drops a prefix of its cause's text;
// errors.Is and errors.As still see the cause.
type trimmedError struct {
	msg   string
	cause error
}

// Error returns the shortened text.
func (e *trimmedError) Error() string { return e.msg }

// Unwrap returns the cause.
func (e *trimmedError) Unwrap() error { return e.cause }

// withoutMovePrefix drops the `move "TEXT": ` that grid.ParseMove puts
// before its reasons, for errors that name the move already.
func withoutMovePrefix(err error, text string) error {
	prefix := fmt.Sprintf("move %q: ", text)
	if msg := err.Error(); strings.HasPrefix(msg, prefix) {
		return &trimmedError{msg: msg[len(prefix):], cause: err}
	}
	return err
}
