package analysis

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"time"

	"golang.org/x/sync/singleflight"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/store"
)

// Cached answers analyses through the analysis cache. Its policy: the
// cache holds each position once, in its canonical orientation (any
// rotation or mirror of a position finds it), with every move and map;
// a lookup needs a row with at least the asked visits; a miss is searched
// once however many callers ask for it at the same time (singleflight),
// stored canonical, then cut down to the query and turned back to the
// asked orientation. A database error or a slow database (past
// CacheConfig.Timeout) counts as a miss, so the analysis still answers.
// Safe for concurrent use.
type Cached struct {
	an      *Analyzer
	cache   Cache // nil: no cache, every analysis is searched
	timeout time.Duration
	metrics *Metrics
	log     *slog.Logger
	flight  singleflight.Group

	gate             *Gate
	adm              Admission
	maxRequestVisits int
}

// CacheConfig configures a Cached.
type CacheConfig struct {
	// Analyzer runs the searches (required).
	Analyzer *Analyzer
	// Cache stores analyses (nil: none).
	Cache Cache
	// Timeout bounds one cache lookup or save of a synchronous analysis;
	// past it the analysis is searched (or not cached), so that a slow or
	// stopped database does not eat the request's deadline.
	Timeout time.Duration
	// Metrics receives the cache and search counters (nil: a new one).
	Metrics *Metrics
	// Logger receives the cache's warnings (nil: slog.Default()).
	Logger *slog.Logger
	// Gate marks the interactive analyses running, so that batch work
	// yields to them (nil: a new one).
	Gate *Gate
	// Admission charges and admits the synchronous searches (required
	// for Analyze).
	Admission Admission
	// MaxRequestVisits caps visits x positions of one Analyze call.
	MaxRequestVisits int
}

// Admission is what Analyze needs from access control: the caller's quota
// is charged for every position, and each search batch waits for a slot
// (*access.Admission implements it).
type Admission interface {
	// Precheck refuses at once a request of cost visits that could not
	// be admitted soon enough.
	Precheck(ctx context.Context, cost int64) error
	// Charge charges the caller's quota for positions x visits.
	Charge(ctx context.Context, positions, visits int) error
	// Acquire waits for a search slot for cost visits and returns the
	// function that gives it back.
	Acquire(ctx context.Context, cost int64) (release func(), err error)
}

// NewCached returns the cache policy over cfg.Cache.
func NewCached(cfg CacheConfig) *Cached {
	c := &Cached{an: cfg.Analyzer, cache: cfg.Cache, timeout: cfg.Timeout, metrics: cfg.Metrics, log: cfg.Logger, gate: cfg.Gate,
		adm: cfg.Admission, maxRequestVisits: cfg.MaxRequestVisits}
	c.metrics = cmp.Or(c.metrics, &Metrics{})
	c.log = cmp.Or(c.log, slog.Default())
	if c.gate == nil {
		c.gate = NewGate()
	}
	return c
}

// Analyzer returns the analyzer the searches run on.
func (s *Cached) Analyzer() *Analyzer { return s.an }

// Metrics returns the counters the cache and searches add to.
func (s *Cached) Metrics() *Metrics { return s.metrics }

// Gate returns the gate of the interactive analyses.
func (s *Cached) Gate() *Gate { return s.gate }

// Full returns the analysis of positions[turn] with every move and map,
// oriented like positions[turn]: from the cache, or searched and stored in
// the canonical orientation. Concurrent calls for the same canonical
// position share one search.
func (s *Cached) Full(ctx context.Context, rules string, positions []engine.Position, turn, visits int) (*Analysis, error) {
	return s.analysisFrom(ctx, rules, positions, turn, visits, nil, true)
}

// cachedTurn returns the analysis of positions[turn] for q from the cache,
// or nil when it must be searched (a miss, a finished game, no database,
// or a query that changes the search itself).
func (s *Cached) cachedTurn(ctx context.Context, q *Query, rules string, positions []engine.Position, turn, visits int) (*Analysis, error) {
	pos := &positions[turn]
	if q.Custom() || s.cache == nil || pos.IsOver() {
		return nil, nil
	}
	hash, sym := pos.CanonicalHash()
	key := store.CacheKey{CanonicalHash: hash, Rules: rules, Model: s.an.CacheModel(pos.Players())}
	canon, info, err := s.lookup(ctx, key, visits)
	if err != nil || canon == nil {
		return nil, err
	}
	return orient(shape(canon, q, turn), sym, pos, turn, info), nil
}

// searchTurn searches positions[turn] for q after a cache miss: through
// the cache, sharing the search with concurrent callers and caching the
// result without looking again; or, for a query that changes the search
// or wants partial results, by a search of its own that is not cached.
func (s *Cached) searchTurn(ctx context.Context, q *Query, rules string, positions []engine.Position, turn, visits int, progress func(*Analysis)) (*Analysis, error) {
	if q.Custom() || progress != nil && q.Reporting() {
		s.metrics.CountSearch(ctx)
		return s.an.AnalyzeTurn(ctx, q, positions, turn, RunOptions{Progress: progress})
	}
	if s.cache == nil || positions[turn].IsOver() {
		s.metrics.CountSearch(ctx)
		return s.an.AnalyzeTurn(ctx, q, positions, turn, RunOptions{})
	}
	return s.analysisFrom(ctx, rules, positions, turn, visits, q, false)
}

// analysisFrom returns the analysis of positions[turn]: from the cache
// when look is set and it holds one, else searched in the canonical
// orientation and cached; then cut down to q (nil: everything) and
// oriented like positions[turn].
func (s *Cached) analysisFrom(ctx context.Context, rules string, positions []engine.Position, turn, visits int, q *Query, look bool) (*Analysis, error) {
	pos := &positions[turn]
	if pos.IsOver() || s.cache == nil {
		s.metrics.CountSearch(ctx)
		return s.an.AnalyzeTurn(ctx, FullQuery(visits), positions, turn, RunOptions{})
	}
	hash, sym := pos.CanonicalHash()
	key := store.CacheKey{CanonicalHash: hash, Rules: rules, Model: s.an.CacheModel(pos.Players())}
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
			s.metrics.CountSearch(ctx)
			a, err := s.an.AnalyzeTurn(ctx, FullQuery(visits), positions, turn, RunOptions{})
			if err != nil {
				return nil, err
			}
			c := Canonical(a, sym, hash)
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
	return orient(canon, sym, pos, turn, info), nil
}

// Canonical returns a as the cache holds it: mapped by sym (the symmetry
// CanonicalHash returned with hash) to the canonical orientation, at turn
// 0, with the canonical hash.
func Canonical(a *Analysis, sym grid.Symmetry, hash uint64) *Analysis {
	c := transformAnalysis(a, sym)
	c.TurnNumber, c.RootInfo.Hash = 0, hash
	return c
}

// orient maps a canonical analysis back to the asked position pos (the
// position the canonical symmetry sym maps to the canonical one), as the
// analysis of turn with cache information info.
func orient(canon *Analysis, sym grid.Symmetry, pos *engine.Position, turn int, info *CacheInfo) *Analysis {
	a := transformAnalysis(canon, sym.Inverse())
	a.TurnNumber = turn
	a.RootInfo.Hash = pos.Hash()
	a.Cache = info
	return a
}

// lookup reads the canonical analysis of key with at least visits from
// the cache; a database error is logged and treated as a miss.
func (s *Cached) lookup(ctx context.Context, key store.CacheKey, visits int) (*Analysis, *CacheInfo, error) {
	lctx, cancel := context.WithTimeout(ctx, s.timeout)
	row, ok, err := s.cache.LookupAnalysis(lctx, key, visits)
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
	a, err := DecodeStored(row.Analysis)
	if err != nil {
		s.log.WarnContext(ctx, "unreadable cached analysis; searching instead", "hash", fmt.Sprintf("%016x", key.CanonicalHash), "error", err)
		s.metrics.CacheMisses.Add(1)
		return nil, nil, nil
	}
	s.metrics.CacheHits.Add(1)
	return a, &CacheInfo{Hit: true, Visits: row.Visits}, nil
}

// save stores a canonical analysis; failures are logged, not returned (the
// caller has its answer).
func (s *Cached) save(ctx context.Context, key store.CacheKey, visits int, canon *Analysis) {
	data, err := EncodeStored(canon)
	if err == nil {
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.timeout)
		err = s.cache.SaveAnalyses(sctx, store.CachedAnalysis{Key: key, Visits: visits, Analysis: data})
		cancel()
	}
	if err != nil {
		s.log.WarnContext(ctx, "caching an analysis failed", "hash", fmt.Sprintf("%016x", key.CanonicalHash), "error", err)
	}
}

// FullQuery asks for everything an analysis can hold, as cached.
func FullQuery(visits int) *Query {
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
