package service

import (
	"context"

	"github.com/wallzero/wallzero/engine"
)

// lookTurn is cachedTurn for a query the cache can answer: one that
// changes the search itself (SearchOptions.Custom) always searches.
func (s *Service) lookTurn(ctx context.Context, q *Query, rules string, positions []engine.Position, turn, visits int) (*Analysis, error) {
	if q.Custom() {
		return nil, nil
	}
	return s.cachedTurn(ctx, q, rules, positions, turn, visits)
}

// searchTurn searches positions[turn] for q after a cache miss: through
// the cache (searchedAnalysis), or, for a query that changes the search or
// wants partial results, by a search of its own that is not cached.
func (s *Service) searchTurn(ctx context.Context, q *Query, rules string, positions []engine.Position, turn, visits int, progress func(*Analysis)) (*Analysis, error) {
	if !q.Custom() && (progress == nil || !q.Reporting()) {
		return s.searchedAnalysis(ctx, q, rules, positions, turn, visits)
	}
	s.countSearch(ctx)
	return s.an.AnalyzeTurn(ctx, q, positions, turn, RunOptions{Progress: progress})
}
