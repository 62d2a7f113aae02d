-- The coach's workspace (docs/workspace.md): collections of games, their
-- players, and each player's drill cards. Every row belongs to the API key
-- that made it (owner: the key's id, 0 under -auth off); no query reads
-- across owners. A game's review is an ordinary review job (jobs), made in
-- the same transaction as the game; deleting a collection or a player
-- deletes those jobs too (store/workspace.go), the rows below cascade.
-- IF NOT EXISTS: a database forced back to an earlier version (the
-- migration tests) runs this again over the tables it made.
CREATE TABLE IF NOT EXISTS ws_collections (
    id         uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
    owner      bigint      NOT NULL,
    name       text        NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS ws_collections_owner_idx ON ws_collections (owner, created_at);

CREATE TABLE IF NOT EXISTS ws_players (
    id            uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
    owner         bigint      NOT NULL,
    collection_id uuid        NOT NULL REFERENCES ws_collections (id) ON DELETE CASCADE,
    name          text        NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    created_at    timestamptz NOT NULL DEFAULT now(),
    UNIQUE (collection_id, name)
);

-- A game: its record (rules, board, moves) as imported, where it came
-- from (line), and its one review job (job_id, unique: one review per game).
CREATE TABLE IF NOT EXISTS ws_games (
    id            uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
    owner         bigint      NOT NULL,
    collection_id uuid        NOT NULL REFERENCES ws_collections (id) ON DELETE CASCADE,
    line          integer     NOT NULL,
    record        jsonb       NOT NULL,
    played_on     text        NOT NULL DEFAULT '',
    event         text        NOT NULL DEFAULT '',
    winner        text        NOT NULL DEFAULT '',
    job_id        uuid        UNIQUE REFERENCES jobs (id) ON DELETE SET NULL,
    puzzles_taken boolean     NOT NULL DEFAULT false,
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS ws_games_collection_idx ON ws_games (collection_id);

-- Who played which colour in a game.
CREATE TABLE IF NOT EXISTS ws_game_players (
    game_id   uuid NOT NULL REFERENCES ws_games (id) ON DELETE CASCADE,
    player_id uuid NOT NULL REFERENCES ws_players (id) ON DELETE CASCADE,
    colour    text NOT NULL,
    PRIMARY KEY (game_id, colour)
);
CREATE INDEX IF NOT EXISTS ws_game_players_player_idx ON ws_game_players (player_id);

-- A player's drill cards: a puzzle of one of the player's reviewed games
-- and its spaced-repetition state (FSRS, service/drills).
CREATE TABLE IF NOT EXISTS ws_cards (
    player_id   uuid        NOT NULL REFERENCES ws_players (id) ON DELETE CASCADE,
    card        text        NOT NULL,
    game_id     uuid        NOT NULL REFERENCES ws_games (id) ON DELETE CASCADE,
    puzzle      jsonb       NOT NULL,
    state       jsonb,
    due         timestamptz NOT NULL DEFAULT now(),
    answers     integer     NOT NULL DEFAULT 0,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (player_id, card)
);
CREATE INDEX IF NOT EXISTS ws_cards_due_idx ON ws_cards (player_id, due);
