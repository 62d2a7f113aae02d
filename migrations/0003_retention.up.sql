-- Retention (see docs/jobs.md): when a cached analysis was last read, so
-- the retention job can drop cold rows and keep the cache under its size
-- bound (least recently used first); and the River attempt a job's row
-- last saw, so a run is counted once however many steps it works in.
ALTER TABLE analyses ADD COLUMN last_used_at timestamptz NOT NULL DEFAULT now();
UPDATE analyses SET last_used_at = created_at;
CREATE INDEX analyses_last_used_idx ON analyses (last_used_at);

ALTER TABLE jobs ADD COLUMN river_attempt integer NOT NULL DEFAULT 0;
CREATE INDEX jobs_finished_idx ON jobs (finished_at) WHERE status IN ('succeeded', 'failed', 'cancelled');
