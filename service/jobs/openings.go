package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"sync"
	"time"

	"github.com/riverqueue/river"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/store"
)

// OpeningsRequest asks to score a set of openings: sequences of setup
// placements from the rules' start (either opening), of a game of two,
// three or four players.
type OpeningsRequest struct {
	// ID is a client label echoed in the result.
	ID string `json:"id,omitempty" example:"four-stone-set-1"`
	// Rules are the game's rules (two, three or four players; with three
	// or four the service's multi-player model scores them).
	Rules engine.Rules `json:"rules"`
	// Openings are the placement sequences, e.g. [["C3","E3"],["D4"]].
	Openings [][]string `json:"openings"`
	// MaxVisits is the search budget per opening (0: the service's
	// opening default).
	MaxVisits int `json:"maxVisits,omitempty" example:"32"`
} // @name service.OpeningsRequest

// OpeningsResult is the result of an opening-batch job.
type OpeningsResult struct {
	ID     string `json:"id,omitempty" example:"four-stone-set-1"`
	Model  string `json:"model" example:"heuristic-voronoi-v1"`
	Visits int    `json:"visits" example:"32"`
	// Unique counts the distinct positions searched or read from the
	// cache (openings that are rotations or mirrors of one another, or
	// transpositions, share one).
	Unique int `json:"unique" example:"2"`
	// Cached counts the unique positions the cache answered.
	Cached int `json:"cached" example:"0"`
	// Openings are the scores, best for Red first.
	Openings []OpeningScore `json:"openings"`
}

// OpeningScore scores one opening.
type OpeningScore struct {
	// Index is the opening's index in the request.
	Index int      `json:"index" example:"0"`
	Moves []string `json:"moves" example:"C3,E3"`
	// RedWinrate is Red's expected result after the search.
	RedWinrate float32 `json:"redWinrate" example:"0.53"`
	// Value is the evaluator's own value of the position for Red, before
	// any search.
	Value float32 `json:"value" example:"0.51"`
	// Winrates (three or four players) gives every player's expected
	// result after the search, by colour (a fair share is one third or
	// one quarter); RedWinrate is Red's entry.
	Winrates map[string]float32 `json:"winrates,omitempty"`
	// Values (three or four players) gives the evaluator's own value of
	// the position for every player, by colour; Value is Red's entry.
	Values map[string]float32 `json:"values,omitempty"`
	// Visits is the number of playouts of the search.
	Visits int `json:"visits" example:"32"`
	// ScoreLead is the expected final territory margin for Red, when the
	// evaluator predicts one.
	ScoreLead *float32 `json:"scoreLead,omitempty" example:"1.5"`
}

// validateOpenings replays every opening and checks the limits. It
// returns the final positions with their game histories.
func (s *Runner) validateOpenings(r *OpeningsRequest) (engine.Rules, [][]engine.Position, error) {
	l := s.an.Limits()
	if err := analysis.CheckID("id", r.ID); err != nil {
		return r.Rules, nil, err
	}
	rules, err := r.Rules.Normalize()
	if err != nil {
		return rules, nil, wallzero.RecordError(err)
	}
	if r.MaxVisits < 0 || r.MaxVisits > l.MaxVisits {
		return rules, nil, wallzero.Invalid("maxVisits", fmt.Sprintf("%d is outside 1..%d", r.MaxVisits, l.MaxVisits))
	}
	if len(r.Openings) == 0 {
		return rules, nil, wallzero.Invalid("openings", "give at least one opening")
	}
	if len(r.Openings) > s.cfg.MaxOpenings {
		return rules, nil, &wallzero.Error{Code: wallzero.CodeTooLarge, Field: "openings", Message: fmt.Sprintf("%d openings, at most %d per batch", len(r.Openings), s.cfg.MaxOpenings)}
	}
	out := make([][]engine.Position, len(r.Openings))
	for i, moves := range r.Openings {
		if len(moves) == 0 {
			return rules, nil, wallzero.Invalid(fmt.Sprintf("openings[%d]", i), "an empty opening: give at least one placement")
		}
		g := &engine.Game{Rules: rules, Start: engine.NewPosition(rules)}
		g.Final = g.Start
		for k, text := range moves {
			field := fmt.Sprintf("openings[%d][%d]", i, k)
			if len(text) > engine.MaxMoveText {
				return rules, nil, wallzero.Invalid(field, fmt.Sprintf("%d bytes, a placement is at most %d", len(text), engine.MaxMoveText))
			}
			if g.Final.Phase() != engine.Setup {
				return rules, nil, wallzero.Invalid(field, fmt.Sprintf("%q: an opening holds setup placements only, and the setup phase is over", text))
			}
			m, _, err := grid.ParseMove(text)
			if err == nil && m.Kind != grid.Place {
				err = fmt.Errorf("not a placement")
			}
			if err == nil {
				err = g.PlayText(text)
			}
			if err != nil {
				return rules, nil, wallzero.Invalid(field, fmt.Sprintf("%q: %v", text, err))
			}
		}
		out[i] = g.Positions()
	}
	return rules, out, nil
}

// SubmitOpenings validates an opening batch and queues the job. The job
// exists once this returns without error; on error nothing was stored.
func (s *Runner) SubmitOpenings(ctx context.Context, r *OpeningsRequest) (*Job, error) {
	rules, _, err := s.validateOpenings(r)
	if err != nil {
		return nil, err
	}
	stored := *r
	stored.Rules = rules
	return s.submit(ctx, KindOpenings, &stored, len(r.Openings), func(id string) river.JobArgs { return OpeningsArgs{JobID: id} })
}

// openingGroup gathers the openings that reach one canonical position.
type openingGroup struct {
	hash      uint64
	sym       grid.Symmetry
	positions []engine.Position // the first opening's game, for the search
	members   []int
	score     OpeningScore
}

// runOpenings scores an opening batch: openings reaching the same
// canonical position are searched once; the cache is read with one query
// per thousand positions; misses are searched JobParallel at a time (so
// the batching evaluator gets full batches) and written back in batches.
// It starts searches until its step is over (p.stepOver), then returns
// errStepDone once those in flight are stored; the next step reads them
// from the cache. Result.Cached counts the positions cached before the
// job first started, so a job worked in several steps (or resumed after
// a crash) reports what an uninterrupted run would.
func (s *Runner) runOpenings(ctx context.Context, j *store.Job, p *progress) ([]byte, error) {
	var r OpeningsRequest
	if err := json.Unmarshal(j.Request, &r); err != nil {
		return nil, &wallzero.Error{Code: wallzero.CodeInvalid, Message: "stored request: " + err.Error(), Err: err}
	}
	rules, games, err := s.validateOpenings(&r)
	if err != nil {
		return nil, err
	}
	visits := r.MaxVisits
	if visits == 0 {
		visits = s.cfg.OpeningVisits
	}
	model, cacheModel, rulesKey := s.an.ModelFor(rules.Players), s.an.CacheModel(rules.Players), rules.String()
	groups := map[uint64]*openingGroup{}
	var order []*openingGroup
	for i, positions := range games {
		final := &positions[len(positions)-1]
		h, sym := final.CanonicalHash()
		grp := groups[h]
		if grp == nil {
			grp = &openingGroup{hash: h, sym: sym, positions: positions}
			groups[h] = grp
			order = append(order, grp)
		}
		grp.members = append(grp.members, i)
	}
	hashes := make([]uint64, len(order))
	for i, g := range order {
		hashes[i] = g.hash
	}
	cached, err := s.store.LookupAnalyses(ctx, rulesKey, cacheModel, hashes, visits)
	if err != nil {
		return nil, err
	}
	var todo []*openingGroup
	preCached := 0
	for _, g := range order {
		row, ok := cached[g.hash]
		if a, err := analysis.DecodeStored(row.Analysis); ok && err == nil {
			g.score = scoreOf(a)
			s.metrics.CacheHits.Add(1)
			p.add(ctx, len(g.members))
			if j.StartedAt == nil || row.CreatedAt.Before(*j.StartedAt) {
				preCached++
			}
			continue
		}
		s.metrics.CacheMisses.Add(1)
		todo = append(todo, g)
	}
	w := &cacheWriter{s: s, every: 64}
	work := make(chan *openingGroup)
	errs := make(chan error, s.cfg.JobParallel)
	var wg sync.WaitGroup
	for range min(s.cfg.JobParallel, max(1, len(todo))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for g := range work {
				if err := s.scoreGroup(ctx, g, rulesKey, cacheModel, visits, w); err != nil {
					errs <- err
					return
				}
				p.add(ctx, len(g.members))
				s.metrics.OpeningsScored.Add(int64(len(g.members)))
			}
		}()
	}
	var runErr error
	stopped := false
feed:
	for _, g := range todo {
		if p.stepOver() {
			stopped = true
			break
		}
		select {
		case work <- g:
		case runErr = <-errs:
			break feed
		case <-ctx.Done():
			runErr = ctx.Err()
			break feed
		}
	}
	close(work)
	wg.Wait()
	if runErr == nil {
		select {
		case runErr = <-errs:
		default:
		}
	}
	if ferr := w.flush(ctx); runErr == nil && ferr != nil {
		runErr = ferr
	}
	if runErr != nil {
		return nil, runErr
	}
	if stopped {
		return nil, errStepDone
	}
	res := &OpeningsResult{ID: r.ID, Model: model, Visits: visits, Unique: len(order), Cached: preCached, Openings: make([]OpeningScore, 0, len(games))}
	for _, g := range order {
		for _, i := range g.members {
			sc := g.score
			sc.Index, sc.Moves = i, r.Openings[i]
			if sc.Moves == nil {
				sc.Moves = []string{}
			}
			res.Openings = append(res.Openings, sc)
		}
	}
	sort.SliceStable(res.Openings, func(a, b int) bool {
		x, y := res.Openings[a], res.Openings[b]
		if x.RedWinrate != y.RedWinrate {
			return x.RedWinrate > y.RedWinrate
		}
		return x.Index < y.Index
	})
	return json.Marshal(res)
}

// scoreGroup searches one canonical position and queues it for the cache.
func (s *Runner) scoreGroup(ctx context.Context, g *openingGroup, rules, cacheModel string, visits int, w *cacheWriter) error {
	if err := s.gate.Wait(ctx, s.cfg.BatchYield); err != nil {
		return err
	}
	positions := g.positions
	turn := len(positions) - 1
	s.metrics.CountSearch(ctx)
	a, err := s.an.AnalyzeTurn(ctx, analysis.FullQuery(visits), positions, turn, analysis.RunOptions{})
	if err != nil {
		return err
	}
	g.score = scoreOf(a)
	if positions[turn].IsOver() {
		return nil
	}
	return w.add(ctx, store.CacheKey{CanonicalHash: g.hash, Rules: rules, Model: cacheModel}, visits, analysis.Canonical(a, g.sym, g.hash))
}

// scoreOf extracts an opening's score from its analysis (the score does
// not depend on the orientation).
func scoreOf(a *analysis.Analysis) OpeningScore {
	if r := &a.RootInfo; len(r.Winrates) > 2 && len(r.RawWinrates) > 2 { // three or four players
		return OpeningScore{RedWinrate: r.Winrates[grid.Red], Value: r.RawWinrates[grid.Red], Visits: r.Visits,
			Winrates: wallzero.ByColour(r.Winrates), Values: wallzero.ByColour(r.RawWinrates)}
	}
	red, ok := a.RootInfo.RedWinrate()
	if !ok {
		red = a.RootInfo.Winrate
	}
	value := a.RootInfo.RawWinrate
	var lead *float32
	if a.RootInfo.ScoreLead != nil {
		v := *a.RootInfo.ScoreLead
		lead = &v
	}
	if a.RootInfo.CurrentPlayer != grid.Red {
		value = wallzero.Round(1 - value)
		if lead != nil {
			v := -*lead
			lead = &v
		}
	}
	return OpeningScore{RedWinrate: red, Value: value, Visits: a.RootInfo.Visits, ScoreLead: lead}
}

// cacheWriter buffers analyses and stores them every `every` of them, in
// one round trip.
type cacheWriter struct {
	s     *Runner
	every int
	mu    sync.Mutex
	rows  []store.CachedAnalysis
}

func (w *cacheWriter) add(ctx context.Context, key store.CacheKey, visits int, a *analysis.Analysis) error {
	data, err := analysis.EncodeStored(a)
	if err != nil {
		return err
	}
	w.mu.Lock()
	w.rows = append(w.rows, store.CachedAnalysis{Key: key, Visits: visits, Analysis: data})
	full := len(w.rows) >= w.every
	w.mu.Unlock()
	if full {
		return w.flush(ctx)
	}
	return nil
}

func (w *cacheWriter) flush(ctx context.Context) error {
	w.mu.Lock()
	rows := w.rows
	w.rows = nil
	w.mu.Unlock()
	// Store what was searched even when the job is being stopped: a retry
	// then finds it in the cache.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel()
	return w.s.store.SaveAnalyses(ctx, rows...)
}

// timeText formats a time as RFC 3339 ("" for nil).
func timeText(t *time.Time) string {
	if t == nil {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}
