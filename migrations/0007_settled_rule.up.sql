-- With three players a settled player (every stone in its own land) is now
-- skipped only once its wall break is used (docs/rules.md, rule option
-- settled). Three-player games stored before were played and checked
-- under the rule that skipped it even with its break: their rules name it
-- (settled=skip), so that they replay as they were played.
UPDATE jobs SET request = jsonb_set(request, '{rules,settled}', '"skip"')
WHERE jsonb_typeof(request -> 'rules') = 'object'
  AND request -> 'rules' ->> 'players' = '3'
  AND NOT request -> 'rules' ? 'settled';

-- Cached three-player analyses were keyed by rules that did not name the
-- settled rule; no request asks for that key any more (Rules.String names
-- it with three players), so the rows are dropped.
DELETE FROM analyses WHERE rules LIKE '3p %' AND rules NOT LIKE '%settled=%';
