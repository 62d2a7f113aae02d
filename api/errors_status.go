package api

import "github.com/wallzero/wallzero"

// ErrorStatus returns the HTTP status the API answers an error code with
// (the one mapping, statusOf). The OpenAPI generator uses it to give each
// documented error status its examples.
func ErrorStatus(code wallzero.Code) int { return statusOf(code) }
