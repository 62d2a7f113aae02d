package main

import (
	"context"
	"io"
	"os/signal"
	"syscall"
)

// runWorker implements `wallzero worker`: a process that only runs review
// and opening-batch jobs from the shared PostgreSQL queue (scale-out on
// other machines), until SIGINT or SIGTERM.
func runWorker(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("worker", stderr)
	var cfg serveConfig
	cfg.register(fs, false)
	if err := parseWithEnv(fs, args); err != nil {
		return err
	}
	if cfg.jobWorkers < 1 {
		cfg.jobWorkers = 1
	}
	log, err := newLogger(stderr, cfg.logLevel, cfg.logFormat)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	a, err := newApp(ctx, &cfg, log)
	if err != nil {
		return err
	}
	defer a.close(context.Background())
	<-ctx.Done()
	log.Info("shutting down", "timeout", cfg.shutdownTimeout.String())
	a.stopWorker(context.Background())
	return nil
}
