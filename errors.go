package wallzero

import (
	"context"
	"errors"
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/wallzero/wallzero/engine"
)

// Code classifies service errors; the API maps each to an HTTP status in
// one place.
type Code string

// The error codes.
const (
	// CodeInvalid: the request is malformed or breaks the rules.
	CodeInvalid Code = "invalid"
	// CodeTooLarge: the request or one of its lists exceeds a limit.
	CodeTooLarge Code = "too_large"
	// CodeNotFound: the thing asked for does not exist.
	CodeNotFound Code = "not_found"
	// CodeConflict: the request clashes with the current state.
	CodeConflict Code = "conflict"
	// CodeUnavailable: a dependency (database, model) is not ready.
	CodeUnavailable Code = "unavailable"
	// CodeTimeout: the deadline passed.
	CodeTimeout Code = "timeout"
	// CodeInternal: a bug or an unexpected failure.
	CodeInternal Code = "internal"
	// CodeUnauthorized: no valid API key was given.
	CodeUnauthorized Code = "unauthorized"
	// CodeForbidden: the request is understood but not allowed (a
	// cross-origin request from an origin not in the allow-list).
	CodeForbidden Code = "forbidden"
	// CodeRateLimited: the caller's API key is over one of its quotas
	// (visits per second, concurrent jobs, batch size); retry after
	// Error.RetryAfter.
	CodeRateLimited Code = "rate_limited"
	// CodeOverloaded: the service is full (every search slot busy and the
	// wait queue full); retry after Error.RetryAfter.
	CodeOverloaded Code = "overloaded"
	// CodeUnsupportedMediaType: the body is not sent as application/json.
	CodeUnsupportedMediaType Code = "unsupported_media_type"
	// CodeMethodNotAllowed: the path exists, but not with that method.
	CodeMethodNotAllowed Code = "method_not_allowed"
	// CodeRequestTimeout: the request body did not arrive in time.
	CodeRequestTimeout Code = "request_timeout"
)

// Error is the service's error type: a code, the field it concerns (a JSON
// path such as "moves[4]" or "maxVisits", or empty) and a message.
type Error struct {
	Code    Code
	Field   string
	Message string
	// RetryAfter, when positive, tells the client when to try again
	// (CodeRateLimited, CodeOverloaded).
	RetryAfter time.Duration
	Err        error
}

// Error returns "field: message".
func (e *Error) Error() string {
	if e.Field == "" {
		return e.Message
	}
	return e.Field + ": " + e.Message
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// Invalid returns a CodeInvalid error for field.
func Invalid(field, msg string) *Error { return &Error{Code: CodeInvalid, Field: field, Message: msg} }

// ErrorCode returns the code of err (CodeInternal for foreign errors).
func ErrorCode(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return CodeInternal
}

// RecordError turns an engine error about a record into an *Error naming
// the field by its full JSON path: a *engine.MoveError names the move
// ("moves[4]"), a *engine.FieldError the rules or board field
// ("rules.players", "board.walls[1].side").
func RecordError(err error) *Error {
	var me *engine.MoveError
	if errors.As(err, &me) {
		return &Error{Code: CodeInvalid, Field: me.Field(), Message: fmt.Sprintf("%q: %v", me.Move, me.Err), Err: err}
	}
	var fe *engine.FieldError
	if errors.As(err, &fe) {
		return &Error{Code: CodeInvalid, Field: fe.Field, Message: fe.Err.Error(), Err: err}
	}
	return &Error{Code: CodeInvalid, Message: err.Error(), Err: err}
}

// TimeoutOr maps a context error to the service's error: CodeTimeout for
// a passed deadline, else CodeUnavailable (the request was cancelled).
func TimeoutOr(err error) error {
	if err == context.DeadlineExceeded {
		return &Error{Code: CodeTimeout, Message: "the analysis did not finish before the deadline", Err: err}
	}
	return &Error{Code: CodeUnavailable, Message: "the request was cancelled", Err: err}
}

// Clip shortens a client's string for a message: at most n bytes, cut at
// a character boundary, with "..." when cut.
func Clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "..."
}
