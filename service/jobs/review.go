package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"sync/atomic"

	"github.com/riverqueue/river"
	"golang.org/x/sync/errgroup"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/jobs/movelevel"
	"github.com/wallzero/wallzero/service/jobs/review"
	"github.com/wallzero/wallzero/service/jobs/reviewrow"
	"github.com/wallzero/wallzero/store"
)

// ReviewRequest asks for the review of a whole game of two, three or four
// players.
type ReviewRequest struct {
	// ID is a client label echoed in the job's request.
	ID string `json:"id,omitempty" example:"game-17"`
	// Rules, Board and Moves describe the game as a record does.
	Rules engine.Rules    `json:"rules"`
	Board *engine.Diagram `json:"board,omitempty"`
	Moves []string        `json:"moves" example:"C3,E3,C5,E5,E5-E4:N,E3-D3:S"`
	// MaxVisits is the search budget per position (0: the service's
	// review default).
	MaxVisits int `json:"maxVisits,omitempty" example:"64"`
} // @name service.ReviewRequest

// validateReview checks the limits and replays the game, once.
func (s *Runner) validateReview(r *ReviewRequest) (*analysis.Prepared, error) {
	l := s.an.Limits()
	if err := analysis.CheckID("id", r.ID); err != nil {
		return nil, err
	}
	if r.MaxVisits < 0 || r.MaxVisits > l.MaxVisits {
		return nil, wallzero.Invalid("maxVisits", fmt.Sprintf("%d is outside 1..%d", r.MaxVisits, l.MaxVisits))
	}
	if len(r.Moves) == 0 {
		return nil, wallzero.Invalid("moves", "a review needs at least one move")
	}
	return analysis.ReplayRecord(engine.Record{Rules: r.Rules, Board: r.Board, Moves: r.Moves}, l)
}

// SubmitReview validates a review request and queues the job. The job
// exists once this returns without error; on error nothing was stored.
func (s *Runner) SubmitReview(ctx context.Context, r *ReviewRequest) (*Job, error) {
	p, err := s.validateReview(r)
	if err != nil {
		return nil, err
	}
	g := p.Game
	stored := *r
	stored.Rules = g.Rules
	return s.submit(ctx, KindReview, &stored, len(g.Moves)+1, func(id string) river.JobArgs { return ReviewArgs{JobID: id} })
}

// ReviewJob is a review job with its result decoded (api/wire writes it
// as JSON).
type ReviewJob struct {
	ID, Kind, Status string
	Progress         Progress
	Attempts         int
	Error            string
	// CreatedAt, StartedAt and FinishedAt are RFC 3339 times ("" for
	// none).
	CreatedAt, StartedAt, FinishedAt string
	Result                           *ReviewResult
}

// Succeeded reports whether the review succeeded (its Result is set).
func (j *ReviewJob) Succeeded() bool { return j.Status == store.StatusSucceeded }

// Review returns a review job, with its result once done.
func (s *Runner) Review(ctx context.Context, id string) (*ReviewJob, error) {
	j, err := s.Job(ctx, id)
	if err != nil {
		return nil, err
	}
	if j.Kind != KindReview {
		return nil, &wallzero.Error{Code: wallzero.CodeNotFound, Field: "id", Message: fmt.Sprintf("job %s is not a review (it is %s; see /v1/jobs/%s)", id, j.Kind, id)}
	}
	out := &ReviewJob{ID: j.ID, Kind: j.Kind, Status: j.Status, Progress: j.Progress, Attempts: j.Attempts, Error: j.Error,
		CreatedAt: timeText(&j.CreatedAt), StartedAt: timeText(j.StartedAt), FinishedAt: timeText(j.FinishedAt)}
	if len(j.Result) > 0 {
		if out.Result, err = reviewrow.Decode(j.Result); err != nil {
			return nil, &wallzero.Error{Code: wallzero.CodeInternal, Message: err.Error(), Err: err}
		}
		if out.Result.RatingEstimate == nil {
			// A review made while no rating calibration of its model was
			// loaded gets its estimate when read, from the one loaded now.
			out.Result.RatingEstimate = review.EstimateRatings(s.ratings, out.Result)
		}
	}
	return out, nil
}

// runReview analyses every position of the game, JobParallel at a time,
// through the cache, and assembles the review. It starts positions until
// its step is over (p.stepOver), then returns errStepDone once those in
// flight are done and cached; the next step finds them in the cache.
func (s *Runner) runReview(ctx context.Context, j *store.Job, p *progress) ([]byte, error) {
	var r ReviewRequest
	if err := json.Unmarshal(j.Request, &r); err != nil {
		return nil, &wallzero.Error{Code: wallzero.CodeInvalid, Message: "stored request: " + err.Error(), Err: err}
	}
	prep, err := s.validateReview(&r)
	if err != nil {
		return nil, err
	}
	g := prep.Game
	visits := r.MaxVisits
	if visits == 0 {
		visits = s.cfg.ReviewVisits
	}
	positions := prep.Positions
	analyses := make([]*analysis.Analysis, len(positions))
	rules := g.Rules.String()
	var stopped atomic.Bool
	// The work in the group runs under the group's context, which a
	// failed search cancels so that the others stop; once Wait returns
	// that context is done, so the levels below run under ctx.
	eg, gctx := errgroup.WithContext(ctx)
	eg.SetLimit(s.cfg.JobParallel)
	for i := range positions {
		if stopped.Load() {
			break
		}
		eg.Go(func() error {
			if p.stepOver() {
				stopped.Store(true)
				return nil
			}
			if err := s.gate.Wait(gctx, s.cfg.BatchYield); err != nil {
				return err
			}
			a, err := s.analyses.Full(gctx, rules, positions, i, visits)
			if err != nil {
				return err
			}
			analyses[i] = a
			p.add(gctx, 1)
			return nil
		})
	}
	if err := eg.Wait(); err != nil {
		return nil, err
	}
	if stopped.Load() {
		return nil, errStepDone
	}
	res := assembleReview(g, positions, analyses, s.cfg.KeyMoves, true)
	res.ID, res.Visits, res.Model = r.ID, visits, s.an.ModelFor(g.Rules.Players)
	eng := &movelevel.Analyzer{An: s.an, Positions: positions, Wait: func(ctx context.Context) error { return s.gate.Wait(ctx, s.cfg.BatchYield) }}
	if err := movelevel.Add(ctx, res, analyses, eng, s.ladder, g.Rules.Players, visits, s.cfg.JobParallel); err != nil {
		return nil, err
	}
	res.RatingEstimate = review.EstimateRatings(s.ratings, res)
	res.Record = &engine.Record{Rules: g.Rules, Board: r.Board, Moves: r.Moves}
	return reviewrow.Encode(res)
}
