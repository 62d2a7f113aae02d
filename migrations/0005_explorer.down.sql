DELETE FROM jobs WHERE kind = 'explorer-fill';
ALTER TABLE jobs DROP CONSTRAINT jobs_kind_check;
ALTER TABLE jobs ADD CONSTRAINT jobs_kind_check CHECK (kind IN ('review', 'openings'));
DROP TABLE IF EXISTS explorer_selfplay;
DROP TABLE IF EXISTS explorer_frequent;
DROP TABLE IF EXISTS explorer_positions;
