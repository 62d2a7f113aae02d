-- Review and opening-batch jobs. The River job (river_job) that runs a job
-- is inserted in the same transaction as its row here, so a job is
-- accepted only once both are stored.
CREATE TABLE jobs (
    id             uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
    kind           text        NOT NULL CHECK (kind IN ('review', 'openings')),
    status         text        NOT NULL DEFAULT 'queued'
                               CHECK (status IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
    request        jsonb       NOT NULL,
    progress_done  integer     NOT NULL DEFAULT 0 CHECK (progress_done >= 0),
    progress_total integer     NOT NULL CHECK (progress_total >= 0),
    result         jsonb,
    error          text,
    attempts       integer     NOT NULL DEFAULT 0,
    river_job_id   bigint,
    created_at     timestamptz NOT NULL DEFAULT now(),
    started_at     timestamptz,
    finished_at    timestamptz,
    updated_at     timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX jobs_active_idx ON jobs (status, kind) WHERE status IN ('queued', 'running');
