package store

import (
	"context"
	"fmt"
	"time"
)

// Retention says what PruneJobs and PruneCache keep.
type Retention struct {
	// JobsAge: finished jobs (succeeded, failed, cancelled) that finished
	// longer ago are deleted, with their finished River rows (0: keep).
	JobsAge time.Duration
	// CacheAge: cached analyses not used for longer are deleted (0: keep).
	CacheAge time.Duration
	// CacheMaxRows bounds the analysis cache: beyond it the least
	// recently used rows are deleted (0: no bound).
	CacheMaxRows int64
}

// Pruned counts what a prune deleted (and the lost jobs it failed).
type Pruned struct {
	Lost      int64
	Jobs      int64
	RiverJobs int64
	// ColdAnalyses were unused for longer than CacheAge; OverCap were
	// the least recently used beyond CacheMaxRows.
	ColdAnalyses int64
	OverCap      int64
}

// PruneJobs deletes the jobs that finished more than age ago, and the
// River rows of those jobs that River has finalized (River's own job
// cleaner removes finished River rows after a day, or a week for
// discarded ones; these are the ones it has not reached yet). Queued and
// running jobs are never deleted, nor the reviews of a workspace's games
// (they go with their game).
func (s *Store) PruneJobs(ctx context.Context, age time.Duration) (jobs, riverJobs int64, err error) {
	if age <= 0 {
		return 0, 0, nil
	}
	err = s.pool.QueryRow(ctx, `
		WITH gone AS (
			DELETE FROM jobs
			WHERE status IN ('succeeded', 'failed', 'cancelled') AND finished_at < now() - make_interval(secs => $1)
				AND NOT EXISTS (SELECT 1 FROM ws_games g WHERE g.job_id = jobs.id)
			RETURNING river_job_id
		), river AS (
			DELETE FROM river_job
			WHERE id IN (SELECT river_job_id FROM gone WHERE river_job_id IS NOT NULL)
				AND state IN ('completed', 'cancelled', 'discarded')
			RETURNING 1
		)
		SELECT (SELECT count(*) FROM gone), (SELECT count(*) FROM river)`, age.Seconds()).Scan(&jobs, &riverJobs)
	if err != nil {
		return 0, 0, fmt.Errorf("store: prune jobs: %w", err)
	}
	return jobs, riverJobs, nil
}

// PruneCache deletes the cached analyses unused for longer than age
// (age 0: none), then, while more than maxRows remain (maxRows 0: no
// bound), the least recently used ones beyond maxRows. It returns how
// many it deleted for each reason.
func (s *Store) PruneCache(ctx context.Context, age time.Duration, maxRows int64) (cold, overCap int64, err error) {
	if age > 0 {
		tag, err := s.pool.Exec(ctx, `DELETE FROM analyses WHERE last_used_at < now() - make_interval(secs => $1)`, age.Seconds())
		if err != nil {
			return 0, 0, fmt.Errorf("store: prune cache: %w", err)
		}
		cold = tag.RowsAffected()
	}
	if maxRows > 0 {
		tag, err := s.pool.Exec(ctx, `
			DELETE FROM analyses WHERE ctid IN (
				SELECT ctid FROM analyses ORDER BY last_used_at DESC, created_at DESC OFFSET $1
			)`, maxRows)
		if err != nil {
			return cold, 0, fmt.Errorf("store: bound cache: %w", err)
		}
		overCap = tag.RowsAffected()
	}
	return cold, overCap, nil
}

// FailLostJobs marks failed the queued or running jobs whose River job
// has ended or is gone: River's rescuer discards a job whose process was
// killed once more after its last attempt, and no worker is left to
// record it.
func (s *Store) FailLostJobs(ctx context.Context) (int64, error) {
	tag, err := s.pool.Exec(ctx, `
		UPDATE jobs SET status = 'failed', finished_at = now(), updated_at = now(),
			error = 'the job was lost: its worker stopped without finishing it once too often'
		WHERE status IN ('queued', 'running') AND river_job_id IS NOT NULL AND NOT EXISTS (
			SELECT 1 FROM river_job r WHERE r.id = jobs.river_job_id AND r.state NOT IN ('completed', 'cancelled', 'discarded'))`)
	if err != nil {
		return 0, fmt.Errorf("store: fail lost jobs: %w", err)
	}
	return tag.RowsAffected(), nil
}

// Prune applies r: FailLostJobs, PruneJobs, then PruneCache.
func (s *Store) Prune(ctx context.Context, r Retention) (Pruned, error) {
	var p Pruned
	var err error
	if p.Lost, err = s.FailLostJobs(ctx); err != nil {
		return p, err
	}
	if p.Jobs, p.RiverJobs, err = s.PruneJobs(ctx, r.JobsAge); err != nil {
		return p, err
	}
	p.ColdAnalyses, p.OverCap, err = s.PruneCache(ctx, r.CacheAge, r.CacheMaxRows)
	return p, err
}
