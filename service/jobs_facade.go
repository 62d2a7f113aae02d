package service

import (
	"context"

	"github.com/riverqueue/river"

	"github.com/wallzero/wallzero/service/explorer"
	"github.com/wallzero/wallzero/service/jobs"
	"github.com/wallzero/wallzero/store"
)

// The job methods forward to the job runner (package jobs).

// SubmitReview validates a review and queues it (jobs.Runner.SubmitReview).
func (s *Service) SubmitReview(ctx context.Context, r *jobs.ReviewRequest) (*jobs.Job, error) {
	return s.jobs.SubmitReview(ctx, r)
}

// Review returns a review job with its result (jobs.Runner.Review).
func (s *Service) Review(ctx context.Context, id string) (*jobs.ReviewJob, error) {
	return s.jobs.Review(ctx, id)
}

// SubmitOpenings validates an opening batch and queues it
// (jobs.Runner.SubmitOpenings).
func (s *Service) SubmitOpenings(ctx context.Context, r *jobs.OpeningsRequest) (*jobs.Job, error) {
	return s.jobs.SubmitOpenings(ctx, r)
}

// SubmitExplorerFill validates an explorer fill and queues it
// (jobs.Runner.SubmitExplorerFill).
func (s *Service) SubmitExplorerFill(ctx context.Context, r *explorer.FillRequest) (*jobs.Job, error) {
	return s.jobs.SubmitExplorerFill(ctx, r)
}

// Job returns a job by id (jobs.Runner.Job).
func (s *Service) Job(ctx context.Context, id string) (*jobs.Job, error) { return s.jobs.Job(ctx, id) }

// CancelJob cancels a queued or running job (jobs.Runner.CancelJob).
func (s *Service) CancelJob(ctx context.Context, id string) (*jobs.Job, error) {
	return s.jobs.CancelJob(ctx, id)
}

// ActiveJobs counts queued and running jobs by "status/kind" (for
// /metrics); nil without a database.
func (s *Service) ActiveJobs(ctx context.Context) (map[string]int, error) {
	return s.jobs.ActiveJobs(ctx)
}

// Workers returns the River workers of the job kinds, for
// store.StartWorker.
func (s *Service) Workers() *river.Workers { return s.jobs.Workers() }

// Prune applies a retention policy now (jobs.Runner.Prune).
func (s *Service) Prune(ctx context.Context, cfg jobs.RetentionConfig) (store.Pruned, error) {
	return s.jobs.Prune(ctx, cfg)
}
