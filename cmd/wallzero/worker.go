package main

import (
	"context"
	"io"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/program"
)

// runWorker implements `wallzero worker`: a process that only runs review
// and opening-batch jobs from the shared PostgreSQL queue (scale-out on
// other machines), until SIGINT or SIGTERM.
func runWorker(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	p, err := program.StartProcess("worker", args, stderr, false, func(cfg *program.ServeConfig) { cfg.JobWorkers = max(cfg.JobWorkers, 1) })
	if err != nil {
		return err
	}
	defer p.Close()
	<-p.Ctx.Done()
	p.Log.Info("shutting down", "timeout", p.Cfg.ShutdownTimeout.String())
	p.App.StopWorker(context.Background())
	return nil
}
