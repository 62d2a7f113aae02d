package main

import (
	"flag"

	"github.com/wallzero/wallzero/service"
	"github.com/wallzero/wallzero/store"
)

// registerJobFlags adds the flags of job steps, crash recovery and
// retention (docs/jobs.md) to the serve/worker configuration.
func (c *serveConfig) registerJobFlags(fs *flag.FlagSet) {
	c.svc.Jobs.Step = service.DefaultJobStep
	c.svc.Retention = service.DefaultRetention()
	fs.DurationVar(&c.jobTimeout, "job-timeout", store.DefaultJobTimeout,
		"longest one step of a job may run; a job left by a killed process is rescued this plus "+store.RescueMargin.String()+" after its last step began (plus River's 30 s rescuer interval)")
	fs.DurationVar(&c.svc.Jobs.Step, "job-step", c.svc.Jobs.Step, "how long one step of a job starts new searches before handing the job back to the queue (keep well under -job-timeout)")
	fs.DurationVar(&c.svc.Retention.Jobs, "retention-jobs", c.svc.Retention.Jobs, "delete finished jobs this long after they finished (0: keep)")
	fs.DurationVar(&c.svc.Retention.Cache, "retention-cache", c.svc.Retention.Cache, "delete cached analyses unused for this long (0: keep)")
	fs.Int64Var(&c.svc.Retention.CacheMaxRows, "cache-max-rows", c.svc.Retention.CacheMaxRows, "most cached analyses; the least recently used beyond are deleted (0: no bound)")
	fs.DurationVar(&c.svc.Retention.Every, "retention-every", c.svc.Retention.Every, "how often the retention job runs (0: never)")
}
