package service

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/store"
)

// cachedTurn returns the analysis of positions[turn] for q from the cache,
// or nil when it must be searched (a miss, a finished game, no database).
func (s *Service) cachedTurn(ctx context.Context, q *Query, rules string, positions []engine.Position, turn, visits int) (*Analysis, error) {
	pos := &positions[turn]
	if s.store == nil || pos.IsOver() {
		return nil, nil
	}
	hash, sym := pos.CanonicalHash()
	key := store.CacheKey{CanonicalHash: hash, Rules: rules, Model: s.an.ModelFor(pos.Players())}
	canon, info, err := s.lookup(ctx, key, visits)
	if err != nil || canon == nil {
		return nil, err
	}
	return orient(shape(canon, q, turn), sym, pos, turn, info)
}

// fullAnalysis returns the analysis of positions[turn] with every move and
// map, oriented like positions[turn]: from the cache, or searched and
// stored in the canonical orientation. Concurrent calls for the same
// canonical position share one search.
func (s *Service) fullAnalysis(ctx context.Context, rules string, positions []engine.Position, turn, visits int) (*Analysis, error) {
	return s.cachedAnalysis(ctx, rules, positions, turn, visits, nil)
}

// cachedAnalysis is fullAnalysis cut down to what q asks (nil: everything)
// before the symmetry is undone, which keeps cache hits cheap.
func (s *Service) cachedAnalysis(ctx context.Context, rules string, positions []engine.Position, turn, visits int, q *Query) (*Analysis, error) {
	return s.analysisFrom(ctx, rules, positions, turn, visits, q, true)
}

// searchedAnalysis is cachedAnalysis for a position whose cache lookup
// already missed: it searches (sharing the search with concurrent callers)
// and caches the result without looking again.
func (s *Service) searchedAnalysis(ctx context.Context, q *Query, rules string, positions []engine.Position, turn, visits int) (*Analysis, error) {
	if s.store == nil || positions[turn].IsOver() {
		s.countSearch(ctx)
		return s.an.AnalyzePosition(ctx, q, positions, turn)
	}
	return s.analysisFrom(ctx, rules, positions, turn, visits, q, false)
}

// analysisFrom returns the analysis of positions[turn]: from the cache
// when look is set and it holds one, else searched in the canonical
// orientation and cached; then cut down to q (nil: everything) and
// oriented like positions[turn].
func (s *Service) analysisFrom(ctx context.Context, rules string, positions []engine.Position, turn, visits int, q *Query, look bool) (*Analysis, error) {
	pos := &positions[turn]
	if pos.IsOver() || s.store == nil {
		s.countSearch(ctx)
		return s.an.AnalyzePosition(ctx, fullQuery(visits), positions, turn)
	}
	hash, sym := pos.CanonicalHash()
	key := store.CacheKey{CanonicalHash: hash, Rules: rules, Model: s.an.ModelFor(pos.Players())}
	var canon *Analysis
	var info *CacheInfo
	if look {
		var err error
		if canon, info, err = s.lookup(ctx, key, visits); err != nil {
			return nil, err
		}
	}
	if canon == nil {
		flightKey := fmt.Sprintf("%016x|%s|%s|%d|%d", key.CanonicalHash, key.Rules, key.Model, visits, inference.PriorityOf(ctx))
		v, err, _ := s.flight.Do(flightKey, func() (any, error) {
			s.countSearch(ctx)
			a, err := s.an.AnalyzePosition(ctx, fullQuery(visits), positions, turn)
			if err != nil {
				return nil, err
			}
			c, err := transformAnalysis(a, sym)
			if err != nil {
				return nil, &wallzero.Error{Code: wallzero.CodeInternal, Message: err.Error(), Err: err}
			}
			c.TurnNumber, c.RootInfo.Hash = 0, fmt.Sprintf("%016x", hash)
			s.save(ctx, key, visits, c)
			return c, nil
		})
		if err != nil {
			return nil, err
		}
		canon, info = v.(*Analysis), &CacheInfo{Hit: false, Visits: visits}
	}
	if q != nil {
		canon = shape(canon, q, turn)
	}
	return orient(canon, sym, pos, turn, info)
}

// orient maps a canonical analysis back to the asked position pos (the
// position the canonical symmetry sym maps to the canonical one), as the
// analysis of turn with cache information info.
func orient(canon *Analysis, sym engine.Symmetry, pos *engine.Position, turn int, info *CacheInfo) (*Analysis, error) {
	a, err := transformAnalysis(canon, sym.Inverse())
	if err != nil {
		return nil, &wallzero.Error{Code: wallzero.CodeInternal, Message: err.Error(), Err: err}
	}
	a.TurnNumber = turn
	a.RootInfo.Hash = fmt.Sprintf("%016x", pos.Hash())
	a.Cache = info
	return a, nil
}

// lookup reads the canonical analysis of key with at least visits from
// the cache; a database error is logged and treated as a miss.
func (s *Service) lookup(ctx context.Context, key store.CacheKey, visits int) (*Analysis, *CacheInfo, error) {
	lctx, cancel := context.WithTimeout(ctx, s.cfg.CacheTimeout)
	row, ok, err := s.store.LookupAnalysis(lctx, key, visits)
	cancel()
	if err != nil {
		if ctx.Err() != nil {
			return nil, nil, wallzero.TimeoutOr(ctx.Err())
		}
		s.log.WarnContext(ctx, "analysis cache lookup failed; searching instead", "error", err)
		s.metrics.CacheMisses.Add(1)
		return nil, nil, nil
	}
	if !ok {
		s.metrics.CacheMisses.Add(1)
		return nil, nil, nil
	}
	var a Analysis
	if err := json.Unmarshal(row.Analysis, &a); err != nil {
		s.log.WarnContext(ctx, "unreadable cached analysis; searching instead", "hash", fmt.Sprintf("%016x", key.CanonicalHash), "error", err)
		s.metrics.CacheMisses.Add(1)
		return nil, nil, nil
	}
	s.metrics.CacheHits.Add(1)
	return &a, &CacheInfo{Hit: true, Visits: row.Visits}, nil
}

// save stores a canonical analysis; failures are logged, not returned (the
// caller has its answer).
func (s *Service) save(ctx context.Context, key store.CacheKey, visits int, canon *Analysis) {
	data, err := json.Marshal(canon)
	if err == nil {
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.cfg.CacheTimeout)
		err = s.store.SaveAnalyses(sctx, store.CachedAnalysis{Key: key, Visits: visits, Analysis: data})
		cancel()
	}
	if err != nil {
		s.log.WarnContext(ctx, "caching an analysis failed", "hash", fmt.Sprintf("%016x", key.CanonicalHash), "error", err)
	}
}

func (s *Service) countSearch(ctx context.Context) {
	if inference.PriorityOf(ctx) == inference.Batch {
		s.metrics.BatchSearches.Add(1)
	} else {
		s.metrics.InteractiveSearches.Add(1)
	}
}

// fullQuery asks for everything an analysis can hold, as cached.
func fullQuery(visits int) *Query {
	return &Query{MaxVisits: visits, IncludeOwnership: true, IncludePolicy: true, IncludeReachability: true, SearchOptions: SearchOptions{IncludeUnvisited: true}}
}

// shape cuts a full analysis down to what q asked for.
func shape(full *Analysis, q *Query, turn int) *Analysis {
	a := *full
	a.ID, a.TurnNumber = q.ID, turn
	if !q.IncludeUnvisited {
		a.MoveInfos = visitedOnly(a.MoveInfos)
	}
	if q.TopK > 0 && len(a.MoveInfos) > q.TopK {
		a.MoveInfos = a.MoveInfos[:q.TopK]
	}
	if !q.IncludeOwnership {
		a.Ownership = nil
	}
	if !q.IncludePolicy {
		a.Policy = nil
	}
	if !q.IncludeReachability {
		a.Reachability = nil
	}
	return &a
}
