package main

import (
	"context"
	"io"
)

// runWorker implements `wallzero worker`: a process that only runs review
// and opening-batch jobs from the shared PostgreSQL queue (scale-out on
// other machines), until SIGINT or SIGTERM.
func runWorker(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	p, err := startProcess("worker", args, stderr, false, func(cfg *serveConfig) { cfg.jobWorkers = max(cfg.jobWorkers, 1) })
	if err != nil {
		return err
	}
	defer p.close()
	<-p.ctx.Done()
	p.log.Info("shutting down", "timeout", p.cfg.shutdownTimeout.String())
	p.app.stopWorker(context.Background())
	return nil
}
