package main

import (
	"context"
	"errors"
	"io"
	"net"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/program"
)

// runServe implements `wallzero serve`: the HTTP API with a job worker,
// until SIGINT or SIGTERM; then it stops taking connections, lets running
// requests finish, and gives running jobs the shutdown timeout before
// re-queueing them.
func runServe(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	p, err := program.StartProcess("serve", args, stderr, true, nil)
	if err != nil {
		return err
	}
	defer p.Close()
	cfg, log, ctx := &p.Cfg, p.Log, p.Ctx
	if cfg.DebugAddr != "" {
		stopDebug, err := program.StartDebugServer(cfg.DebugAddr, log)
		if err != nil {
			return err
		}
		defer stopDebug()
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return err
	}
	srv := program.NewHTTPServer(cfg, p.App.Handler)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	log.Info("serving", "addr", ln.Addr().String(), "docs", "/docs", "openapi", "/openapi.json")
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	p.Stop()
	log.Info("shutting down", "timeout", cfg.ShutdownTimeout.String())
	sctx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		log.Warn("HTTP shutdown", "error", err)
	}
	p.App.StopWorker(context.Background())
	log.Info("stopped")
	return nil
}
