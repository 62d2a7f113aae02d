-- The analysis cache: one row per symmetry-canonical position, rules, model
-- and visit budget. The analysis is stored in the canonical orientation
-- (the position the canonical symmetry maps to) and mapped back to the
-- asked orientation by the service.
CREATE TABLE analyses (
    canonical_hash bigint      NOT NULL, -- engine.Position.CanonicalHash as a signed 64-bit integer
    rules          text        NOT NULL, -- engine.Rules.String() of the normalized rules
    model          text        NOT NULL, -- the evaluator's model id
    visits         integer     NOT NULL CHECK (visits > 0), -- the visit budget of the search
    analysis       jsonb       NOT NULL, -- service.Analysis, every move and map included
    created_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (canonical_hash, rules, model, visits)
);
