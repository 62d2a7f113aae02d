package main

import (
	"context"
	"io"
	"log/slog"
	"os/signal"
	"syscall"
)

// process is a started `serve` or `worker` process: its configuration,
// logger, wired app and a context that SIGINT or SIGTERM cancels.
type process struct {
	cfg  serveConfig
	log  *slog.Logger
	app  *app
	ctx  context.Context
	stop context.CancelFunc
}

// startProcess is the start serve and worker share: the flags (and their
// environment variables; withHTTP registers the HTTP ones), then adjust
// (may be nil), the logger, the signal context and the app (newApp). The
// caller defers close.
func startProcess(name string, args []string, stderr io.Writer, withHTTP bool, adjust func(*serveConfig)) (*process, error) {
	p := &process{}
	fs := newFlagSet(name, stderr)
	p.cfg.register(fs, withHTTP)
	if err := parseWithEnv(fs, args); err != nil {
		return nil, err
	}
	if adjust != nil {
		adjust(&p.cfg)
	}
	var err error
	if p.log, err = newLogger(stderr, p.cfg.logLevel, p.cfg.logFormat); err != nil {
		return nil, err
	}
	p.ctx, p.stop = signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	if p.app, err = newApp(p.ctx, &p.cfg, p.log); err != nil {
		p.stop()
		return nil, err
	}
	return p, nil
}

// close closes the app and stops listening for signals.
func (p *process) close() {
	p.app.close(context.Background())
	p.stop()
}
