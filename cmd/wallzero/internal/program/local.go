package program

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
)

// LocalServer is the service served in-process on a free port of
// 127.0.0.1, as the benchmarks run it when they are given no -url.
type LocalServer struct {
	*App
	// URL is the server's base URL ("http://127.0.0.1:PORT").
	URL string
	srv *http.Server
}

// StartLocal builds the app from cfg, logging warnings and worse to
// stderr, and serves its handler on a free local port.
func StartLocal(ctx context.Context, cfg *ServeConfig, stderr io.Writer) (*LocalServer, error) {
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	a, err := NewApp(ctx, cfg, log)
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		a.Close(ctx)
		return nil, err
	}
	srv := &http.Server{Handler: a.Handler}
	go func() { _ = srv.Serve(ln) }() // ErrServerClosed once closed
	return &LocalServer{App: a, URL: "http://" + ln.Addr().String(), srv: srv}, nil
}

// Close stops the server, then releases the app.
func (l *LocalServer) Close(ctx context.Context) {
	_ = l.srv.Close()
	l.App.Close(ctx)
}
