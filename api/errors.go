package api

import (
	"errors"
	"math"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/internal/reqid"
)

// ErrorResponse is the body of every error answer.
type ErrorResponse struct {
	Error ErrorBody `json:"error"`
}

// ErrorBody describes an error.
type ErrorBody struct {
	// Code is the service error code: invalid, too_large, not_found,
	// conflict, unavailable, timeout, internal, unauthorized, forbidden,
	// rate_limited, overloaded, unsupported_media_type,
	// method_not_allowed or request_timeout.
	Code string `json:"code" example:"invalid" enums:"invalid,too_large,not_found,conflict,unavailable,timeout,internal,unauthorized,forbidden,rate_limited,overloaded,unsupported_media_type,method_not_allowed,request_timeout"`
	// Field is the full JSON path of the request field the error concerns,
	// e.g. "moves[4]", "rules.players" or "board.stones.red[2]", or the
	// query parameter or header (empty when it concerns the whole request).
	// For a record given as text (POST /v1/records/import) it names the
	// place in the text: "text:line 7", or "text:moves[4]" in a JSON record.
	Field string `json:"field,omitempty" example:"moves[4]"`
	// Message says what is wrong. For 5xx errors it says what failed in
	// general words only; the details are in the server's log under the
	// request id.
	Message string `json:"message" example:"\"E5-E1:N\": E1 is not reachable from E5 in two steps (walls, stones or distance)"`
	// RequestID is the request's id (the X-Request-ID header, sent or
	// generated), also in every log line about the request.
	RequestID string `json:"requestId,omitempty" example:"6c3b1f0e9a8d4c2b"`
	// RetryAfterSeconds repeats the Retry-After header of 429 and 503
	// answers.
	RetryAfterSeconds int `json:"retryAfterSeconds,omitempty" example:"2"`
}

// statusOf maps service error codes to HTTP statuses: the only place that
// does.
func statusOf(code wallzero.Code) int {
	switch code {
	case wallzero.CodeInvalid:
		return http.StatusBadRequest
	case wallzero.CodeUnauthorized:
		return http.StatusUnauthorized
	case wallzero.CodeForbidden:
		return http.StatusForbidden
	case wallzero.CodeNotFound:
		return http.StatusNotFound
	case wallzero.CodeMethodNotAllowed:
		return http.StatusMethodNotAllowed
	case wallzero.CodeRequestTimeout:
		return http.StatusRequestTimeout
	case wallzero.CodeConflict:
		return http.StatusConflict
	case wallzero.CodeTooLarge:
		return http.StatusRequestEntityTooLarge
	case wallzero.CodeUnsupportedMediaType:
		return http.StatusUnsupportedMediaType
	case wallzero.CodeRateLimited:
		return http.StatusTooManyRequests
	case wallzero.CodeUnavailable, wallzero.CodeOverloaded:
		return http.StatusServiceUnavailable
	case wallzero.CodeTimeout:
		return http.StatusGatewayTimeout
	}
	return http.StatusInternalServerError
}

// publicMessage is what a 5xx answer says: what failed in general words.
// The error's own message, which may name hosts, users or SQL states, goes
// to the log only.
func publicMessage(code wallzero.Code) string {
	switch code {
	case wallzero.CodeUnavailable:
		return "a service this request needs (the database or the model) is unavailable; try again later"
	case wallzero.CodeOverloaded:
		return "the service is at capacity; try again after the Retry-After delay"
	case wallzero.CodeTimeout:
		return "the analysis did not finish before the deadline; ask for fewer visits or positions, or try again"
	}
	return "internal error"
}

// writeError answers with err as an ErrorResponse: the status of its code,
// Retry-After when the error carries one, and the request id. A 5xx answer
// carries a general message; the error itself is logged by the access log.
func writeError(c *gin.Context, err error) {
	status, body := errorOf(c, err)
	c.AbortWithStatusJSON(status, ErrorResponse{Error: body})
}

// errorOf returns the status and the body of err's response, and sets its
// Retry-After header (writeError; a streamed analysis sends the body as
// its last event).
func errorOf(c *gin.Context, err error) (int, ErrorBody) {
	var se *wallzero.Error
	if !errors.As(err, &se) {
		se = &wallzero.Error{Code: wallzero.CodeInternal, Message: err.Error(), Err: err}
	}
	status := statusOf(se.Code)
	body := ErrorBody{Code: string(se.Code), Field: se.Field, Message: se.Message, RequestID: reqid.From(c.Request.Context())}
	if status >= 500 {
		c.Error(err) // logged by the access log, with the request id
		body.Field, body.Message = "", publicMessage(se.Code)
		if se.Code == wallzero.CodeOverloaded {
			body.Message = se.Message // says which limit, nothing private
		}
	}
	if se.RetryAfter > 0 {
		secs := int(math.Ceil(se.RetryAfter.Seconds()))
		c.Header("Retry-After", strconv.Itoa(secs))
		body.RetryAfterSeconds = secs
	}
	return status, body
}
