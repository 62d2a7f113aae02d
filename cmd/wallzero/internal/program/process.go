package program

import (
	"context"
	"io"
	"log/slog"
	"os/signal"
	"syscall"
)

// Process is a started `serve` or `worker` process.
type Process struct {
	// Cfg is the configuration from the flags and the environment.
	Cfg ServeConfig
	// Log is the structured logger the flags ask for.
	Log *slog.Logger
	// App is the wired service.
	App *App
	// Ctx is cancelled by SIGINT or SIGTERM; Stop stops listening for
	// them (Close calls it).
	Ctx  context.Context
	Stop context.CancelFunc
}

// StartProcess is the start serve and worker share: the flags (and their
// environment variables; withHTTP registers the HTTP ones), then adjust
// (may be nil), the logger, the signal context and the app (NewApp). The
// caller defers Close.
func StartProcess(name string, args []string, stderr io.Writer, withHTTP bool, adjust func(*ServeConfig)) (*Process, error) {
	p := &Process{}
	fs := NewFlagSet(name, stderr)
	p.Cfg.Register(fs, withHTTP)
	if err := ParseWithEnv(fs, args); err != nil {
		return nil, err
	}
	if adjust != nil {
		adjust(&p.Cfg)
	}
	var err error
	if p.Log, err = NewLogger(stderr, p.Cfg.LogLevel, p.Cfg.LogFormat); err != nil {
		return nil, err
	}
	p.Ctx, p.Stop = signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	if p.App, err = NewApp(p.Ctx, &p.Cfg, p.Log); err != nil {
		p.Stop()
		return nil, err
	}
	return p, nil
}

// Close closes the app and stops listening for signals.
func (p *Process) Close() {
	p.App.Close(context.Background())
	p.Stop()
}
