package store

// This file gives the external store tests (package store_test) what
// only this package can build: a store whose connections count the round
// trips they make, and the per-row import the batched ImportGames
// replaced, kept as the baseline of BenchmarkImportGames.

import (
	"context"
	"fmt"
	"sync/atomic"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// RoundTrips counts what a store's connections send: each statement
// (Query, Exec, QueryRow, Begin, Commit) and each batch is one round trip
// once its statements are in the connection's cache; a statement's first
// use on a connection also prepares it, one more round trip.
type RoundTrips struct {
	statements, batches, prepares atomic.Int64
}

// Total is the round trips counted since the last Reset, prepares
// included.
func (r *RoundTrips) Total() int64 {
	return r.statements.Load() + r.batches.Load() + r.prepares.Load()
}

// Warm is the round trips counted since the last Reset, leaving out the
// prepares (which a connection does once per statement).
func (r *RoundTrips) Warm() int64 { return r.statements.Load() + r.batches.Load() }

// Reset sets the counts to zero.
func (r *RoundTrips) Reset() {
	r.statements.Store(0)
	r.batches.Store(0)
	r.prepares.Store(0)
}

// TraceQueryStart counts a statement.
func (r *RoundTrips) TraceQueryStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceQueryStartData) context.Context {
	r.statements.Add(1)
	return ctx
}

// TraceQueryEnd does nothing.
func (r *RoundTrips) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// TraceBatchStart counts a batch.
func (r *RoundTrips) TraceBatchStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceBatchStartData) context.Context {
	r.batches.Add(1)
	return ctx
}

// TraceBatchQuery does nothing: a batch's statements share its round trip.
func (r *RoundTrips) TraceBatchQuery(context.Context, *pgx.Conn, pgx.TraceBatchQueryData) {}

// TraceBatchEnd does nothing.
func (r *RoundTrips) TraceBatchEnd(context.Context, *pgx.Conn, pgx.TraceBatchEndData) {}

// TracePrepareStart counts a prepare.
func (r *RoundTrips) TracePrepareStart(ctx context.Context, _ *pgx.Conn, _ pgx.TracePrepareStartData) context.Context {
	r.prepares.Add(1)
	return ctx
}

// TracePrepareEnd does nothing.
func (r *RoundTrips) TracePrepareEnd(context.Context, *pgx.Conn, pgx.TracePrepareEndData) {}

// OpenCounting is Open with one connection whose round trips rt counts.
func OpenCounting(ctx context.Context, url string) (*Store, *RoundTrips, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, nil, err
	}
	rt := &RoundTrips{}
	cfg.ConnConfig.Tracer = rt
	cfg.MaxConns = 1
	s, err := openConfig(ctx, cfg, Options{})
	return s, rt, err
}

// ImportGamesPerRow is the import ImportGames replaced: the same rows,
// inserted one statement at a time (about six round trips a game). It is
// the baseline BenchmarkImportGames measures the batched import against.
func (s *Store) ImportGamesPerRow(ctx context.Context, owner int64, collection string, games []NewGame) ([]ImportedGame, error) {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return nil, fmt.Errorf("store: import: %w", err)
	}
	defer tx.Rollback(ctx)
	var locked string
	if !ValidJobID(collection) {
		return nil, ErrNotFound
	}
	if err := tx.QueryRow(ctx, `SELECT id FROM ws_collections WHERE id = $1 AND owner = $2 FOR UPDATE`, collection, owner).Scan(&locked); err != nil {
		return nil, notFound(err)
	}
	players := map[string]string{} // name -> id
	ids := make([]ImportedGame, 0, len(games))
	for _, g := range games {
		g.Review.Owner = owner
		j, err := s.insertJob(ctx, tx, g.Review)
		if err != nil {
			return nil, err
		}
		var id string
		if err := tx.QueryRow(ctx, `INSERT INTO ws_games (owner, collection_id, line, record, played_on, event, winner, job_id)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id::text`,
			owner, collection, g.Line, g.Record, g.PlayedOn, g.Event, g.Winner, j.ID).Scan(&id); err != nil {
			return nil, fmt.Errorf("store: import line %d: %w", g.Line, err)
		}
		for colour, name := range g.Players {
			pid, ok := players[name]
			if !ok {
				if err := tx.QueryRow(ctx, `INSERT INTO ws_players (owner, collection_id, name) VALUES ($1, $2, $3)
					ON CONFLICT (collection_id, name) DO UPDATE SET name = EXCLUDED.name RETURNING id::text`,
					owner, collection, name).Scan(&pid); err != nil {
					return nil, fmt.Errorf("store: import line %d: player %q: %w", g.Line, name, err)
				}
				players[name] = pid
			}
			if _, err := tx.Exec(ctx, `INSERT INTO ws_game_players (game_id, player_id, colour) VALUES ($1, $2, $3)`, id, pid, colour); err != nil {
				return nil, fmt.Errorf("store: import line %d: %w", g.Line, err)
			}
		}
		ids = append(ids, ImportedGame{ID: id, JobID: j.ID})
	}
	if err := tx.Commit(ctx); err != nil {
		return nil, fmt.Errorf("store: import: %w", err)
	}
	return ids, nil
}
