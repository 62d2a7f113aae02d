package explorer

import (
	"cmp"
	"log/slog"
	"time"

	"golang.org/x/sync/singleflight"

	"github.com/wallzero/wallzero/service/analysis"
)

// Config configures an Explorer.
type Config struct {
	// Analyzer runs the searches (required).
	Analyzer *analysis.Analyzer
	// Store is the opening table (nil: the explorer answers
	// wallzero.CodeUnavailable).
	Store ExplorerStore
	// Admission charges the caller and admits the searches of an
	// interactive query; Gate marks them running and makes fills yield
	// to interactive analyses.
	Admission analysis.Admission
	Gate      *analysis.Gate
	// Metrics counts the searches (nil: a new one); Logger receives the
	// warnings (nil: slog.Default()).
	Metrics *analysis.Metrics
	Logger  *slog.Logger
	// Visits is a position's search budget for interactive queries and the
	// default of fills.
	Visits int
	// Parallel is the number of searches a fill keeps in flight.
	Parallel int
	// BatchYield bounds how long a fill waits, before each search, for the
	// interactive analyses running to finish.
	BatchYield time.Duration
	// CacheTimeout bounds the save of an interactive query's searches.
	CacheTimeout time.Duration
}

// Explorer answers the opening explorer and fills its table. Safe for
// concurrent use.
type Explorer struct {
	cfg     Config
	an      *analysis.Analyzer
	store   ExplorerStore
	adm     analysis.Admission
	gate    *analysis.Gate
	metrics *analysis.Metrics
	log     *slog.Logger
	flight  singleflight.Group
}

// New returns an explorer.
func New(cfg Config) *Explorer {
	s := &Explorer{cfg: cfg, an: cfg.Analyzer, store: cfg.Store, adm: cfg.Admission, gate: cfg.Gate, metrics: cfg.Metrics, log: cfg.Logger}
	s.metrics = cmp.Or(s.metrics, &analysis.Metrics{})
	s.log = cmp.Or(s.log, slog.Default())
	if s.gate == nil {
		s.gate = analysis.NewGate()
	}
	return s
}

// Visits returns the default search budget of a position.
func (s *Explorer) Visits() int { return s.cfg.Visits }
