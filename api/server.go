package api

import (
	"cmp"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/api/metrics"
	"github.com/wallzero/wallzero/api/pictures"
	apiworkspace "github.com/wallzero/wallzero/api/workspace"
	"github.com/wallzero/wallzero/service"
	"github.com/wallzero/wallzero/service/access"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/explorer"
	"github.com/wallzero/wallzero/service/jobs"
	"github.com/wallzero/wallzero/service/play"
	"github.com/wallzero/wallzero/service/workspace"
)

// Config holds the HTTP limits.
type Config struct {
	// MaxBodyBytes caps request bodies (413 beyond).
	MaxBodyBytes int64
	// RequestTimeout is the deadline of a synchronous analysis (504 after).
	RequestTimeout time.Duration
	// CORSOrigins lists the origins (scheme://host[:port], or "*") whose
	// pages may call the API from a browser; empty: CORS is off.
	CORSOrigins []string
	// BodyTimeout is how long a request body may take to arrive once the
	// handler starts reading it (408 and a closed connection after).
	BodyTimeout time.Duration
	// StreamWriteTimeout is how long one write of a streamed analysis may
	// wait for a client that does not read; past it the stream ends and
	// its search is cancelled.
	StreamWriteTimeout time.Duration
	// Logger receives the access log (nil: slog.Default()).
	Logger *slog.Logger
}

// DefaultConfig returns the defaults: 1 MiB bodies, 30 s analyses, 15 s
// for a body to arrive, 10 s for a write of a stream.
func DefaultConfig() Config {
	return Config{MaxBodyBytes: 1 << 20, RequestTimeout: 30 * time.Second, BodyTimeout: 15 * time.Second, StreamWriteTimeout: 10 * time.Second}
}

// Deps are what the handlers call, each part taken directly: DepsOf gives
// those a service wired.
type Deps struct {
	// Service answers GET /v1/models and /readyz and its counters feed
	// /metrics (required).
	Service *service.Service
	// Analyses answers /v1/analyze, plain and streamed, and board.svg with
	// topK (required).
	Analyses *analysis.Cached
	// Admission refuses an analysis before its body is read when none
	// could be admitted now; Streams bounds the streamed analyses open at
	// once (both required).
	Admission *access.Admission
	Streams   *access.Streams
	// Jobs submits, reads and cancels reviews, opening batches and other
	// jobs, and estimates ratings (required).
	Jobs *jobs.Runner
	// Play answers the levels and the moves played at them (required).
	Play *play.Service
	// Explorer answers the opening explorer (required).
	Explorer *explorer.Explorer
	// Workspace answers the coach's workspace (api/workspace; nil: no routes).
	Workspace *workspace.Service
	// Auth verifies API keys (nil: -auth off).
	Auth *access.Auth
	// Limits bound the records and boards given as text or positions.
	Limits analysis.Limits
}

// DepsOf returns the parts svc wired, as New takes them.
func DepsOf(svc *service.Service) Deps {
	return Deps{Service: svc, Analyses: svc.Analyses(), Admission: svc.Admission(), Streams: svc.Streams(), Jobs: svc.Jobs(),
		Play: svc.Play(), Explorer: svc.Explorer(), Workspace: svc.Workspace(), Auth: svc.Auth(), Limits: svc.Limits()}
}

// server holds what the handlers share.
type server struct {
	svc      *service.Service
	analyses *analysis.Cached
	adm      *access.Admission
	streams  *access.Streams
	jobs     *jobs.Runner
	play     *play.Service
	explorer *explorer.Explorer
	auth     *access.Auth
	limits   analysis.Limits
	cfg      Config
	log      *slog.Logger
}

// New returns the HTTP handler of the service: the /v1 API, health,
// readiness, metrics and the OpenAPI document with its viewer.
func New(d Deps, cfg Config) http.Handler {
	def := DefaultConfig()
	cfg.MaxBodyBytes, cfg.RequestTimeout = cmp.Or(max(cfg.MaxBodyBytes, 0), def.MaxBodyBytes), cmp.Or(max(cfg.RequestTimeout, 0), def.RequestTimeout)
	cfg.BodyTimeout, cfg.StreamWriteTimeout = cmp.Or(max(cfg.BodyTimeout, 0), def.BodyTimeout), cmp.Or(max(cfg.StreamWriteTimeout, 0), def.StreamWriteTimeout)
	s := &server{svc: d.Service, analyses: d.Analyses, adm: d.Admission, streams: d.Streams, jobs: d.Jobs, play: d.Play,
		explorer: d.Explorer, auth: d.Auth, limits: d.Limits, cfg: cfg, log: cfg.Logger}
	s.log = cmp.Or(s.log, slog.Default())
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.HandleMethodNotAllowed = true
	r.ContextWithFallback = true

	reg := prometheus.NewRegistry()
	m := metrics.NewHTTP(reg)
	reg.MustRegister(metrics.NewServiceCollector(d.Service), metrics.NewAdmissionCollector(d.Admission, d.Streams), collectors.NewGoCollector())

	r.Use(requestID(), s.recovery(), m.Middleware(), s.accessLog(), cors(cfg.CORSOrigins))
	s.useAuth(r, reg) // API keys under -auth required (after CORS, before the routes)
	r.NoRoute(func(c *gin.Context) {
		writeError(c, &wallzero.Error{Code: wallzero.CodeNotFound, Message: "no such endpoint: " + c.Request.Method + " " + c.Request.URL.Path})
	})
	r.NoMethod(func(c *gin.Context) {
		writeError(c, &wallzero.Error{Code: wallzero.CodeMethodNotAllowed, Message: c.Request.Method + " is not allowed on " + c.Request.URL.Path})
	})

	v1 := r.Group("/v1")
	v1.POST("/analyze", s.analyze)
	v1.POST("/reviews", s.createReview)
	v1.GET("/reviews/:id", s.getReview)
	v1.GET("/reviews/:id/puzzles", s.getPuzzles)
	v1.POST("/ratings/estimate", s.estimateRating)
	v1.POST("/openings/batch", s.createOpenings)
	v1.GET("/jobs/:id", s.getJob)
	v1.DELETE("/jobs/:id", s.cancelJob)
	v1.GET("/models", s.models)
	pictures.Register(r, pictures.Deps{Analyses: d.Analyses, Jobs: d.Jobs, Limits: d.Limits, RequestTimeout: cfg.RequestTimeout,
		Error: writeError, Decode: decodeJSON})
	registerPage(r)
	s.registerExplorer(r, v1)
	s.registerPosition(v1)
	s.registerRecords(v1)
	s.registerPlay(v1)
	if d.Workspace != nil {
		apiworkspace.Register(v1, d.Workspace, apiworkspace.IO{Error: writeError, Decode: s.decodeBody,
			Read: func(c *gin.Context, n int64) ([]byte, error) { return readBody(c, n, cfg.BodyTimeout) }})
	}

	r.GET("/healthz", s.healthz)
	r.GET("/readyz", s.readyz)
	r.GET("/metrics", metrics.Handler(reg))
	r.GET("/openapi.json", openAPIJSON)
	r.GET("/swagger.json", swaggerJSON)
	r.GET("/docs", docsPage)
	r.GET("/docs/", docsPage)
	return r
}
