package analysis

import (
	"context"
	"fmt"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/inference"
)

// Analyze answers a query: one analysis per asked turn, from the cache
// when it holds one with at least the asked visits (for the position or
// any rotation or mirror of it), else by searching at interactive
// priority and caching the result. Cache hits are answered at once; the
// searches wait for a slot of the admission controller, which refuses the
// request with CodeOverloaded (and Retry-After) when the service cannot
// start it soon enough. While it searches it sends partial analyses to
// progress when q asks for them (SearchOptions.Reporting); progress nil
// sends none.
func (s *Cached) Analyze(ctx context.Context, q *Query, progress func(*Analysis)) ([]*Analysis, error) {
	p, turns, err := s.an.Prepare(q)
	if err != nil {
		return nil, err
	}
	return s.analyze(ctx, q, p, turns, progress)
}

// AnalyzePrepared is Analyze for a query whose record the caller has
// replayed already: p must be q's record replayed (ReplayRecord, or
// Prepared.Upto of a longer record's). It replays nothing.
func (s *Cached) AnalyzePrepared(ctx context.Context, q *Query, p *Prepared, progress func(*Analysis)) ([]*Analysis, error) {
	turns, err := s.an.Turns(q, p)
	if err != nil {
		return nil, err
	}
	return s.analyze(ctx, q, p, turns, progress)
}

// analyze answers q's turns of the prepared game, as Analyze says.
func (s *Cached) analyze(ctx context.Context, q *Query, p *Prepared, turns []int, progress func(*Analysis)) ([]*Analysis, error) {
	visits := s.an.Visits(q.MaxVisits)
	if work := visits * len(turns); work > s.maxRequestVisits {
		return nil, &wallzero.Error{Code: wallzero.CodeTooLarge, Field: "maxVisits", Message: fmt.Sprintf(
			"%d visits x %d positions = %d visits, at most %d per request: ask for fewer positions or visits, or submit a review job",
			visits, len(turns), work, s.maxRequestVisits)}
	}
	// Refuse before any database work when the service is full, counting
	// every position as a miss.
	if err := s.adm.Precheck(ctx, int64(visits*len(turns))); err != nil {
		return nil, err
	}
	// The caller's API key pays for every position, cache hits included.
	if err := s.adm.Charge(ctx, len(turns), visits); err != nil {
		return nil, err
	}
	positions := p.Positions
	rules := p.Game.Rules.String()
	out := make([]*Analysis, len(turns))
	var misses []int
	for i, t := range turns {
		a, err := s.cachedTurn(ctx, q, rules, positions, t, visits)
		if err != nil {
			return nil, err
		}
		if a == nil {
			misses = append(misses, i)
		}
		out[i] = a
	}
	if len(misses) == 0 {
		return explainAll(q, p, turns, out), nil
	}
	release, err := s.adm.Acquire(ctx, int64(visits*len(misses)))
	if err != nil {
		return nil, err
	}
	defer release()
	done := s.gate.Enter()
	defer done()
	ctx = inference.WithPriority(ctx, inference.Interactive)
	for _, i := range misses {
		a, err := s.searchTurn(ctx, q, rules, positions, turns[i], visits, progress)
		if err != nil {
			return nil, err
		}
		out[i] = a
	}
	return explainAll(q, p, turns, out), nil
}
