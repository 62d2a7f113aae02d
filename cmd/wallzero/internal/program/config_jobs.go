package program

import (
	"flag"

	"github.com/wallzero/wallzero/service/jobs"
	"github.com/wallzero/wallzero/store"
)

// registerJobFlags adds the flags of job steps, crash recovery and
// retention (docs/jobs.md) to the serve/worker configuration.
func (c *ServeConfig) registerJobFlags(fs *flag.FlagSet) {
	c.Svc.Jobs.Step = jobs.DefaultJobStep
	c.Svc.Retention = jobs.DefaultRetention()
	fs.DurationVar(&c.JobTimeout, "job-timeout", store.DefaultJobTimeout,
		"longest one step of a job may run; a job left by a killed process is rescued this plus "+store.RescueMargin.String()+" after its last step began (plus River's 30 s rescuer interval)")
	fs.DurationVar(&c.Svc.Jobs.Step, "job-step", c.Svc.Jobs.Step, "how long one step of a job starts new searches before handing the job back to the queue (keep well under -job-timeout)")
	fs.DurationVar(&c.Svc.Retention.Jobs, "retention-jobs", c.Svc.Retention.Jobs, "delete finished jobs this long after they finished (0: keep)")
	fs.DurationVar(&c.Svc.Retention.Cache, "retention-cache", c.Svc.Retention.Cache, "delete cached analyses unused for this long (0: keep)")
	fs.Int64Var(&c.Svc.Retention.CacheMaxRows, "cache-max-rows", c.Svc.Retention.CacheMaxRows, "most cached analyses; the least recently used beyond are deleted (0: no bound)")
	fs.DurationVar(&c.Svc.Retention.Every, "retention-every", c.Svc.Retention.Every, "how often the retention job runs (0: never)")
}
