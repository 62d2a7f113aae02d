-- One stored shape per table: after this migration every row is in the
-- shape this build writes, and the readers know no other (docs/jobs.md,
-- "Stored shapes"; docs/architecture.md, the cache).

-- Job results are stored as the API shows them. Results once wrapped in
-- {"schema": 1, "result": R} become R.
UPDATE jobs SET result = result -> 'result'
WHERE result ?& ARRAY['schema', 'result']
  AND CASE WHEN jsonb_typeof(result) = 'object'
      THEN (SELECT count(*) FROM jsonb_object_keys(result)) = 2 ELSE false END;

-- A review result without the per-player curve (players) or the points
-- thresholds was made by a build that measured neither; neither can be
-- recovered from the row. Such a review fails with the reason, and its
-- game can be submitted again.
UPDATE jobs
SET status = 'failed', result = NULL, updated_at = now(),
    error = 'stored by an earlier build, without the per-player curve or the points losses a review holds now: submit the game again (POST /v1/reviews)'
WHERE kind = 'review' AND result IS NOT NULL
  AND NOT (result ? 'players' AND coalesce(result -> 'thresholds' ? 'inaccuracyPoints', false));

-- Cache rows are {"schema": 3, "analysis": A}. A bare analysis (no
-- "schema") or one of schema 1 or 2 is the same analysis without the
-- per-player values of three and four players: a two-player row becomes
-- schema 3 as it is, and so does a three- or four-player row that has
-- every player's win rates and raw values; the other rows are deleted
-- (their positions are searched again when asked).
UPDATE analyses SET analysis = jsonb_build_object('schema', 0, 'analysis', analysis)
WHERE NOT analysis ? 'schema';

DELETE FROM analyses
WHERE analysis ->> 'schema' IN ('0', '1', '2')
  AND CASE WHEN jsonb_typeof(analysis -> 'analysis' -> 'territory') = 'object'
      THEN (SELECT count(*) FROM jsonb_object_keys(analysis -> 'analysis' -> 'territory')) > 2 ELSE false END
  AND (coalesce(jsonb_typeof(analysis -> 'analysis' -> 'rootInfo' -> 'winrates'), 'null') = 'null'
    OR coalesce(jsonb_typeof(analysis -> 'analysis' -> 'rootInfo' -> 'rawWinrates'), 'null') = 'null');

UPDATE analyses SET analysis = jsonb_set(analysis, '{schema}', '3')
WHERE analysis ->> 'schema' IN ('0', '1', '2');
