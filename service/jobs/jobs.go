package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/riverqueue/river"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/service/access"
	"github.com/wallzero/wallzero/store"
)

// Job kinds.
const (
	KindReview   = "review"
	KindOpenings = "openings"
)

// Job is a review or opening-batch job as clients see it.
type Job struct {
	// ID identifies the job (a UUID).
	ID string `json:"id" example:"6f1c2a5e-8d0b-4c47-9a53-2f8e1b7c9d10"`
	// Kind is "review" or "openings".
	Kind string `json:"kind" example:"review"`
	// Status is queued, running, succeeded, failed or cancelled.
	Status string `json:"status" example:"queued"`
	// Progress counts the work items (positions or openings) done.
	Progress Progress `json:"progress"`
	// Attempts counts the runs started (a crash or shutdown retries a job).
	Attempts int `json:"attempts" example:"0"`
	// Error says why a job failed or was interrupted.
	Error string `json:"error,omitempty"`
	// CreatedAt, StartedAt and FinishedAt are RFC 3339 times.
	CreatedAt  time.Time  `json:"createdAt"`
	StartedAt  *time.Time `json:"startedAt,omitempty"`
	FinishedAt *time.Time `json:"finishedAt,omitempty"`
	// Result is the job's result once it succeeded: a ReviewResult or an
	// OpeningsResult.
	Result json.RawMessage `json:"result,omitempty" swaggertype:"object"`
} // @name service.Job

// Progress counts a job's work items.
type Progress struct {
	Done     int     `json:"done" example:"0"`
	Total    int     `json:"total" example:"9"`
	Fraction float64 `json:"fraction" example:"0"`
} // @name service.Progress

// jobOf is the client's view of a jobs row, the one source of a job's
// state (see JobStore); its Status is one of store's Status constants.
// The row keeps the result as the API shows it.
func jobOf(j *store.Job) (*Job, error) {
	out := &Job{ID: j.ID, Kind: j.Kind, Status: j.Status, Attempts: j.Attempts, Error: j.Error,
		CreatedAt: j.CreatedAt, StartedAt: j.StartedAt, FinishedAt: j.FinishedAt,
		Progress: Progress{Done: j.Done, Total: j.Total}}
	if j.Total > 0 {
		out.Progress.Fraction = float64(int(float64(j.Done)/float64(j.Total)*10000)) / 10000
	}
	if len(j.Result) > 0 {
		out.Result = json.RawMessage(j.Result)
	}
	return out, nil
}

// Job returns a job by id.
func (s *Runner) Job(ctx context.Context, id string) (*Job, error) {
	if s.store == nil {
		return nil, errNoDatabase
	}
	j, err := s.store.OwnedJob(ctx, id, access.CallerFrom(ctx).Owner())
	if err != nil {
		return nil, storeError(err, id)
	}
	return jobOf(j)
}

// CancelJob cancels a queued or running job. A job that already ended
// gives a wallzero.CodeConflict error.
func (s *Runner) CancelJob(ctx context.Context, id string) (*Job, error) {
	if s.store == nil {
		return nil, errNoDatabase
	}
	j, err := s.store.CancelJob(ctx, id, access.CallerFrom(ctx).Owner())
	if errors.Is(err, store.ErrFinished) {
		return nil, &wallzero.Error{Code: wallzero.CodeConflict, Field: "id", Message: fmt.Sprintf("job %s has already %s", id, j.Status)}
	}
	if err != nil {
		return nil, storeError(err, id)
	}
	s.log.InfoContext(ctx, "job cancelled", "job", id, "kind", j.Kind)
	return jobOf(j)
}

var errNoDatabase = &wallzero.Error{Code: wallzero.CodeUnavailable, Message: "jobs need the database, and the service runs without one"}

// storeError maps a store error to a service error.
func storeError(err error, id string) error {
	if errors.Is(err, store.ErrNotFound) {
		return &wallzero.Error{Code: wallzero.CodeNotFound, Field: "id", Message: fmt.Sprintf("no job %q", wallzero.Clip(id, 64)), Err: err}
	}
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return wallzero.TimeoutOr(err)
	}
	return &wallzero.Error{Code: wallzero.CodeUnavailable, Message: "database: " + err.Error(), Err: err}
}

// submit validates nothing: it stores an already validated request as a
// job and enqueues it, atomically.
func (s *Runner) submit(ctx context.Context, kind string, req any, total int, args func(id string) river.JobArgs) (*Job, error) {
	if s.store == nil {
		return nil, errNoDatabase
	}
	data, err := json.Marshal(req)
	if err != nil {
		return nil, &wallzero.Error{Code: wallzero.CodeInternal, Message: err.Error(), Err: err}
	}
	work, field := s.jobWork(req, total)
	owner, maxActive, err := access.AdmitJob(ctx, work, total, field)
	if err != nil {
		return nil, err
	}
	j, err := s.store.CreateJob(ctx, store.NewJob{Kind: kind, Request: data, Total: total, Args: args, MaxAttempts: s.cfg.MaxAttempts,
		Owner: owner, MaxActive: maxActive})
	if qerr := access.JobQuotaError(ctx, err); qerr != nil {
		return nil, qerr
	}
	if err != nil {
		return nil, storeError(err, "")
	}
	access.CallerFrom(ctx).JobSubmitted()
	s.log.InfoContext(ctx, "job queued", "job", j.ID, "kind", kind, "items", total)
	return jobOf(j)
}

// ReviewArgs are the River arguments of a review job.
type ReviewArgs struct {
	JobID string `json:"jobId"`
}

// Kind implements river.JobArgs.
func (ReviewArgs) Kind() string { return "wallzero_review" }

// OpeningsArgs are the River arguments of an opening-batch job.
type OpeningsArgs struct {
	JobID string `json:"jobId"`
}

// Kind implements river.JobArgs.
func (OpeningsArgs) Kind() string { return "wallzero_openings" }

type reviewWorker struct {
	river.WorkerDefaults[ReviewArgs]
	s *Runner
}

func (w *reviewWorker) Work(ctx context.Context, job *river.Job[ReviewArgs]) error {
	return w.s.runJob(ctx, job.Args.JobID, job.Attempt, job.MaxAttempts, w.s.runReview)
}

type openingsWorker struct {
	river.WorkerDefaults[OpeningsArgs]
	s *Runner
}

func (w *openingsWorker) Work(ctx context.Context, job *river.Job[OpeningsArgs]) error {
	return w.s.runJob(ctx, job.Args.JobID, job.Attempt, job.MaxAttempts, w.s.runOpenings)
}

// Workers returns the River workers of the service's job kinds, for
// store.StartWorker.
func (s *Runner) Workers() *river.Workers {
	w := river.NewWorkers()
	river.AddWorker(w, &reviewWorker{s: s})
	river.AddWorker(w, &openingsWorker{s: s})
	river.AddWorker(w, &explorerFillWorker{s: s})
	river.AddWorker(w, &retentionWorker{s: s, cfg: s.cfg.Retention})
	return w
}

// errJobCancelled is the cause of a job context cancelled because a client
// cancelled the job.
var errJobCancelled = errors.New("the job was cancelled")

// errStepDone is returned by a jobRun that stopped starting work items
// because its step's time was up (see JobsConfig): the job continues in
// its next step.
var errStepDone = errors.New("the step's time is up; the job continues in its next step")

// errStepOverrun is the cause of a step context stopped stepMargin before
// River's JobTimeout would cancel the attempt.
var errStepOverrun = errors.New("the step overran the job timeout")

// JobsConfig sets how jobs are cut into steps. Each River attempt of a job
// works one step: it starts work items (positions, openings) for Step,
// waits for those in flight, records its progress and hands the job back
// to the queue (a River snooze, which costs no attempt), and the next
// step (on any worker) continues at once, reading the items already done
// from the analysis cache. Short steps keep every attempt far below
// River's JobTimeout, so a short JobTimeout, and with it a quick rescue
// of a job left by a killed process, is safe. docs/jobs.md has the
// design and the timeline.
type JobsConfig struct {
	// Step is how long one step starts new work items (0: DefaultJobStep).
	Step time.Duration
}

// DefaultJobStep is the default JobsConfig.Step.
const DefaultJobStep = 10 * time.Second

// stepMargin: a step still running this long before River's deadline is
// stopped by the service itself, so that it can keep what it finished and
// continue in a new step instead of failing the attempt.
const stepMargin = 5 * time.Second

// jobRun computes a job's result, or returns errStepDone when p says the
// step is over before it is done.
type jobRun func(ctx context.Context, j *store.Job, p *progress) ([]byte, error)

// runJob runs one step of a job and tells River what became of it: done;
// continued (snoozed: the step's time was up, or it overran but made
// progress); cancelled (not retried); interrupted by a shutdown (snoozed:
// the next worker to start resumes it at once, the cache keeping what was
// analysed); or failed (retried with backoff until the attempts run out).
func (s *Runner) runJob(ctx context.Context, id string, attempt, maxAttempts int, run jobRun) error {
	j, err := s.store.StartJob(ctx, id, attempt)
	if errors.Is(err, store.ErrNotFound) {
		return river.JobCancel(fmt.Errorf("job %s: no such row", id))
	}
	if err != nil {
		return err
	}
	if j.Status != store.StatusRunning {
		s.metrics.JobsCancelled.Add(1)
		return river.JobCancel(fmt.Errorf("job %s is %s", id, j.Status))
	}
	log := s.log.With("job", id, "kind", j.Kind, "attempt", attempt)
	if j.Done == 0 {
		log.Info("job started", "runs", j.Attempts)
	} else {
		log.Debug("job step started", "runs", j.Attempts, "done", j.Done, "total", j.Total)
	}
	start := time.Now()
	step := orDefault(s.cfg.Jobs.Step, DefaultJobStep)
	jobCtx, cancel := context.WithCancelCause(inference.WithPriority(ctx, inference.Batch))
	defer cancel(nil)
	if dl, ok := ctx.Deadline(); ok {
		var cancelSoft context.CancelFunc
		jobCtx, cancelSoft = context.WithDeadlineCause(jobCtx, dl.Add(-stepMargin), errStepOverrun)
		defer cancelSoft()
	}
	p := &progress{s: s, id: id, total: j.Total, base: j.Done, cancel: cancel, stepEnd: start.Add(step)}
	result, err := run(jobCtx, j, p)
	bg := context.WithoutCancel(ctx)
	if err == nil {
		if !json.Valid(result) {
			return fmt.Errorf("job %s: its result is not JSON", id)
		}
		ok, ferr := s.store.FinishJob(bg, id, result)
		if ferr != nil {
			return ferr
		}
		if !ok {
			s.metrics.JobsCancelled.Add(1)
			return river.JobCancel(errJobCancelled)
		}
		s.metrics.JobsSucceeded.Add(1)
		log.Info("job succeeded", "seconds", time.Since(start).Seconds(), "runs", j.Attempts)
		return nil
	}
	cancelled := errors.Is(context.Cause(jobCtx), errJobCancelled)
	overran := ctx.Err() == nil && errors.Is(context.Cause(jobCtx), errStepOverrun)
	if !cancelled && (errors.Is(err, errStepDone) || overran && p.doneCount() > p.base) {
		status, perr := p.flush(bg)
		if perr == nil && status == store.StatusCancelled {
			cancelled = true
		} else {
			log.Debug("job step done; continuing", "done", p.doneCount(), "total", j.Total, "overran", overran)
			return river.JobSnooze(0)
		}
	}
	if overran && !cancelled {
		err = fmt.Errorf("a step finished no work item in %s (the job timeout less %s); raise -job-timeout for searches this long: %w",
			time.Since(start).Round(time.Second), stepMargin, err)
	}
	if cancelled || s.isCancelled(bg, id) {
		s.metrics.JobsCancelled.Add(1)
		log.Info("job stopped: cancelled")
		return river.JobCancel(errJobCancelled)
	}
	if ctx.Err() != nil && !errors.Is(ctx.Err(), context.DeadlineExceeded) {
		// The process is stopping: hand the job back for the next worker.
		s.metrics.JobsInterrupted.Add(1)
		log.Info("job interrupted by shutdown; re-queued", "done", p.doneCount())
		if rerr := s.store.RequeueJob(bg, id, "interrupted by a shutdown; resumed by the next worker"); rerr != nil {
			log.Warn("re-queueing failed", "error", rerr)
		}
		return river.JobSnooze(0)
	}
	var se *wallzero.Error
	if errors.As(err, &se) && se.Code == wallzero.CodeInvalid || attempt >= maxAttempts {
		s.metrics.JobsFailed.Add(1)
		log.Error("job failed", "error", err)
		if ferr := s.store.FailJob(bg, id, err.Error()); ferr != nil {
			return ferr
		}
		return river.JobCancel(err)
	}
	log.Warn("job attempt failed; will retry", "error", err)
	if rerr := s.store.RequeueJob(bg, id, fmt.Sprintf("attempt %d failed: %v", attempt, err)); rerr != nil {
		log.Warn("re-queueing failed", "error", rerr)
	}
	return err
}

func (s *Runner) isCancelled(ctx context.Context, id string) bool {
	j, err := s.store.Job(ctx, id)
	return err == nil && j.Status == store.StatusCancelled
}

// progress reports a job's progress to the store, at most every
// progressEvery, cancels the job's context when the store says the job
// was cancelled, and tells the job's run when its step is over.
type progress struct {
	s       *Runner
	id      string
	total   int
	base    int // the progress stored when the step began
	cancel  context.CancelCauseFunc
	stepEnd time.Time

	mu   sync.Mutex
	done int
	last time.Time
}

const progressEvery = 250 * time.Millisecond

// add counts n more items done.
func (p *progress) add(ctx context.Context, n int) {
	p.mu.Lock()
	p.done += n
	done := p.done
	due := time.Since(p.last) >= progressEvery || done >= p.total
	if due {
		p.last = time.Now()
	}
	p.mu.Unlock()
	if !due {
		return
	}
	status, err := p.s.store.SetProgress(context.WithoutCancel(ctx), p.id, done)
	if err != nil {
		p.s.log.Warn("recording progress failed", "job", p.id, "error", err)
		return
	}
	if status == store.StatusCancelled {
		p.cancel(errJobCancelled)
	}
}

// flush records the progress now and returns the job's status.
func (p *progress) flush(ctx context.Context) (string, error) {
	status, err := p.s.store.SetProgress(ctx, p.id, p.doneCount())
	if err != nil {
		p.s.log.Warn("recording progress failed", "job", p.id, "error", err)
	}
	return status, err
}

// stepOver reports whether the step should start no more work items:
// its time is up and it has done more than the progress stored when it
// began (so every step moves the job on, however short).
func (p *progress) stepOver() bool {
	return !time.Now().Before(p.stepEnd) && p.doneCount() > p.base
}

func (p *progress) doneCount() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.done
}

// ActiveJobs counts queued and running jobs by "status/kind" (for
// /metrics); nil without a database.
func (s *Runner) ActiveJobs(ctx context.Context) (map[string]int, error) {
	if s.store == nil {
		return nil, nil
	}
	return s.store.ActiveJobs(ctx)
}

// jobWork returns the work of a job request (items x visits) and the
// field to name when it is too large.
func (s *Runner) jobWork(req any, items int) (int64, string) {
	switch r := req.(type) {
	case *ReviewRequest:
		return int64(items) * int64(cmp0(r.MaxVisits, s.cfg.ReviewVisits)), "maxVisits"
	case *OpeningsRequest:
		return int64(items) * int64(cmp0(r.MaxVisits, s.cfg.OpeningVisits)), "openings"
	}
	return int64(items), ""
}

// cmp0 returns v, or def when v is 0.
func cmp0(v, def int) int {
	if v == 0 {
		return def
	}
	return v
}
