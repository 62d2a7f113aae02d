package api

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/api/metrics"
	"github.com/wallzero/wallzero/service"
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

// server holds what the handlers share.
type server struct {
	svc *service.Service
	cfg Config
	log *slog.Logger
}

// New returns the HTTP handler of the service: the /v1 API, health,
// readiness, metrics and the OpenAPI document with its viewer.
func New(svc *service.Service, cfg Config) http.Handler {
	def := DefaultConfig()
	if cfg.MaxBodyBytes <= 0 {
		cfg.MaxBodyBytes = def.MaxBodyBytes
	}
	if cfg.RequestTimeout <= 0 {
		cfg.RequestTimeout = def.RequestTimeout
	}
	if cfg.BodyTimeout <= 0 {
		cfg.BodyTimeout = def.BodyTimeout
	}
	if cfg.StreamWriteTimeout <= 0 {
		cfg.StreamWriteTimeout = def.StreamWriteTimeout
	}
	s := &server{svc: svc, cfg: cfg, log: cfg.Logger}
	if s.log == nil {
		s.log = slog.Default()
	}
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.HandleMethodNotAllowed = true
	r.ContextWithFallback = true

	reg := prometheus.NewRegistry()
	m := metrics.NewHTTP(reg)
	reg.MustRegister(metrics.NewServiceCollector(svc), metrics.NewAdmissionCollector(svc.Admission(), svc.Streams()), collectors.NewGoCollector())

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
	s.registerPictures(r)
	s.registerExplorer(r, v1)
	s.registerPosition(v1)
	s.registerRecords(v1)
	s.registerPlay(v1)

	r.GET("/healthz", s.healthz)
	r.GET("/readyz", s.readyz)
	r.GET("/metrics", metrics.Handler(reg))
	r.GET("/openapi.json", openAPIJSON)
	r.GET("/swagger.json", swaggerJSON)
	r.GET("/docs", docsPage)
	r.GET("/docs/", docsPage)
	return r
}
