package service

import (
	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/service/access"
)

// The names below serve cmd/ until it imports the packages that now own
// them; new code imports those packages directly.

// Error is wallzero.Error.
type Error = wallzero.Error

// Code is wallzero.Code.
type Code = wallzero.Code

// The error codes cmd/ uses.
const (
	CodeInternal     = wallzero.CodeInternal
	CodeInvalid      = wallzero.CodeInvalid
	CodeUnauthorized = wallzero.CodeUnauthorized
)

// ErrorCode is wallzero.ErrorCode.
func ErrorCode(err error) Code { return wallzero.ErrorCode(err) }

// Auth is access.Auth.
type Auth = access.Auth

// AuthConfig is access.AuthConfig.
type AuthConfig = access.AuthConfig

// Forwarders to the packages that own these functions.
var (
	// DefaultAuthConfig is access.DefaultAuthConfig.
	DefaultAuthConfig = access.DefaultAuthConfig
	// NewAuth is access.NewAuth.
	NewAuth = access.NewAuth
	// CreateKey is access.CreateKey.
	CreateKey = access.CreateKey
)
