package service

import (
	"context"
	"log/slog"
	"time"

	"golang.org/x/sync/singleflight"

	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/store"
)

// Config holds the service's defaults and limits beyond the analyzer's.
type Config struct {
	// ReviewVisits and OpeningVisits are the visits per position when a
	// review or opening batch gives no maxVisits.
	ReviewVisits  int
	OpeningVisits int
	// MaxOpenings caps the openings of one batch.
	MaxOpenings int
	// JobParallel is the number of searches one job keeps in flight.
	JobParallel int
	// MaxAttempts caps the attempts of a job (a crash or error retries it).
	MaxAttempts int
	// KeyMoves is the number of key moves a review lists.
	KeyMoves int
	// BatchYield bounds how long a job waits, before each search, for the
	// interactive analyses running to finish.
	BatchYield time.Duration
	// Jobs cuts jobs into steps (service/jobs.go; zero: the defaults).
	Jobs JobsConfig
	// Retention is what the retention job prunes (service/retention.go;
	// zero: nothing).
	Retention RetentionConfig
}

// DefaultConfig returns the defaults of a deployment.
func DefaultConfig() Config {
	return Config{ReviewVisits: 200, OpeningVisits: 100, MaxOpenings: 10000, JobParallel: 4, MaxAttempts: 5, KeyMoves: 3, BatchYield: 200 * time.Millisecond}
}

// BatcherStats is what the service reads from a batching evaluator for
// /metrics (*inference.Batcher has it).
type BatcherStats interface {
	Stats() inference.BatchStats
	QueueDepth() (interactive, batch int)
}

// Deps are the service's collaborators.
type Deps struct {
	// Analyzer runs searches (required).
	Analyzer *Analyzer
	// Store caches analyses and keeps jobs; nil runs without cache and
	// refuses jobs.
	Store *store.Store
	// Models describes the loaded models for GET /v1/models.
	Models []Model
	// Batcher, when the network runs behind one, gives queue and batch
	// statistics.
	Batcher BatcherStats
	// Metrics receives the counters (nil: a new one); pass the one the
	// evaluators were wrapped with (Metered) to count evaluations.
	Metrics *Metrics
	// Logger receives structured logs (nil: slog.Default()).
	Logger *slog.Logger
}

// Service is the analysis service: cached analyses, review and opening
// jobs, model and readiness reports. It holds no HTTP and no SQL. Safe for
// concurrent use.
type Service struct {
	an      *Analyzer
	store   *store.Store
	cfg     Config
	models  []Model
	batcher BatcherStats
	metrics *Metrics
	log     *slog.Logger
	gate    *gate
	flight  singleflight.Group
}

// New returns a service.
func New(cfg Config, d Deps) *Service {
	def := DefaultConfig()
	if cfg.ReviewVisits <= 0 {
		cfg.ReviewVisits = def.ReviewVisits
	}
	if cfg.OpeningVisits <= 0 {
		cfg.OpeningVisits = def.OpeningVisits
	}
	if cfg.MaxOpenings <= 0 {
		cfg.MaxOpenings = def.MaxOpenings
	}
	if cfg.JobParallel <= 0 {
		cfg.JobParallel = def.JobParallel
	}
	if cfg.MaxAttempts <= 0 {
		cfg.MaxAttempts = def.MaxAttempts
	}
	if cfg.KeyMoves <= 0 {
		cfg.KeyMoves = def.KeyMoves
	}
	if cfg.BatchYield <= 0 {
		cfg.BatchYield = def.BatchYield
	}
	s := &Service{an: d.Analyzer, store: d.Store, cfg: cfg, models: d.Models, batcher: d.Batcher, metrics: d.Metrics, log: d.Logger, gate: newGate()}
	if s.metrics == nil {
		s.metrics = &Metrics{}
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	return s
}

// Config returns the service's configuration.
func (s *Service) Config() Config { return s.cfg }

// Limits returns the analyzer's limits.
func (s *Service) Limits() Limits { return s.an.Limits() }

// Metrics returns the service's counters.
func (s *Service) Metrics() *Metrics { return s.metrics }

// Batcher returns the batching evaluator's statistics source (nil when
// the analyses run without one).
func (s *Service) Batcher() BatcherStats { return s.batcher }

// InteractiveInFlight returns the number of /analyze requests being
// analysed.
func (s *Service) InteractiveInFlight() int { return s.gate.interactive() }

// Analyze answers a query: one analysis per asked turn, from the cache
// when it holds one with at least the asked visits (for the position or
// any rotation or mirror of it), else by searching at interactive
// priority and caching the result.
func (s *Service) Analyze(ctx context.Context, q *Query) ([]*Analysis, error) {
	g, turns, err := s.an.Prepare(q)
	if err != nil {
		return nil, err
	}
	done := s.gate.enter()
	defer done()
	ctx = inference.WithPriority(ctx, inference.Interactive)
	positions := g.Positions()
	visits := s.visits(q.MaxVisits)
	out := make([]*Analysis, 0, len(turns))
	for _, t := range turns {
		a, err := s.analyzeTurn(ctx, q, g.Rules.String(), positions, t, visits)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, nil
}

// visits returns the visit budget for a query's maxVisits.
func (s *Service) visits(asked int) int {
	if asked > 0 {
		return asked
	}
	return s.an.Limits().DefaultVisits
}
