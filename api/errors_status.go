package api

import "github.com/wallzero/wallzero/service"

// ErrorStatus returns the HTTP status the API answers an error code with
// (the one mapping, statusOf). The OpenAPI generator uses it to give each
// documented error status its examples.
func ErrorStatus(code service.Code) int { return statusOf(code) }
