package service

import (
	"cmp"
	"log/slog"
	"time"

	"github.com/wallzero/wallzero/engine/player"
	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/service/access"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/explorer"
	"github.com/wallzero/wallzero/service/jobs"
	"github.com/wallzero/wallzero/service/levels"
	"github.com/wallzero/wallzero/service/play"
	"github.com/wallzero/wallzero/service/rating"
	"github.com/wallzero/wallzero/service/workspace"
	"github.com/wallzero/wallzero/store"
)

// Config holds the service's defaults and limits beyond the analyzer's:
// the jobs' (embedded, so cfg.ReviewVisits, cfg.Jobs and cfg.Retention
// read and set them) and those of the synchronous analyses.
type Config struct {
	jobs.Config
	// Admission bounds the synchronous analyses (zero fields: defaults).
	Admission access.AdmissionConfig
	// Streams bounds the streamed analyses open at once, in all and per
	// client (zero fields: defaults).
	Streams access.StreamConfig
	// CacheTimeout bounds one cache lookup or save of a synchronous
	// analysis; past it the analysis is searched (or not cached), so a
	// slow or stopped database does not eat the request's deadline.
	CacheTimeout time.Duration
}

// DefaultConfig returns the defaults of a deployment.
func DefaultConfig() Config {
	return Config{
		Config: jobs.Config{ReviewVisits: 200, OpeningVisits: 100, MaxOpenings: 10000, JobParallel: 4, MaxAttempts: 5, KeyMoves: 3,
			BatchYield: 200 * time.Millisecond},
		Admission: access.DefaultAdmissionConfig(), Streams: access.DefaultStreamConfig(), CacheTimeout: 2 * time.Second}
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
	Analyzer *analysis.Analyzer
	// Store caches analyses and keeps jobs (*store.Store); nil runs
	// without cache and refuses jobs.
	Store Store
	// Models describes the loaded models for GET /v1/models.
	Models []Model
	// Batcher, when the network runs behind one, gives queue and batch
	// statistics.
	Batcher BatcherStats
	// Metrics receives the counters (nil: a new one); pass the one the
	// evaluators were wrapped with (Metered) to count evaluations.
	Metrics *analysis.Metrics
	// Logger receives structured logs (nil: slog.Default()).
	Logger *slog.Logger
	// Auth verifies API keys and holds their quotas (nil: -auth off).
	Auth *access.Auth
	// Levels are the named levels POST /v1/play plays at (nil: none) and
	// NewPlayer builds their players from their specs (service/play).
	Levels    *levels.File
	NewPlayer player.Constructor
	// LevelsNote says why there are no levels when Levels is nil (shown
	// by GET /v1/levels).
	LevelsNote string
	// Ratings are the rating estimate's calibrations
	// (models/rating-calibration.json; nil: reviews carry no estimate).
	Ratings *rating.File
	// ReviewLevels is the ladder reviews measure their inaccuracies,
	// mistakes and blunders against (the whole levels file, loaded by
	// every process that runs review jobs; nil: reviews carry no levels).
	ReviewLevels *levels.File
}

// Service holds the parts of the analysis service that New wired (cached
// analyses, admission control, play, the explorer, jobs) and hands them to
// the api and the commands (parts.go); it reports the configuration, the
// counters, the models and readiness itself. Safe for concurrent use.
type Service struct {
	an       *analysis.Analyzer
	store    Store
	cfg      Config
	models   []Model
	batcher  BatcherStats
	metrics  *analysis.Metrics
	log      *slog.Logger
	gate     *analysis.Gate
	analyses *analysis.Cached
	adm      *access.Admission
	streams  *access.Streams
	auth     *access.Auth
	play     *play.Service
	explorer *explorer.Explorer
	jobs     *jobs.Runner
	ws       *workspace.Service
}

// New returns a service: it fills cfg's zero fields with the defaults and
// wires the parts, all sharing one admission controller, one gate of the
// interactive analyses and one set of counters.
func New(cfg Config, d Deps) *Service {
	def := DefaultConfig()
	cfg.ReviewVisits = orDefault(cfg.ReviewVisits, def.ReviewVisits)
	cfg.OpeningVisits = orDefault(cfg.OpeningVisits, def.OpeningVisits)
	cfg.MaxOpenings = orDefault(cfg.MaxOpenings, def.MaxOpenings)
	cfg.JobParallel = orDefault(cfg.JobParallel, def.JobParallel)
	cfg.MaxAttempts = orDefault(cfg.MaxAttempts, def.MaxAttempts)
	cfg.KeyMoves = orDefault(cfg.KeyMoves, def.KeyMoves)
	cfg.BatchYield = orDefault(cfg.BatchYield, def.BatchYield)
	cfg.CacheTimeout = orDefault(cfg.CacheTimeout, def.CacheTimeout)
	cfg.Admission = cfg.Admission.WithDefaults()
	cfg.Streams = cfg.Streams.WithDefaults(cfg.Admission.MaxSearches)
	if st, ok := d.Store.(*store.Store); ok && st == nil {
		d.Store = nil // a nil *store.Store means no database, as a nil Store does
	}
	s := &Service{an: d.Analyzer, store: d.Store, cfg: cfg, models: d.Models, batcher: d.Batcher, metrics: d.Metrics, log: d.Logger,
		gate: analysis.NewGate(), adm: access.NewAdmission(cfg.Admission), streams: access.NewStreams(cfg.Streams), auth: d.Auth}
	s.metrics = cmp.Or(s.metrics, &analysis.Metrics{})
	s.log = cmp.Or(s.log, slog.Default())
	s.play = play.New(play.Config{Levels: d.Levels, NewPlayer: d.NewPlayer, Note: d.LevelsNote, Limits: limitsOf(s.an), Admission: s.adm, Gate: s.gate})
	s.explorer = explorer.New(explorer.Config{Analyzer: s.an, Store: s.store, Admission: s.adm, Gate: s.gate, Metrics: s.metrics, Logger: s.log,
		Visits: cfg.OpeningVisits, Parallel: cfg.JobParallel, BatchYield: cfg.BatchYield, CacheTimeout: cfg.CacheTimeout})
	s.analyses = analysis.NewCached(analysis.CacheConfig{Analyzer: s.an, Cache: s.store, Timeout: cfg.CacheTimeout, Metrics: s.metrics,
		Logger: s.log, Gate: s.gate, Admission: s.adm, MaxRequestVisits: cfg.Admission.MaxRequestVisits})
	s.jobs = jobs.New(cfg.Config, jobs.Deps{Store: s.store, Analyses: s.analyses, Explorer: s.explorer, Logger: s.log,
		Ratings: d.Ratings, Levels: d.ReviewLevels})
	wst, _ := d.Store.(workspace.Store) // the memory store keeps no workspace
	s.ws = workspace.New(workspace.Config{Limits: limitsOf(s.an), ReviewVisits: cfg.ReviewVisits, MaxAttempts: cfg.MaxAttempts}, wst, s.jobs, s.log)
	return s
}

// Config returns the service's configuration.
func (s *Service) Config() Config { return s.cfg }

// Limits returns the analyzer's limits.
func (s *Service) Limits() analysis.Limits { return s.an.Limits() }

// Metrics returns the service's counters.
func (s *Service) Metrics() *analysis.Metrics { return s.metrics }

// Batcher returns the batching evaluator's statistics source (nil when
// the analyses run without one).
func (s *Service) Batcher() BatcherStats { return s.batcher }

// InteractiveInFlight returns the number of /analyze requests being
// analysed.
func (s *Service) InteractiveInFlight() int { return s.gate.Interactive() }

// Auth returns the API key verifier (nil when -auth is off).
func (s *Service) Auth() *access.Auth { return s.auth }

// orDefault returns v, or def when v is zero or negative (a config's
// "unset").
func orDefault[T int | int64 | float64 | time.Duration](v, def T) T { return cmp.Or(max(v, 0), def) }

// limitsOf returns an's limits (the defaults without an analyzer).
func limitsOf(an *analysis.Analyzer) analysis.Limits {
	if an == nil {
		return analysis.DefaultLimits()
	}
	return an.Limits()
}
