package jobs

import (
	"cmp"
	"log/slog"
	"time"

	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/explorer"
	"github.com/wallzero/wallzero/service/jobs/movelevel"
	"github.com/wallzero/wallzero/service/levels"
	"github.com/wallzero/wallzero/service/rating"
)

// Config holds the jobs' defaults and limits.
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
	// Jobs cuts jobs into steps (zero: the defaults).
	Jobs JobsConfig
	// Retention is what the retention job prunes (zero: nothing).
	Retention RetentionConfig
}

// Deps are the runner's collaborators.
type Deps struct {
	// Store keeps the jobs (nil: jobs are refused with
	// wallzero.CodeUnavailable).
	Store Store
	// Analyses answers the reviews' positions through the cache.
	Analyses *analysis.Cached
	// Explorer fills the opening table (the explorer-fill job).
	Explorer *explorer.Explorer
	// Logger receives the jobs' logs (nil: slog.Default()).
	Logger *slog.Logger
	// Ratings are the rating estimate's calibrations (nil: reviews carry
	// no estimate).
	Ratings *rating.File
	// Levels is the ladder of named levels (models/levels.json) each
	// review measures its inaccuracies, mistakes and blunders against
	// (nil: reviews carry no levels).
	Levels *levels.File
}

// Runner submits, runs and reports the jobs: reviews, opening batches,
// explorer fills and retention. The jobs table is the one source of a
// job's state (see JobStore); River only schedules. Safe for concurrent
// use.
type Runner struct {
	cfg      Config
	store    Store
	analyses *analysis.Cached
	an       *analysis.Analyzer
	explorer *explorer.Explorer
	gate     *analysis.Gate
	metrics  *analysis.Metrics
	log      *slog.Logger
	ratings  *rating.File
	ladder   []movelevel.LadderLevel
}

// New returns a job runner; cfg's zero fields must have been filled by
// the caller (the service's Config does it).
func New(cfg Config, d Deps) *Runner {
	r := &Runner{cfg: cfg, store: d.Store, analyses: d.Analyses, an: d.Analyses.Analyzer(), explorer: d.Explorer,
		gate: d.Analyses.Gate(), metrics: d.Analyses.Metrics(), log: d.Logger, ratings: d.Ratings,
		ladder: movelevel.Ladder(d.Levels)}
	r.log = cmp.Or(r.log, slog.Default())
	return r
}

// orDefault returns v, or def when v is zero or negative (a config's
// "unset").
func orDefault[T int | int64 | float64 | time.Duration](v, def T) T { return cmp.Or(max(v, 0), def) }
