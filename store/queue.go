package store

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertype"
)

// WorkerConfig sets up a River client that works jobs.
type WorkerConfig struct {
	// Workers are the job kinds this process can run.
	Workers *river.Workers
	// MaxWorkers is how many jobs this process runs at once.
	MaxWorkers int
	// JobTimeout cancels a job attempt (one step of a job, see service's
	// JobsConfig) that runs longer (0: DefaultJobTimeout). A job left
	// running by a killed process is rescued (retried by any worker)
	// RescueMargin after it.
	JobTimeout time.Duration
	// PeriodicJobs are enqueued by the elected leader of the workers at
	// their intervals (e.g. the retention job).
	PeriodicJobs []*river.PeriodicJob
	// PollInterval is how often the queue is polled besides
	// LISTEN/NOTIFY (0: River's default, one second).
	PollInterval time.Duration
	// Logger receives River's logs (nil: the store's).
	Logger *slog.Logger
}

// DefaultJobTimeout is the default JobTimeout: jobs work in steps of
// about ten seconds (see JobsConfig in service/jobs), so an attempt is short.
const DefaultJobTimeout = 30 * time.Second

// RescueMargin is how long after JobTimeout a job still marked running
// is taken for abandoned (its process was killed) and rescued by River's
// rescuer. The margin leaves a worker whose attempt just timed out the
// time to report it. River's rescuer runs every 30 s on the elected
// leader, so a job left by a killed process is retried at most
// JobTimeout + RescueMargin + 30 s (+ the leader election, the retry
// delay and the scheduler's 5 s tick) after its last step began;
// docs/jobs.md has the timeline.
const RescueMargin = 10 * time.Second

// Worker is a running River client that works jobs.
type Worker struct {
	client *river.Client[pgx.Tx]
}

// StartWorker starts a River client working jobs from the default queue.
func (s *Store) StartWorker(ctx context.Context, cfg WorkerConfig) (*Worker, error) {
	if cfg.MaxWorkers < 1 {
		return nil, fmt.Errorf("store: worker: MaxWorkers %d must be at least 1", cfg.MaxWorkers)
	}
	cfg.JobTimeout = cmp.Or(max(cfg.JobTimeout, 0), DefaultJobTimeout)
	logger := cmp.Or(cfg.Logger, s.logger)
	client, err := river.NewClient(riverpgxv5.New(s.pool), &river.Config{
		Queues:               map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: cfg.MaxWorkers}},
		Workers:              cfg.Workers,
		JobTimeout:           cfg.JobTimeout,
		RescueStuckJobsAfter: cfg.JobTimeout + RescueMargin,
		PeriodicJobs:         cfg.PeriodicJobs,
		RetryPolicy:          backoff{},
		FetchPollInterval:    cfg.PollInterval,
		Logger:               logger,
	})
	if err != nil {
		return nil, fmt.Errorf("store: worker: %w", err)
	}
	if err := client.Start(ctx); err != nil {
		return nil, fmt.Errorf("store: worker: %w", err)
	}
	return &Worker{client: client}, nil
}

// Stop stops fetching jobs and waits up to grace for the running ones to
// finish; then it cancels them, and their workers hand them back to the
// queue (see service: an interrupted job is snoozed, not failed) before
// Stop returns.
func (w *Worker) Stop(ctx context.Context, grace time.Duration) error {
	soft, cancel := context.WithTimeout(ctx, grace)
	defer cancel()
	err := w.client.Stop(soft)
	if err == nil {
		return nil
	}
	if !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, context.Canceled) {
		return err
	}
	hard, cancel2 := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel2()
	return w.client.StopAndCancel(hard)
}

// backoff retries failed jobs after about 1, 2, 4, ... seconds, at most
// maxBackoff apart (the first retry, also of a job rescued from a killed
// process, comes after about one second). Each delay is drawn from
// [d/2, d] (d the exponential delay), so jobs that failed together, for
// example when the database went away, do not all come back at the same
// instant. Snoozed steps record no error, so they do not lengthen it.
type backoff struct{}

// maxBackoff caps the delay between two attempts of a job.
const maxBackoff = 5 * time.Minute

// NextRetry implements river.ClientRetryPolicy.
func (backoff) NextRetry(job *rivertype.JobRow) time.Time {
	return time.Now().Add(retryDelay(len(job.Errors), rand.Float64()))
}

// retryDelay is the delay after a failure of a job that had failed
// before errors times (River records the new error after asking), for a
// uniform draw u in [0, 1): with d = min(2^errors s, maxBackoff), the
// delay is d/2 + u*d/2.
func retryDelay(errors int, u float64) time.Duration {
	d := maxBackoff
	if n := max(errors, 0); n < 20 { // 2^20 s is far beyond the cap
		d = min(time.Duration(1<<n)*time.Second, maxBackoff)
	}
	return d/2 + time.Duration(u*float64(d/2))
}
