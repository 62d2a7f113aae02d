package jobs

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/riverqueue/river"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/service/explorer"
	"github.com/wallzero/wallzero/store"
)

// KindExplorerFill is the job kind that fills the opening explorer's
// table.
const KindExplorerFill = "explorer-fill"

// ExplorerFillArgs are the River arguments of an explorer-fill job.
type ExplorerFillArgs struct {
	JobID string `json:"jobId"`
}

// Kind implements river.JobArgs.
func (ExplorerFillArgs) Kind() string { return "wallzero_explorer_fill" }

type explorerFillWorker struct {
	river.WorkerDefaults[ExplorerFillArgs]
	s *Runner
}

func (w *explorerFillWorker) Work(ctx context.Context, job *river.Job[ExplorerFillArgs]) error {
	return w.s.runJob(ctx, job.Args.JobID, job.Attempt, job.MaxAttempts, w.s.runExplorerFill)
}

// SubmitExplorerFill validates a fill and queues it as a job, worked in
// steps like the other jobs (each step skips the positions stored by the
// ones before). Its progress counts the canonical positions of the tree.
func (s *Runner) SubmitExplorerFill(ctx context.Context, r *explorer.FillRequest) (*Job, error) {
	stored := *r
	total, err := s.explorer.ValidateFill(&stored)
	if err != nil {
		return nil, err
	}
	return s.submit(ctx, KindExplorerFill, &stored, total, func(id string) river.JobArgs { return ExplorerFillArgs{JobID: id} })
}

// runExplorerFill works one step of a fill job; its result is the fill's
// FillStats.
func (s *Runner) runExplorerFill(ctx context.Context, j *store.Job, p *progress) ([]byte, error) {
	var r explorer.FillRequest
	if err := json.Unmarshal(j.Request, &r); err != nil {
		return nil, &wallzero.Error{Code: wallzero.CodeInvalid, Message: "stored request: " + err.Error(), Err: err}
	}
	if _, err := s.explorer.ValidateFill(&r); err != nil {
		return nil, err
	}
	st, err := s.explorer.Fill(ctx, r.Opening, r.Depth, r.Visits, explorer.Hooks{Done: func(n int) { p.add(ctx, n) }, Stop: p.stepOver})
	if errors.Is(err, explorer.ErrStopped) {
		return nil, errStepDone
	}
	if err != nil {
		return nil, err
	}
	return json.Marshal(st)
}
