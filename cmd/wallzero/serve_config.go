package main

import (
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
)

// serveConfig is the configuration of `serve`, `worker` and `bench api`:
// every field is a flag, and every flag can also be set by an environment
// variable (see envName); a flag on the command line wins. README.md's
// configuration table lists them.
type serveConfig struct {
	addr            string
	databaseURL     string
	migrate         bool
	model           modelFlags
	limits          service.Limits
	svc             service.Config
	api             api.Config
	jobWorkers      int
	leafCalls       int // service.Analyzer.InteractiveLeafCalls
	jobTimeout      time.Duration
	shutdownTimeout time.Duration
	logLevel        string
	logFormat       string
	maxHeaderBytes  int
	debugAddr       string
	auth            authConfig   // -auth and -key-* (auth_config.go)
	levels          levelsConfig // -levels (serve_levels.go)
}

// register adds the flags; http adds those of the HTTP server.
func (c *serveConfig) register(fs *flag.FlagSet, http bool) {
	c.model.registerService(fs)
	c.limits = service.DefaultLimits()
	c.svc = service.DefaultConfig()
	c.api = api.DefaultConfig()
	fs.StringVar(&c.databaseURL, "database-url", "", "PostgreSQL URL, postgres://user@host:port/db (env DATABASE_URL)")
	fs.BoolVar(&c.migrate, "migrate", true, "apply the database migrations at start-up")
	fs.IntVar(&c.limits.MaxVisits, "max-visits", c.limits.MaxVisits, "largest maxVisits a request may ask")
	fs.IntVar(&c.limits.DefaultVisits, "default-visits", c.limits.DefaultVisits, "visits of an /analyze request that gives no maxVisits")
	fs.IntVar(&c.limits.MaxMoves, "max-moves", c.limits.MaxMoves, "longest game record accepted")
	fs.IntVar(&c.limits.MaxTurns, "max-turns", c.limits.MaxTurns, "most positions one /analyze request may ask (analyzeTurns)")
	fs.IntVar(&c.svc.ReviewVisits, "review-visits", c.svc.ReviewVisits, "visits per position of a review that gives no maxVisits")
	fs.IntVar(&c.svc.OpeningVisits, "opening-visits", c.svc.OpeningVisits, "visits per opening of a batch that gives no maxVisits")
	fs.IntVar(&c.svc.MaxOpenings, "max-openings", c.svc.MaxOpenings, "most openings in one batch (413 beyond)")
	fs.IntVar(&c.svc.JobParallel, "job-parallel", c.svc.JobParallel, "searches one job keeps in flight")
	fs.IntVar(&c.svc.MaxAttempts, "job-attempts", c.svc.MaxAttempts, "attempts of a job before it fails")
	fs.IntVar(&c.leafCalls, "interactive-leaf-calls", 1, "evaluator calls the 16 leaves in flight of a synchronous analysis are split into: 2 keeps the network busy while a lone request's tree is worked on (1..16; jobs use 1; docs/performance.md)")
	fs.IntVar(&c.jobWorkers, "job-workers", 1, "jobs this process runs at once (0: none, the process only serves HTTP)")
	c.registerJobFlags(fs)
	fs.DurationVar(&c.shutdownTimeout, "shutdown-timeout", 20*time.Second, "on SIGTERM, how long running requests and jobs may finish before jobs are re-queued")
	fs.StringVar(&c.logLevel, "log-level", "info", "debug, info, warn or error")
	fs.StringVar(&c.logFormat, "log-format", "json", "json or text")
	c.registerAdmission(fs)
	if http {
		c.registerHTTP(fs)
		fs.StringVar(&c.addr, "addr", ":8080", "HTTP listen address")
		fs.Int64Var(&c.api.MaxBodyBytes, "max-body-bytes", c.api.MaxBodyBytes, "largest request body (413 beyond)")
		fs.DurationVar(&c.api.RequestTimeout, "request-timeout", c.api.RequestTimeout, "deadline of a synchronous /analyze request (504 after)")
		c.auth.register(fs)
		fs.DurationVar(&c.api.BodyTimeout, "body-timeout", c.api.BodyTimeout, "longest a request body may take to arrive (408 and the connection closed after)")
		c.levels.register(fs)
	}
}

// envName returns the environment variable of a flag: WALLZERO_ and the
// name in upper case with underscores (database-url also reads
// DATABASE_URL).
func envName(flagName string) string {
	return "WALLZERO_" + strings.ToUpper(strings.ReplaceAll(flagName, "-", "_"))
}

// parseWithEnv sets flags from the environment, then parses args (which
// win over the environment).
func parseWithEnv(fs *flag.FlagSet, args []string) error {
	var err error
	fs.VisitAll(func(f *flag.Flag) {
		v, ok := os.LookupEnv(envName(f.Name))
		if !ok && f.Name == "database-url" {
			v, ok = os.LookupEnv("DATABASE_URL")
		}
		if ok && err == nil {
			if e := fs.Set(f.Name, v); e != nil {
				err = fmt.Errorf("environment %s=%q: %v", envName(f.Name), v, e)
			}
		}
	})
	if err != nil {
		return err
	}
	return fs.Parse(args)
}

// newLogger returns the structured logger the flags ask for.
func newLogger(w io.Writer, level, format string) (*slog.Logger, error) {
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
