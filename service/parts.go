package service

import (
	"github.com/wallzero/wallzero/service/access"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/explorer"
	"github.com/wallzero/wallzero/service/jobs"
	"github.com/wallzero/wallzero/service/play"
	"github.com/wallzero/wallzero/service/workspace"
)

// The parts New wires, for the api and the commands to call directly.

// Analyses returns the cached analyses: Analyze answers queries through the analysis cache, the admission controller and
// the gate of the interactive analyses.
func (s *Service) Analyses() *analysis.Cached { return s.analyses }

// Admission returns the admission controller the synchronous analyses,
// play and the explorer share: Full refuses a request before its body is
// read when no analysis could be admitted now, and Stats feeds /metrics.
func (s *Service) Admission() *access.Admission { return s.adm }

// Streams returns the bounds of the streamed analyses open at once (in
// all and per client), which the API takes a place of for each stream.
func (s *Service) Streams() *access.Streams { return s.streams }

// Play returns the levels (GET /v1/levels) and the moves played at them
// (POST /v1/play).
func (s *Service) Play() *play.Service { return s.play }

// Explorer returns the opening explorer: it answers queries from the
// opening table and fills it.
func (s *Service) Explorer() *explorer.Explorer { return s.explorer }

// Jobs returns the job runner: reviews, opening batches and explorer fills
// are submitted, read and cancelled there, and its Workers run them on
// River. Without a database it refuses jobs.
func (s *Service) Jobs() *jobs.Runner { return s.jobs }

// Workspace returns the coach's workspace: collections, players, imports
// reviewed in the background, profiles and drills. Without a database
// (or on a store that keeps no workspace) it refuses every call.
func (s *Service) Workspace() *workspace.Service { return s.ws }
