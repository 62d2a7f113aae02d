package service

import "github.com/wallzero/wallzero/service/jobs"

// Jobs returns the job runner: reviews, opening batches and explorer fills
// are submitted, read and cancelled there, and its Workers run them on
// River. Without a database it refuses jobs.
func (s *Service) Jobs() *jobs.Runner { return s.jobs }
