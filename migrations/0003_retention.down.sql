DROP INDEX IF EXISTS jobs_finished_idx;
ALTER TABLE jobs DROP COLUMN IF EXISTS river_attempt;
DROP INDEX IF EXISTS analyses_last_used_idx;
ALTER TABLE analyses DROP COLUMN IF EXISTS last_used_at;
