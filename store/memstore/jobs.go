package memstore

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/wallzero/wallzero/store"
)

// jobRow is a row of the jobs table.
type jobRow struct {
	job          store.Job
	owner        int64
	riverAttempt int
}

// kinds are the job kinds the jobs table accepts (its CHECK constraint).
var kinds = map[string]bool{"review": true, "openings": true, "explorer-fill": true}

// copyJob returns a copy of j that shares nothing with it.
func copyJob(j *store.Job) *store.Job {
	c := *j
	c.Request, c.Result = clone(j.Request), clone(j.Result)
	c.StartedAt, c.FinishedAt = copyTime(j.StartedAt), copyTime(j.FinishedAt)
	return &c
}

func copyTime(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	c := *t
	return &c
}

// newID returns a random (version 4) UUID.
func newID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

// CreateJob stores a queued job, checking the owner's quota
// (NewJob.MaxActive) as store.Store does, then calls OnCreate. The River
// arguments are made and encoded (an error if they cannot be) but not
// enqueued anywhere; RiverJobID is a sequence number standing in for
// River's id.
func (s *Store) CreateJob(ctx context.Context, nj store.NewJob) (*store.Job, error) {
	if err := s.usable(ctx); err != nil {
		return nil, fmt.Errorf("memstore: create job: %w", err)
	}
	switch {
	case !kinds[nj.Kind]:
		return nil, fmt.Errorf("memstore: create job: unknown kind %q", nj.Kind)
	case nj.Total < 0:
		return nil, fmt.Errorf("memstore: create job: total %d is negative", nj.Total)
	case !json.Valid(nj.Request):
		return nil, errors.New("memstore: create job: request is not JSON")
	case nj.Args == nil:
		return nil, errors.New("memstore: create job: no River arguments (NewJob.Args)")
	}
	id := newID()
	args := nj.Args(id)
	if _, err := json.Marshal(args); err != nil {
		return nil, fmt.Errorf("memstore: enqueue job: %w", err)
	}
	s.mu.Lock()
	if nj.Owner != store.AnyOwner && s.key(nj.Owner) == nil {
		s.mu.Unlock()
		return nil, fmt.Errorf("memstore: create job: no key %d", nj.Owner)
	}
	if nj.Owner != store.AnyOwner && nj.MaxActive > 0 {
		active := 0
		for _, r := range s.jobs {
			if r.owner == nj.Owner && isActive(r.job.Status) {
				active++
			}
		}
		if active >= nj.MaxActive {
			s.mu.Unlock()
			return nil, &store.TooManyJobsError{Active: active}
		}
	}
	s.riverSeq++
	t := now()
	r := &jobRow{owner: nj.Owner, job: store.Job{ID: id, Kind: nj.Kind, Status: store.StatusQueued, Request: clone(nj.Request),
		Total: nj.Total, RiverJobID: s.riverSeq, CreatedAt: t, UpdatedAt: t}}
	s.jobs[id] = r
	j := copyJob(&r.job)
	s.mu.Unlock()
	if s.OnCreate != nil {
		s.OnCreate(copyJob(j), args)
	}
	return j, nil
}

// isActive reports whether a job of this status is queued or running.
func isActive(status string) bool {
	return status == store.StatusQueued || status == store.StatusRunning
}

// row returns the job with the given id, or nil; the caller holds s.mu.
func (s *Store) row(id string) *jobRow { return s.jobs[id] }

// checkID returns an error for an id that is not a UUID, which
// PostgreSQL refuses in the methods that do not check it first.
func checkID(op, id string) error {
	if !store.ValidJobID(id) {
		return fmt.Errorf("memstore: %s: %q is not a job id", op, id)
	}
	return nil
}

// Job returns the job with the given id (store.ErrNotFound if none).
func (s *Store) Job(ctx context.Context, id string) (*store.Job, error) {
	return s.OwnedJob(ctx, id, store.AnyOwner)
}

// OwnedJob returns the job with the given id if owner made it, or any
// job when owner is store.AnyOwner (store.ErrNotFound otherwise).
func (s *Store) OwnedJob(ctx context.Context, id string, owner int64) (*store.Job, error) {
	if err := s.usable(ctx); err != nil {
		return nil, fmt.Errorf("memstore: job: %w", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.row(id)
	if r == nil || owner != store.AnyOwner && r.owner != owner {
		return nil, store.ErrNotFound
	}
	return copyJob(&r.job), nil
}

// StartJob marks a queued (or interrupted running) job running, counting
// a run as store.Store.StartJob does; a job that ended is returned
// unchanged.
func (s *Store) StartJob(ctx context.Context, id string, riverAttempt int) (*store.Job, error) {
	if err := checkID("start job", id); err != nil {
		return nil, err
	}
	if err := s.usable(ctx); err != nil {
		return nil, fmt.Errorf("memstore: start job: %w", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.row(id)
	if r == nil {
		return nil, store.ErrNotFound
	}
	if !isActive(r.job.Status) {
		return copyJob(&r.job), nil
	}
	if r.job.Status == store.StatusQueued || riverAttempt > r.riverAttempt {
		r.job.Attempts++
	}
	r.riverAttempt = max(r.riverAttempt, riverAttempt)
	r.job.Status = store.StatusRunning
	t := now()
	if r.job.StartedAt == nil {
		r.job.StartedAt = &t
	}
	r.job.UpdatedAt = t
	return copyJob(&r.job), nil
}

// SetProgress records the work items done of a running job, never
// lowering them, and returns the job's status.
func (s *Store) SetProgress(ctx context.Context, id string, done int) (string, error) {
	if err := checkID("set progress", id); err != nil {
		return "", err
	}
	if err := s.usable(ctx); err != nil {
		return "", fmt.Errorf("memstore: set progress: %w", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.row(id)
	if r == nil {
		return "", store.ErrNotFound
	}
	if r.job.Status == store.StatusRunning {
		r.job.Done = max(r.job.Done, done)
		r.job.UpdatedAt = now()
	}
	return r.job.Status, nil
}

// FinishJob stores a running job's result and marks it succeeded; false
// when it was not running.
func (s *Store) FinishJob(ctx context.Context, id string, result []byte) (bool, error) {
	if err := checkID("finish job", id); err != nil {
		return false, err
	}
	if err := s.usable(ctx); err != nil {
		return false, fmt.Errorf("memstore: finish job: %w", err)
	}
	if result != nil && !json.Valid(result) {
		return false, errors.New("memstore: finish job: result is not JSON")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.row(id)
	if r == nil || r.job.Status != store.StatusRunning {
		return false, nil
	}
	t := now()
	r.job.Status, r.job.Result, r.job.Done, r.job.Error = store.StatusSucceeded, clone(result), r.job.Total, ""
	r.job.FinishedAt, r.job.UpdatedAt = &t, t
	return true, nil
}

// FailJob marks a queued or running job failed with a message.
func (s *Store) FailJob(ctx context.Context, id, msg string) error {
	return s.end(ctx, "fail job", id, store.StatusFailed, msg)
}

// end marks a queued or running job ended with status and message; other
// jobs are left alone.
func (s *Store) end(ctx context.Context, op, id, status, msg string) error {
	if err := checkID(op, id); err != nil {
		return err
	}
	if err := s.usable(ctx); err != nil {
		return fmt.Errorf("memstore: %s: %w", op, err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if r := s.row(id); r != nil && isActive(r.job.Status) {
		t := now()
		r.job.Status, r.job.Error, r.job.FinishedAt, r.job.UpdatedAt = status, msg, &t, t
	}
	return nil
}

// RequeueJob puts a running job back to queued, noting why.
func (s *Store) RequeueJob(ctx context.Context, id, msg string) error {
	if err := checkID("requeue job", id); err != nil {
		return err
	}
	if err := s.usable(ctx); err != nil {
		return fmt.Errorf("memstore: requeue job: %w", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if r := s.row(id); r != nil && r.job.Status == store.StatusRunning {
		r.job.Status, r.job.Error, r.job.UpdatedAt = store.StatusQueued, msg, now()
	}
	return nil
}

// CancelJob marks owner's queued or running job cancelled (any job's for
// store.AnyOwner). It returns store.ErrNotFound when there is no such job
// of owner's, and the job with store.ErrFinished when it already ended.
func (s *Store) CancelJob(ctx context.Context, id string, owner int64) (*store.Job, error) {
	if err := s.usable(ctx); err != nil {
		return nil, fmt.Errorf("memstore: cancel job: %w", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.row(id)
	if r == nil || owner != store.AnyOwner && r.owner != owner {
		return nil, store.ErrNotFound
	}
	if !isActive(r.job.Status) {
		return copyJob(&r.job), store.ErrFinished
	}
	t := now()
	r.job.Status, r.job.Error, r.job.FinishedAt, r.job.UpdatedAt = store.StatusCancelled, "cancelled by request", &t, t
	return copyJob(&r.job), nil
}

// ActiveJobs counts the queued and running jobs per status and kind
// (keys like "queued/review").
func (s *Store) ActiveJobs(ctx context.Context) (map[string]int, error) {
	if err := s.usable(ctx); err != nil {
		return nil, fmt.Errorf("memstore: active jobs: %w", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]int{}
	for _, r := range s.jobs {
		if isActive(r.job.Status) {
			out[r.job.Status+"/"+r.job.Kind]++
		}
	}
	return out, nil
}

// SetJobFinishedAt sets when an ended job finished, for tests of
// retention (PostgreSQL's tests do it in SQL); store.ErrNotFound if there
// is no such job.
func (s *Store) SetJobFinishedAt(id string, t time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.row(id)
	if r == nil {
		return store.ErrNotFound
	}
	r.job.FinishedAt = &t
	return nil
}
