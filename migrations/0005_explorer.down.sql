DROP TABLE IF EXISTS explorer_selfplay;
DROP TABLE IF EXISTS explorer_frequent;
DROP TABLE IF EXISTS explorer_positions;
