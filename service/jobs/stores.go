package jobs

import (
	"context"

	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/store"
)

// JobStore keeps the jobs table: the ONE source of truth for a job's
// state as clients see it (status, progress, attempts, error, result).
// River only schedules: CreateJob enqueues the River job in the same
// transaction, CancelJob cancels it, and the workers' verdicts (done,
// snoozed, cancelled, retried) follow the jobs row, never the reverse.
// Nothing in the service reads River's own job state.
type JobStore interface {
	CreateJob(ctx context.Context, nj store.NewJob) (*store.Job, error)
	Job(ctx context.Context, id string) (*store.Job, error)
	OwnedJob(ctx context.Context, id string, owner int64) (*store.Job, error)
	StartJob(ctx context.Context, id string, riverAttempt int) (*store.Job, error)
	SetProgress(ctx context.Context, id string, done int) (string, error)
	FinishJob(ctx context.Context, id string, result []byte) (bool, error)
	FailJob(ctx context.Context, id, msg string) error
	RequeueJob(ctx context.Context, id, msg string) error
	CancelJob(ctx context.Context, id string, owner int64) (*store.Job, error)
	ActiveJobs(ctx context.Context) (map[string]int, error)
}

// Store is everything the jobs keep in the database: the jobs, the
// analysis cache (opening batches read and write it in bulk) and the
// retention policy.
type Store interface {
	JobStore
	analysis.Cache
	// Prune applies the retention policy (the retention job).
	Prune(ctx context.Context, r store.Retention) (store.Pruned, error)
}

var _ Store = (*store.Store)(nil)
