-- The builds before 0007_settled_rule know no rules.settled and refuse
-- rules that name it: take it out of stored requests again (under those
-- builds every settled player is skipped, as settled=skip says). Dropped
-- cache rows are searched again when asked.
UPDATE jobs SET request = request #- '{rules,settled}'
WHERE jsonb_typeof(request -> 'rules') = 'object'
  AND request -> 'rules' ? 'settled';
