package jobs

import (
	"context"
	"time"

	"github.com/riverqueue/river"

	"github.com/wallzero/wallzero/store"
)

// RetentionConfig says how long finished jobs and unused cached analyses
// are kept, how large the cache may grow, and how often the retention
// job runs (docs/jobs.md).
type RetentionConfig struct {
	// Jobs: finished jobs are deleted this long after they finished (0:
	// kept forever).
	Jobs time.Duration
	// Cache: cached analyses unused for this long are deleted (0: kept).
	Cache time.Duration
	// CacheMaxRows bounds the analysis cache; the least recently used
	// rows beyond it are deleted (0: no bound).
	CacheMaxRows int64
	// Every is the interval of the retention job (0: never runs).
	Every time.Duration
}

// DefaultRetention returns the retention defaults: jobs and unused cache
// rows for 30 days, at most a million cached analyses, pruned hourly.
func DefaultRetention() RetentionConfig {
	return RetentionConfig{Jobs: 30 * 24 * time.Hour, Cache: 30 * 24 * time.Hour, CacheMaxRows: 1_000_000, Every: time.Hour}
}

// RetentionArgs are the River arguments of the periodic retention job.
type RetentionArgs struct{}

// Kind implements river.JobArgs.
func (RetentionArgs) Kind() string { return "wallzero_retention" }

type retentionWorker struct {
	river.WorkerDefaults[RetentionArgs]
	s   *Runner
	cfg RetentionConfig
}

func (w *retentionWorker) Work(ctx context.Context, job *river.Job[RetentionArgs]) error {
	_, err := w.s.Prune(ctx, w.cfg)
	return err
}

// Prune fails the jobs River lost, deletes the finished jobs and cold
// cached analyses past cfg's ages and bounds the cache, and logs what it
// did (the retention job runs it).
func (s *Runner) Prune(ctx context.Context, cfg RetentionConfig) (store.Pruned, error) {
	if s.store == nil {
		return store.Pruned{}, errNoDatabase
	}
	start := time.Now()
	p, err := s.store.Prune(ctx, store.Retention{JobsAge: cfg.Jobs, CacheAge: cfg.Cache, CacheMaxRows: cfg.CacheMaxRows})
	if err != nil {
		s.log.Warn("retention failed", "error", err)
		return p, err
	}
	s.log.Info("retention done", "lost_jobs_failed", p.Lost, "jobs_deleted", p.Jobs, "river_jobs_deleted", p.RiverJobs,
		"cold_analyses_deleted", p.ColdAnalyses, "analyses_over_cap_deleted", p.OverCap, "seconds", time.Since(start).Seconds())
	return p, nil
}

// RetentionJobs returns the periodic retention job for the job worker
// (store.WorkerConfig.PeriodicJobs): run once at start and then every
// cfg.Every by the elected leader; nil when cfg.Every is 0.
func RetentionJobs(cfg RetentionConfig) []*river.PeriodicJob {
	if cfg.Every <= 0 {
		return nil
	}
	return []*river.PeriodicJob{river.NewPeriodicJob(river.PeriodicInterval(cfg.Every),
		func() (river.JobArgs, *river.InsertOpts) {
			return RetentionArgs{}, &river.InsertOpts{MaxAttempts: 1, UniqueOpts: river.UniqueOpts{ByPeriod: cfg.Every}}
		}, &river.PeriodicJobOpts{RunOnStart: true})}
}
