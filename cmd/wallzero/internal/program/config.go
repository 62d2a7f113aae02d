package program

import (
	"github.com/wallzero/wallzero/service/rating"

	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"time"

	"github.com/wallzero/wallzero/api"
	"github.com/wallzero/wallzero/internal/reqid"
	"github.com/wallzero/wallzero/service"
	"github.com/wallzero/wallzero/service/analysis"
)

// ServeConfig is the configuration of `serve`, `worker` and `bench api`:
// every field is a flag, and every flag can also be set by an environment
// variable (see EnvName); a flag on the command line wins. README.md's
// configuration table lists them.
type ServeConfig struct {
	// Addr is -addr, the HTTP listen address (serve).
	Addr string
	// DatabaseURL is -database-url (also DATABASE_URL).
	DatabaseURL string
	// Migrate is -migrate: apply the migrations at start-up.
	Migrate bool
	// Model holds the model flags (-model, -provider, -eval-*).
	Model ModelFlags
	// Limits, Svc and API are the service's, its orchestration's and the
	// HTTP API's settings, each from its flags over its defaults.
	Limits analysis.Limits
	Svc    service.Config
	API    api.Config
	// JobWorkers is -job-workers, the jobs this process runs at once.
	JobWorkers int
	// LeafCalls is -interactive-leaf-calls
	// (analysis.Analyzer.InteractiveLeafCalls).
	LeafCalls int
	// JobTimeout is -job-timeout, the longest step of a job.
	JobTimeout time.Duration
	// ShutdownTimeout is -shutdown-timeout, the grace period on SIGTERM.
	ShutdownTimeout time.Duration
	// LogLevel and LogFormat are -log-level and -log-format.
	LogLevel, LogFormat string
	// MaxHeaderBytes is -max-header-bytes (serve).
	MaxHeaderBytes int
	// DebugAddr is -debug-addr, the profiler's address (serve; "": off).
	DebugAddr string
	// Auth is -auth and -key-* (config_auth.go).
	Auth AuthConfig
	// Levels is -levels (levels.go).
	Levels LevelsConfig
	// RatingCalibration is -rating-calibration (ratings.go).
	RatingCalibration string
}

// Register adds the flags; http adds those of the HTTP server.
func (c *ServeConfig) Register(fs *flag.FlagSet, http bool) {
	c.Model.RegisterService(fs)
	c.Limits = analysis.DefaultLimits()
	c.Svc = service.DefaultConfig()
	c.API = api.DefaultConfig()
	fs.StringVar(&c.DatabaseURL, "database-url", "", "PostgreSQL URL, postgres://user@host:port/db (env DATABASE_URL)")
	fs.BoolVar(&c.Migrate, "migrate", true, "apply the database migrations at start-up")
	fs.IntVar(&c.Limits.MaxVisits, "max-visits", c.Limits.MaxVisits, "largest maxVisits a request may ask")
	fs.IntVar(&c.Limits.DefaultVisits, "default-visits", c.Limits.DefaultVisits, "visits of an /analyze request that gives no maxVisits")
	fs.IntVar(&c.Limits.MaxMoves, "max-moves", c.Limits.MaxMoves, "longest game record accepted")
	fs.IntVar(&c.Limits.MaxTurns, "max-turns", c.Limits.MaxTurns, "most positions one /analyze request may ask (analyzeTurns)")
	fs.IntVar(&c.Svc.ReviewVisits, "review-visits", c.Svc.ReviewVisits, "visits per position of a review that gives no maxVisits")
	fs.IntVar(&c.Svc.OpeningVisits, "opening-visits", c.Svc.OpeningVisits, "visits per opening of a batch that gives no maxVisits")
	fs.IntVar(&c.Svc.MaxOpenings, "max-openings", c.Svc.MaxOpenings, "most openings in one batch (413 beyond)")
	fs.IntVar(&c.Svc.JobParallel, "job-parallel", c.Svc.JobParallel, "searches one job keeps in flight")
	fs.IntVar(&c.Svc.MaxAttempts, "job-attempts", c.Svc.MaxAttempts, "attempts of a job before it fails")
	fs.IntVar(&c.LeafCalls, "interactive-leaf-calls", 1, "evaluator calls the 16 leaves in flight of a synchronous analysis are split into: 2 keeps the network busy while a lone request's tree is worked on (1..16; jobs use 1; docs/performance.md)")
	fs.IntVar(&c.JobWorkers, "job-workers", 1, "jobs this process runs at once (0: none, the process only serves HTTP)")
	c.registerJobFlags(fs)
	fs.DurationVar(&c.ShutdownTimeout, "shutdown-timeout", 20*time.Second, "on SIGTERM, how long running requests and jobs may finish before jobs are re-queued")
	fs.StringVar(&c.LogLevel, "log-level", "info", "debug, info, warn or error")
	fs.StringVar(&c.LogFormat, "log-format", "json", "json or text")
	c.registerAdmission(fs)
	fs.StringVar(&c.RatingCalibration, "rating-calibration", "", "the rating estimate's calibrations (`wallzero rating fit` writes them; default "+
		rating.FileName+" in the model's directory, else models/"+rating.FileName+"; a missing default file means reviews carry no rating estimate)")
	if http {
		c.registerHTTP(fs)
		fs.StringVar(&c.Addr, "addr", ":8080", "HTTP listen address")
		fs.Int64Var(&c.API.MaxBodyBytes, "max-body-bytes", c.API.MaxBodyBytes, "largest request body (413 beyond)")
		fs.DurationVar(&c.API.RequestTimeout, "request-timeout", c.API.RequestTimeout, "deadline of a synchronous /analyze request (504 after)")
		c.Auth.register(fs)
		fs.DurationVar(&c.API.BodyTimeout, "body-timeout", c.API.BodyTimeout, "longest a request body may take to arrive (408 and the connection closed after)")
		c.Levels.register(fs)
	}
}

// EnvName returns the environment variable of a flag: WALLZERO_ and the
// name in upper case with underscores (database-url also reads
// DATABASE_URL).
func EnvName(flagName string) string {
	return "WALLZERO_" + strings.ToUpper(strings.ReplaceAll(flagName, "-", "_"))
}

// ParseWithEnv sets flags from the environment, then parses args (which
// win over the environment).
func ParseWithEnv(fs *flag.FlagSet, args []string) error {
	var err error
	fs.VisitAll(func(f *flag.Flag) {
		v, ok := os.LookupEnv(EnvName(f.Name))
		if !ok && f.Name == "database-url" {
			v, ok = os.LookupEnv("DATABASE_URL")
		}
		if ok && err == nil {
			if e := fs.Set(f.Name, v); e != nil {
				err = fmt.Errorf("environment %s=%q: %v", EnvName(f.Name), v, e)
			}
		}
	})
	if err != nil {
		return err
	}
	return fs.Parse(args)
}

// NewLogger returns the structured logger the flags ask for.
func NewLogger(w io.Writer, level, format string) (*slog.Logger, error) {
	var l slog.Level
	if err := l.UnmarshalText([]byte(level)); err != nil {
		return nil, fmt.Errorf("-log-level %q: %v", level, err)
	}
	opts := &slog.HandlerOptions{Level: l}
	switch format {
	case "json":
		return slog.New(reqid.Handler{Handler: slog.NewJSONHandler(w, opts)}), nil
	case "text":
		return slog.New(reqid.Handler{Handler: slog.NewTextHandler(w, opts)}), nil
	}
	return nil, fmt.Errorf("-log-format %q: json or text", format)
}

// NewFlagSet returns the flag set of the subcommand name ("wallzero
// name"), which reports errors on stderr instead of exiting.
func NewFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("wallzero "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}
