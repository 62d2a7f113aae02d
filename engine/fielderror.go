package engine

import "fmt"

// FieldError is an error about one field of a record, its rules or its
// board: Field is the field's full JSON path ("rules.players",
// "board.stones.red[2]", "board.walls[1].side") and Err the reason. Its
// text is "field: reason", so callers that only print errors read the
// path too; callers that map errors to fields use errors.As.
type FieldError struct {
	// Field is the JSON path of the field, e.g. "board.walls[1].side".
	Field string
	// Err is the reason.
	Err error
}

// Error returns "field: reason".
func (e *FieldError) Error() string { return e.Field + ": " + e.Err.Error() }

// Unwrap returns the reason.
func (e *FieldError) Unwrap() error { return e.Err }

// fieldError returns a *FieldError for field with a formatted reason.
func fieldError(field, format string, args ...any) error {
	return &FieldError{Field: field, Err: fmt.Errorf(format, args...)}
}
