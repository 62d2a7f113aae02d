package analysis

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/search"
)

// RunOptions control one position's search beyond what its query says.
type RunOptions struct {
	// Progress, when set and the query asks for partial results
	// (reportDuringSearchEvery, reportDuringSearchEveryVisits), receives
	// each partial analysis (isDuringSearch true) from the searching
	// goroutine.
	Progress func(*Analysis)
	// Stop, when closed, ends the search early: the analysis so far is
	// returned as the final one, or nil (and no error) when the search had
	// not evaluated the position yet.
	Stop <-chan struct{}
}

// AnalyzeTurn analyses positions[turn], with the positions before it as
// history, reporting partial analyses and stopping early as opt says.
func (a *Analyzer) AnalyzeTurn(ctx context.Context, q *Query, positions []engine.Position, turn int, opt RunOptions) (*Analysis, error) {
	pos := positions[turn]
	eval, model := a.evaluatorFor(pos.Players())
	if pos.IsOver() {
		return finishedAnalysis(q, turn, &pos, model), nil
	}
	f := newMoveFilter(&q.SearchOptions, &pos)
	if f != nil {
		if err := f.checkRoot(&pos, turn); err != nil {
			return nil, err
		}
		eval = &filteredEvaluator{inner: eval, filter: f}
	}
	var history []engine.Position
	for i := turn - 1; i >= 0 && len(history) < search.HistoryLen; i-- {
		history = append(history, positions[i])
	}
	cfg := a.searchConfig(q)
	cfg.LeafCalls = a.leafCalls(ctx, eval)
	s, err := search.New(eval, cfg, pos, history)
	if err != nil {
		return nil, &wallzero.Error{Code: wallzero.CodeInternal, Message: err.Error(), Err: err}
	}
	runCtx := ctx
	if opt.Stop != nil {
		var cancel context.CancelFunc
		runCtx, cancel = context.WithCancel(ctx)
		defer cancel()
		go func() {
			select {
			case <-opt.Stop:
				cancel()
			case <-runCtx.Done():
			}
		}()
	}
	shape := func(res *search.Result) *Analysis {
		an := newAnalysis(q, turn, &pos, res, model, a.calibrationFor(pos.Players()))
		addPVs(an, q, s)
		return an
	}
	report := opt.Progress != nil && q.Reporting()
	every, everyVisits := q.reportEvery(), q.ReportDuringSearchEveryVisits
	var deadline time.Time
	if cfg.MaxTime > 0 {
		deadline = time.Now().Add(cfg.MaxTime)
	}
	for {
		step := cfg
		if report {
			if everyVisits > 0 {
				step.MaxVisits = min(cfg.MaxVisits, s.Visits()+everyVisits)
			}
			step.MaxTime = 0
			if every > 0 {
				step.MaxTime = every
			}
			if !deadline.IsZero() {
				left := max(time.Until(deadline), time.Millisecond)
				if step.MaxTime == 0 || left < step.MaxTime {
					step.MaxTime = left
				}
			}
		}
		if err := s.SetConfig(step); err != nil {
			return nil, &wallzero.Error{Code: wallzero.CodeInternal, Message: err.Error(), Err: err}
		}
		before := s.Visits()
		res, err := s.Run(runCtx)
		if err != nil {
			if stopped(opt.Stop) && ctx.Err() == nil {
				if res = s.Snapshot(); res == nil {
					return nil, nil
				}
				return shape(res), nil
			}
			if errors.Is(err, context.DeadlineExceeded) {
				return nil, &wallzero.Error{Code: wallzero.CodeTimeout, Message: "the analysis did not finish before the deadline", Err: err}
			}
			return nil, &wallzero.Error{Code: wallzero.CodeInternal, Message: err.Error(), Err: err}
		}
		if !report || res.Visits >= cfg.MaxVisits || !deadline.IsZero() && !time.Now().Before(deadline) || res.Visits == before {
			return shape(res), nil
		}
		partial := shape(res)
		partial.DuringSearch = true
		opt.Progress(partial)
	}
}

// stopped reports whether ch is closed.
func stopped(ch <-chan struct{}) bool {
	if ch == nil {
		return false
	}
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

// searchConfig returns the search settings of a query.
func (a *Analyzer) searchConfig(q *Query) search.Config {
	cfg := search.DefaultConfig()
	cfg.MaxVisits = q.MaxVisits
	if cfg.MaxVisits == 0 {
		cfg.MaxVisits = a.limits.DefaultVisits
	}
	cfg.LeafBatch = a.LeafBatch
	if o := q.OverrideSettings; o != nil {
		if o.CPuctExploration != nil { // for every player count
			cfg.CPuct = float32(*o.CPuctExploration)
			cfg.MultiCPuct = cfg.CPuct
		}
		if o.FPUReduction != nil {
			cfg.FPUReduction = float32(*o.FPUReduction)
		}
		if o.RootFPUReduction != nil {
			cfg.RootFPUReduction = float32(*o.RootFPUReduction)
		}
		if o.ScoreUtilityFactor != nil {
			cfg.ScoreUtility = float32(*o.ScoreUtilityFactor)
		}
		if o.MaxTime != nil {
			cfg.MaxTime = time.Duration(*o.MaxTime * float64(time.Second))
		}
		if o.RootNoiseEnabled != nil && *o.RootNoiseEnabled {
			cfg.DirichletAlpha, cfg.DirichletWeight = 0.3, 0.25 // as in self-play
		}
	}
	return cfg
}

// moveFilter applies avoidMoves and allowMoves: per player, the patterns
// to drop or keep and how many moves deep from the root.
type moveFilter struct {
	rootPly int
	avoid   [grid.MaxPlayers][]restriction
	allow   [grid.MaxPlayers][]restriction
}

// restriction is a parsed MoveRestriction.
type restriction struct {
	patterns []movePattern
	until    int
}

// newMoveFilter returns the filter of the options for a search from root,
// or nil when they restrict nothing. The options are valid.
func newMoveFilter(o *SearchOptions, root *engine.Position) *moveFilter {
	if len(o.AvoidMoves) == 0 && len(o.AllowMoves) == 0 {
		return nil
	}
	f := &moveFilter{rootPly: root.Ply()}
	add := func(list []MoveRestriction, to *[grid.MaxPlayers][]restriction) {
		for _, r := range list {
			c, _ := grid.ParseColor(r.Player)
			res := restriction{until: max(r.UntilDepth, 1)}
			for _, m := range r.Moves {
				p, _ := parsePattern(m)
				res.patterns = append(res.patterns, p)
			}
			to[c] = append(to[c], res)
		}
	}
	add(o.AvoidMoves, &f.avoid)
	add(o.AllowMoves, &f.allow)
	return f
}

// keep reports whether the player to move in pos, depth moves from the
// root, may play m.
func (f *moveFilter) keep(pos *engine.Position, depth int, m grid.Move) bool {
	c := pos.ToMove()
	for _, r := range f.avoid[c] {
		if depth < r.until && r.matches(m) {
			return false
		}
	}
	for _, r := range f.allow[c] {
		if depth < r.until && !r.matches(m) {
			return false
		}
	}
	return true
}

func (r *restriction) matches(m grid.Move) bool {
	for _, p := range r.patterns {
		if p.matches(m) {
			return true
		}
	}
	return false
}

// checkRoot refuses restrictions that leave the root no move.
func (f *moveFilter) checkRoot(root *engine.Position, turn int) error {
	for _, m := range root.LegalMoves(nil) {
		if f.keep(root, 0, m) {
			return nil
		}
	}
	field := "allowMoves"
	if len(f.allow[root.ToMove()]) == 0 {
		field = "avoidMoves"
	}
	return wallzero.Invalid(field, fmt.Sprintf("leaves %s no legal move at turn %d", root.ToMove(), turn))
}

// filteredEvaluator evaluates with inner, then drops the moves the filter
// refuses from each request (and their priors; the search renormalises
// them). A position where the filter would refuse every move keeps them
// all: the restriction cannot apply there.
type filteredEvaluator struct {
	inner  search.Evaluator
	filter *moveFilter
}

// Evaluate implements search.Evaluator.
func (e *filteredEvaluator) Evaluate(ctx context.Context, reqs []*search.Request) error {
	if err := e.inner.Evaluate(ctx, reqs); err != nil {
		return err
	}
	for _, r := range reqs {
		depth := r.Position.Ply() - e.filter.rootPly
		var moves []grid.Move
		var priors []float32
		for i, m := range r.Moves {
			if e.filter.keep(&r.Position, depth, m) {
				moves = append(moves, m)
				priors = append(priors, r.Out.Priors[i])
			}
		}
		if len(moves) == 0 || len(moves) == len(r.Moves) {
			continue
		}
		r.Moves, r.Out.Priors = moves, priors // fresh slices: Out.Priors may be shared with a cache
	}
	return nil
}
