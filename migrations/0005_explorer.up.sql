-- The opening explorer (docs/openings.md): one row per canonical
-- placement-phase position (one of eight symmetries; rules and model as
-- in the analysis cache), searched once. The arrays hold every legal
-- placement in the canonical orientation: the square (0..48, A1 = 0,
-- index row*7+column), the network's prior, the root search's visits
-- through it and its win rate from Red's view (0 when it got no visit).
CREATE TABLE explorer_positions (
    rules          text        NOT NULL,
    model          text        NOT NULL,
    canonical_hash bigint      NOT NULL,
    placed         smallint    NOT NULL CHECK (placed >= 0),
    visits         integer     NOT NULL CHECK (visits > 0),
    red_winrate    real        NOT NULL,
    red_value      real        NOT NULL,
    squares        smallint[]  NOT NULL,
    priors         real[]      NOT NULL,
    move_visits    integer[]   NOT NULL,
    red_winrates   real[]      NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (rules, model, canonical_hash),
    CHECK (cardinality(squares) = cardinality(priors)
       AND cardinality(squares) = cardinality(move_visits)
       AND cardinality(squares) = cardinality(red_winrates))
);

-- The positions at the end of the placement phase reached by self-play
-- games (the paper's Figure 3), counted per canonical position. moves is
-- the placement sequence of the first game that reached it, as played.
CREATE TABLE explorer_frequent (
    rules          text     NOT NULL,
    model          text     NOT NULL,
    canonical_hash bigint   NOT NULL,
    moves          text     NOT NULL,
    games          integer  NOT NULL CHECK (games > 0),
    red_wins       integer  NOT NULL CHECK (red_wins >= 0),
    draws          integer  NOT NULL CHECK (draws >= 0),
    PRIMARY KEY (rules, model, canonical_hash)
);

-- How many self-play games were counted into explorer_frequent, and at
-- what visit budget (the frequencies' denominator).
CREATE TABLE explorer_selfplay (
    rules   text        NOT NULL,
    model   text        NOT NULL,
    games   integer     NOT NULL CHECK (games >= 0),
    visits  integer     NOT NULL CHECK (visits > 0),
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (rules, model)
);

-- The explorer's fill job (service/explorer_job.go) is a job kind.
ALTER TABLE jobs DROP CONSTRAINT jobs_kind_check;
ALTER TABLE jobs ADD CONSTRAINT jobs_kind_check CHECK (kind IN ('review', 'openings', 'explorer-fill'));
