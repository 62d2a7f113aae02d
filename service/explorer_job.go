package service

import (
	"context"
	"encoding/json"

	"github.com/riverqueue/river"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/store"
)

// KindExplorerFill is the job kind that fills the opening explorer's
// table.
const KindExplorerFill = "explorer-fill"

// ExplorerFillRequest asks to fill the opening table of an opening to a
// depth (see FillExplorer).
type ExplorerFillRequest struct {
	// Opening is empty or four-stone ("": four-stone).
	Opening string `json:"opening" example:"four-stone"`
	// Depth is the number of placements from the start to cover.
	Depth int `json:"depth" example:"2"`
	// Visits is each position's search budget (0: the service's opening
	// default).
	Visits int `json:"visits,omitempty" example:"100"`
}

// ExplorerFillArgs are the River arguments of an explorer-fill job.
type ExplorerFillArgs struct {
	JobID string `json:"jobId"`
}

// Kind implements river.JobArgs.
func (ExplorerFillArgs) Kind() string { return "wallzero_explorer_fill" }

type explorerFillWorker struct {
	river.WorkerDefaults[ExplorerFillArgs]
	s *Service
}

func (w *explorerFillWorker) Work(ctx context.Context, job *river.Job[ExplorerFillArgs]) error {
	return w.s.runJob(ctx, job.Args.JobID, job.Attempt, job.MaxAttempts, w.s.runExplorerFill)
}

// validateFill normalizes a fill request and counts its positions.
func (s *Service) validateFill(r *ExplorerFillRequest) (int, error) {
	if r.Visits == 0 {
		r.Visits = s.cfg.OpeningVisits
	}
	rules, _, _, err := s.explorerSetup(r.Opening)
	if err != nil {
		return 0, err
	}
	r.Opening = string(rules.Opening)
	if err := s.checkFill(r.Depth, r.Visits); err != nil {
		return 0, err
	}
	return countTree(rules, r.Depth), nil
}

// SubmitExplorerFill validates a fill and queues it as a job, worked in
// steps like the other jobs (each step skips the positions stored by the
// ones before). Its progress counts the canonical positions of the tree.
func (s *Service) SubmitExplorerFill(ctx context.Context, r *ExplorerFillRequest) (*Job, error) {
	stored := *r
	total, err := s.validateFill(&stored)
	if err != nil {
		return nil, err
	}
	return s.submit(ctx, KindExplorerFill, &stored, total, func(id string) river.JobArgs { return ExplorerFillArgs{JobID: id} })
}

// runExplorerFill works one step of a fill job; its result is the fill's
// FillStats.
func (s *Service) runExplorerFill(ctx context.Context, j *store.Job, p *progress) ([]byte, error) {
	var r ExplorerFillRequest
	if err := json.Unmarshal(j.Request, &r); err != nil {
		return nil, &wallzero.Error{Code: wallzero.CodeInvalid, Message: "stored request: " + err.Error(), Err: err}
	}
	if _, err := s.validateFill(&r); err != nil {
		return nil, err
	}
	st, err := s.fillExplorer(ctx, r.Opening, r.Depth, r.Visits, fillHooks{done: func(n int) { p.add(ctx, n) }, stop: p.stepOver})
	if err != nil {
		return nil, err
	}
	return json.Marshal(st)
}
