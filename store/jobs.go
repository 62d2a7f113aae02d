package store

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
)

// Job statuses.
const (
	StatusQueued    = "queued"
	StatusRunning   = "running"
	StatusSucceeded = "succeeded"
	StatusFailed    = "failed"
	StatusCancelled = "cancelled"
)

// ErrFinished is returned when cancelling a job that already ended.
var ErrFinished = errors.New("store: the job has already finished")

// Job is a row of the jobs table.
type Job struct {
	ID         string
	Kind       string
	Status     string
	Request    []byte
	Done       int
	Total      int
	Result     []byte
	Error      string
	Attempts   int
	RiverJobID int64
	CreatedAt  time.Time
	StartedAt  *time.Time
	FinishedAt *time.Time
	UpdatedAt  time.Time
}

// NewJob describes a job to create.
type NewJob struct {
	// Kind is "review" or "openings".
	Kind string
	// Request is the validated request as JSON.
	Request []byte
	// Total is the number of work items (for progress).
	Total int
	// Args returns the River job arguments for the job's id.
	Args func(id string) river.JobArgs
	// MaxAttempts caps River's attempts (0: River's default).
	MaxAttempts int
	// Owner is the id of the API key that makes the job (AnyOwner: an
	// anonymous job, made under -auth off).
	Owner int64
	// Priority is River's priority, 1 (first, River's default for 0) to
	// 4 (last): a workspace's imported games are queued at
	// PriorityBackground behind the reviews asked one by one.
	Priority int
	// MaxActive, when positive, caps the owner's queued and running jobs
	// (this one included): CreateJob returns a *TooManyJobsError beyond.
	MaxActive int
}

// PriorityBackground is the River priority of background reviews (a
// workspace's imported games): a worker takes every job of a higher
// priority first.
const PriorityBackground = 4

// AnyOwner, as the owner of a new job, leaves it anonymous (-auth off);
// as the owner of a lookup, it matches every job.
const AnyOwner int64 = 0

// TooManyJobsError is returned by CreateJob when the owner already has
// MaxActive queued and running jobs.
type TooManyJobsError struct {
	// Active is the owner's queued and running jobs.
	Active int
}

// Error implements error.
func (e *TooManyJobsError) Error() string {
	return fmt.Sprintf("store: the key already has %d queued or running jobs", e.Active)
}

const jobColumns = `id::text, kind, status, request, progress_done, progress_total, result,
	coalesce(error, ''), attempts, coalesce(river_job_id, 0), created_at, started_at, finished_at, updated_at`

func scanJob(row pgx.Row) (*Job, error) {
	var j Job
	err := row.Scan(&j.ID, &j.Kind, &j.Status, &j.Request, &j.Done, &j.Total, &j.Result,
		&j.Error, &j.Attempts, &j.RiverJobID, &j.CreatedAt, &j.StartedAt, &j.FinishedAt, &j.UpdatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return &j, nil
}

// CreateJob stores a job and its River job in one transaction: when it
// returns without error both are committed, and otherwise neither is.
func (s *Store) CreateJob(ctx context.Context, nj NewJob) (*Job, error) {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return nil, fmt.Errorf("store: create job: %w", err)
	}
	defer tx.Rollback(ctx)
	if err := checkActiveJobs(ctx, tx, nj.Owner, nj.MaxActive); err != nil {
		return nil, err
	}
	j, err := s.insertJob(ctx, tx, nj)
	if err != nil {
		return nil, err
	}
	if err := tx.Commit(ctx); err != nil {
		return nil, fmt.Errorf("store: create job: %w", err)
	}
	return j, nil
}

// insertJob inserts a job's row and its River job within tx.
func (s *Store) insertJob(ctx context.Context, tx pgx.Tx, nj NewJob) (*Job, error) {
	var id string
	if err := tx.QueryRow(ctx, `INSERT INTO jobs (kind, request, progress_total, owner) VALUES ($1, $2, $3, $4) RETURNING id::text`,
		nj.Kind, nj.Request, nj.Total, nullIfZero(nj.Owner)).Scan(&id); err != nil {
		return nil, fmt.Errorf("store: create job: %w", err)
	}
	res, err := s.inserter.InsertTx(ctx, tx, nj.Args(id), &river.InsertOpts{MaxAttempts: nj.MaxAttempts, Priority: nj.Priority})
	if err != nil {
		return nil, fmt.Errorf("store: enqueue job: %w", err)
	}
	j, err := scanJob(tx.QueryRow(ctx, `UPDATE jobs SET river_job_id = $2 WHERE id = $1 RETURNING `+jobColumns, id, res.Job.ID))
	if err != nil {
		return nil, fmt.Errorf("store: create job: %w", err)
	}
	return j, nil
}

// checkActiveJobs locks the owner's key row for the rest of the
// transaction (so concurrent submits of one key take turns) and fails with
// a *TooManyJobsError when the owner already has max active jobs. The
// background reviews of a workspace's games do not count: an import of
// many games must not block the reviews asked one by one.
func checkActiveJobs(ctx context.Context, tx pgx.Tx, owner int64, max int) error {
	if owner == AnyOwner || max <= 0 {
		return nil
	}
	var locked int64
	if err := tx.QueryRow(ctx, `SELECT id FROM api_keys WHERE id = $1 FOR UPDATE`, owner).Scan(&locked); err != nil {
		return fmt.Errorf("store: create job: lock key %d: %w", owner, err)
	}
	var active int
	if err := tx.QueryRow(ctx, `SELECT count(*) FROM jobs WHERE owner = $1 AND status IN ('queued', 'running')
		AND NOT EXISTS (SELECT 1 FROM ws_games g WHERE g.job_id = jobs.id)`, owner).Scan(&active); err != nil {
		return fmt.Errorf("store: create job: count jobs: %w", err)
	}
	if active >= max {
		return &TooManyJobsError{Active: active}
	}
	return nil
}

var uuidRE = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// ValidJobID reports whether id has the form of a job id (a UUID).
func ValidJobID(id string) bool { return uuidRE.MatchString(id) }

// Job returns the job with the given id (ErrNotFound if none).
func (s *Store) Job(ctx context.Context, id string) (*Job, error) {
	if !ValidJobID(id) {
		return nil, ErrNotFound
	}
	j, err := scanJob(s.pool.QueryRow(ctx, `SELECT `+jobColumns+` FROM jobs WHERE id = $1`, id))
	if err != nil && !errors.Is(err, ErrNotFound) {
		return nil, fmt.Errorf("store: job: %w", err)
	}
	return j, err
}

// OwnedJob returns the job with the given id if owner made it, or any
// job when owner is AnyOwner (ErrNotFound otherwise: another key's job is
// not revealed).
func (s *Store) OwnedJob(ctx context.Context, id string, owner int64) (*Job, error) {
	if !ValidJobID(id) {
		return nil, ErrNotFound
	}
	j, err := scanJob(s.pool.QueryRow(ctx, `SELECT `+jobColumns+` FROM jobs WHERE id = $1 AND ($2::bigint = 0 OR owner = $2)`, id, owner))
	if err != nil && !errors.Is(err, ErrNotFound) {
		return nil, fmt.Errorf("store: job: %w", err)
	}
	return j, err
}

// StartJob marks a queued (or interrupted running) job running at the
// start of a step of River attempt riverAttempt. It counts a run when the
// job was queued (new, or handed back by a shutdown or a failed attempt)
// or River's attempt rose (a retry, or a rescue after its worker was
// killed); the further steps of one run count nothing. A job that is no
// longer queued or running is returned unchanged, so the worker can see
// it was cancelled.
func (s *Store) StartJob(ctx context.Context, id string, riverAttempt int) (*Job, error) {
	j, err := scanJob(s.pool.QueryRow(ctx, `
		UPDATE jobs SET status = 'running',
			attempts = attempts + CASE WHEN status = 'queued' OR $2 > river_attempt THEN 1 ELSE 0 END,
			river_attempt = greatest(river_attempt, $2),
			started_at = coalesce(started_at, now()), updated_at = now()
		WHERE id = $1 AND status IN ('queued', 'running')
		RETURNING `+jobColumns, id, riverAttempt))
	if errors.Is(err, ErrNotFound) {
		return s.Job(ctx, id)
	}
	if err != nil {
		return nil, fmt.Errorf("store: start job: %w", err)
	}
	return j, nil
}

// SetProgress records the work items done, never lowering what is stored
// (a step that resumes a job counts its cached items again), and returns
// the job's status (a worker stops when it reads "cancelled").
func (s *Store) SetProgress(ctx context.Context, id string, done int) (string, error) {
	var status string
	err := s.pool.QueryRow(ctx, `
		UPDATE jobs SET progress_done = CASE WHEN status = 'running' THEN greatest(progress_done, $2) ELSE progress_done END,
			updated_at = CASE WHEN status = 'running' THEN now() ELSE updated_at END
		WHERE id = $1 RETURNING status`, id, done).Scan(&status)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", ErrNotFound
	}
	if err != nil {
		return "", fmt.Errorf("store: set progress: %w", err)
	}
	return status, nil
}

// FinishJob stores a running job's result and marks it succeeded. It
// reports false when the job was no longer running (cancelled meanwhile).
func (s *Store) FinishJob(ctx context.Context, id string, result []byte) (bool, error) {
	tag, err := s.pool.Exec(ctx, `
		UPDATE jobs SET status = 'succeeded', result = $2, progress_done = progress_total,
			error = NULL, finished_at = now(), updated_at = now()
		WHERE id = $1 AND status = 'running'`, id, result)
	if err != nil {
		return false, fmt.Errorf("store: finish job: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

// FailJob marks a job failed with a message, unless it already ended.
func (s *Store) FailJob(ctx context.Context, id, msg string) error {
	_, err := s.pool.Exec(ctx, `
		UPDATE jobs SET status = 'failed', error = $2, finished_at = now(), updated_at = now()
		WHERE id = $1 AND status IN ('queued', 'running')`, id, msg)
	if err != nil {
		return fmt.Errorf("store: fail job: %w", err)
	}
	return nil
}

// RequeueJob puts an interrupted running job back to queued, noting why.
func (s *Store) RequeueJob(ctx context.Context, id, msg string) error {
	_, err := s.pool.Exec(ctx, `
		UPDATE jobs SET status = 'queued', error = $2, updated_at = now()
		WHERE id = $1 AND status = 'running'`, id, msg)
	if err != nil {
		return fmt.Errorf("store: requeue job: %w", err)
	}
	return nil
}

// CancelJob marks a queued or running job cancelled and cancels its River
// job (a running worker also notices at its next progress update). It
// returns ErrNotFound or ErrFinished (with the job) when there is nothing
// to cancel. Only owner's jobs are cancelled (any job for AnyOwner);
// another owner's job is ErrNotFound.
func (s *Store) CancelJob(ctx context.Context, id string, owner int64) (*Job, error) {
	if !ValidJobID(id) {
		return nil, ErrNotFound
	}
	j, err := scanJob(s.pool.QueryRow(ctx, `
		UPDATE jobs SET status = 'cancelled', finished_at = now(), updated_at = now(), error = 'cancelled by request'
		WHERE id = $1 AND status IN ('queued', 'running') AND ($2::bigint = 0 OR owner = $2)
		RETURNING `+jobColumns, id, owner))
	if errors.Is(err, ErrNotFound) {
		j, err := s.OwnedJob(ctx, id, owner)
		if err != nil {
			return nil, err
		}
		return j, ErrFinished
	}
	if err != nil {
		return nil, fmt.Errorf("store: cancel job: %w", err)
	}
	if j.RiverJobID != 0 {
		if _, err := s.inserter.JobCancel(ctx, j.RiverJobID); err != nil && !errors.Is(err, river.ErrNotFound) {
			s.logger.Warn("cancelling the river job failed; the worker will stop at its next progress update",
				"job", j.ID, "river_job", j.RiverJobID, "error", err)
		}
	}
	return j, nil
}

// ActiveJobs counts the queued and running jobs per status and kind
// (keys like "queued/review").
func (s *Store) ActiveJobs(ctx context.Context) (map[string]int, error) {
	rows, err := s.pool.Query(ctx, `SELECT status, kind, count(*) FROM jobs WHERE status IN ('queued', 'running') GROUP BY status, kind`)
	if err != nil {
		return nil, fmt.Errorf("store: active jobs: %w", err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var status, kind string
		var n int
		if err := rows.Scan(&status, &kind, &n); err != nil {
			return nil, err
		}
		out[status+"/"+kind] = n
	}
	return out, rows.Err()
}
