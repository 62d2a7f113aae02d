package api

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/wallzero/wallzero/service"
)

// ErrorResponse is the body of every error answer.
type ErrorResponse struct {
	Error ErrorBody `json:"error"`
}

// ErrorBody describes an error.
type ErrorBody struct {
	// Code is the service error code: invalid, too_large, not_found,
	// conflict, unavailable, timeout or internal.
	Code string `json:"code" example:"invalid"`
	// Field names the request field or move the error concerns, e.g.
	// "moves[4]" or "maxVisits" (empty when it concerns the whole request).
	Field string `json:"field,omitempty" example:"moves[4]"`
	// Message says what is wrong.
	Message string `json:"message" example:"\"E5-E1:N\": E1 is not reachable from E5 in two steps (walls, stones or distance)"`
}

// statusOf maps service error codes to HTTP statuses: the only place that
// does.
func statusOf(code service.Code) int {
	switch code {
	case service.CodeInvalid:
		return http.StatusBadRequest
	case service.CodeTooLarge:
		return http.StatusRequestEntityTooLarge
	case service.CodeNotFound:
		return http.StatusNotFound
	case service.CodeConflict:
		return http.StatusConflict
	case service.CodeUnavailable:
		return http.StatusServiceUnavailable
	case service.CodeTimeout:
		return http.StatusGatewayTimeout
	}
	return http.StatusInternalServerError
}

// writeError answers with err as an ErrorResponse.
func writeError(c *gin.Context, err error) {
	var se *service.Error
	if !errors.As(err, &se) {
		se = &service.Error{Code: service.CodeInternal, Message: err.Error(), Err: err}
	}
	status := statusOf(se.Code)
	if status >= 500 {
		c.Error(err) // logged by the access log
	}
	c.AbortWithStatusJSON(status, ErrorResponse{Error: ErrorBody{Code: string(se.Code), Field: se.Field, Message: se.Message}})
}
