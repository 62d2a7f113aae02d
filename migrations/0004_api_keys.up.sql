-- API keys (see docs/auth.md). A key's secret token is never stored: only
-- its SHA-256 (token_hash). A quota column left NULL means "the server's
-- default for keys" (the -key-* flags of `wallzero serve`).
CREATE TABLE api_keys (
    id                bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name              text        NOT NULL CHECK (name ~ '^[A-Za-z0-9._-]{1,64}$' AND name !~ '^[0-9]+$'),
    token_hash        bytea       NOT NULL UNIQUE CHECK (octet_length(token_hash) = 32),
    visits_per_second integer     CHECK (visits_per_second > 0),
    burst             integer     CHECK (burst > 0),
    max_jobs          integer     CHECK (max_jobs > 0),
    max_batch         bigint      CHECK (max_batch > 0),
    created_at        timestamptz NOT NULL DEFAULT now(),
    revoked_at        timestamptz,
    last_used_at      timestamptz
);

-- A name identifies one active key (`wallzero keys revoke NAME`); a
-- revoked key's name may be reused.
CREATE UNIQUE INDEX api_keys_active_name_idx ON api_keys (name) WHERE revoked_at IS NULL;

-- The key that made a job; NULL for jobs made under -auth off.
ALTER TABLE jobs ADD COLUMN owner bigint REFERENCES api_keys (id) ON DELETE SET NULL;

-- Counting a key's queued and running jobs at submit time.
CREATE INDEX jobs_owner_active_idx ON jobs (owner) WHERE status IN ('queued', 'running');
