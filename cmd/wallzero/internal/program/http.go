package program

import (
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"time"
)

// StartDebugServer serves Go's profiler (net/http/pprof) on addr, a
// separate listener meant for localhost or an internal network only:
// `go tool pprof http://ADDR/debug/pprof/profile?seconds=10` takes a CPU
// profile of a running server. It returns a function that stops it.
func StartDebugServer(addr string, log *slog.Logger) (stop func(), err error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }() // ErrServerClosed once closed
	log.Info("profiler listening", "addr", ln.Addr().String(), "path", "/debug/pprof/")
	return func() { srv.Close() }, nil
}

// NewHTTPServer returns the HTTP server of serve: deadlines for headers,
// writes and idle connections and a header size limit. It sets no
// ReadTimeout: that would also cancel long /analyze requests (through
// net/http's background read); the API sets a read deadline on each body
// instead.
func NewHTTPServer(cfg *ServeConfig, h http.Handler) *http.Server {
	return &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute,
		WriteTimeout: cfg.API.RequestTimeout + time.Minute, MaxHeaderBytes: cfg.MaxHeaderBytes}
}
