package service

import (
	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/service/access"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/explorer"
	"github.com/wallzero/wallzero/service/jobs"
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

// DefaultJobStep is jobs.DefaultJobStep.
const DefaultJobStep = jobs.DefaultJobStep

// ErrorCode is wallzero.ErrorCode.
func ErrorCode(err error) Code { return wallzero.ErrorCode(err) }

// Auth is access.Auth.
type Auth = access.Auth

// AuthConfig is access.AuthConfig.
type AuthConfig = access.AuthConfig

// Analysis is analysis.Analysis.
type Analysis = analysis.Analysis

// Analyzer is analysis.Analyzer.
type Analyzer = analysis.Analyzer

// Evaluators is analysis.Evaluators.
type Evaluators = analysis.Evaluators

// Limits is analysis.Limits.
type Limits = analysis.Limits

// Metrics is analysis.Metrics.
type Metrics = analysis.Metrics

// Query is analysis.Query.
type Query = analysis.Query

// RunOptions is analysis.RunOptions.
type RunOptions = analysis.RunOptions

// ExplorerQuery is explorer.Query.
type ExplorerQuery = explorer.Query

// ExplorerFillRequest is explorer.FillRequest.
type ExplorerFillRequest = explorer.FillRequest

// SelfplayOpening is explorer.SelfplayOpening.
type SelfplayOpening = explorer.SelfplayOpening

// Forwarders to the packages that own these functions.
var (
	// DefaultAuthConfig is access.DefaultAuthConfig.
	DefaultAuthConfig = access.DefaultAuthConfig
	// NewAuth is access.NewAuth.
	NewAuth = access.NewAuth
	// CreateKey is access.CreateKey.
	CreateKey = access.CreateKey
	// NewAnalyzer is analysis.NewAnalyzer.
	NewAnalyzer = analysis.NewAnalyzer
	// DefaultLimits is analysis.DefaultLimits.
	DefaultLimits = analysis.DefaultLimits
	// Metered is analysis.Metered.
	Metered = analysis.Metered
	// DefaultRetention is jobs.DefaultRetention.
	DefaultRetention = jobs.DefaultRetention
	// RetentionJobs is jobs.RetentionJobs.
	RetentionJobs = jobs.RetentionJobs
)
