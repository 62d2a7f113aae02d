package store

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
)

// ImportedGame is a game ImportGames stored and its review job.
type ImportedGame struct {
	ID, JobID string
}

// ImportGames stores games in one of owner's collections, each with its
// review job (a jobs row linked to its River job), in one transaction:
// when it returns without error all are committed, otherwise none. A
// name new to the collection becomes a player. It returns the games in
// order.
//
// The number of round trips does not grow with the games: it locks the
// collection, inserts the River jobs in one statement (River's
// InsertManyTx), then sends the jobs, games, players and player links as
// one batch of multi-row inserts. The games' and jobs' ids are made here
// so that nothing depends on the order rows come back in.
func (s *Store) ImportGames(ctx context.Context, owner int64, collection string, games []NewGame) ([]ImportedGame, error) {
	if !ValidJobID(collection) {
		return nil, ErrNotFound
	}
	rows, err := newImportRows(games)
	if err != nil {
		return nil, err
	}
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return nil, fmt.Errorf("store: import: %w", err)
	}
	defer tx.Rollback(ctx)
	var locked string
	if err := tx.QueryRow(ctx, `SELECT id FROM ws_collections WHERE id = $1 AND owner = $2 FOR UPDATE`, collection, owner).Scan(&locked); err != nil {
		return nil, notFound(err)
	}
	if len(games) == 0 {
		return []ImportedGame{}, tx.Commit(ctx)
	}
	if err := s.insertRiverJobs(ctx, tx, rows); err != nil {
		return nil, err
	}
	if err := sendImportBatch(ctx, tx, owner, collection, rows); err != nil {
		return nil, err
	}
	if err := tx.Commit(ctx); err != nil {
		return nil, fmt.Errorf("store: import: %w", err)
	}
	out := make([]ImportedGame, len(games))
	for i := range out {
		out[i] = ImportedGame{ID: rows.gameIDs[i], JobID: rows.jobIDs[i]}
	}
	return out, nil
}

// importRows are an import's rows as the columns of its multi-row
// inserts, one element a game (links: one a colour of a game).
type importRows struct {
	games []NewGame
	// Per game.
	gameIDs, jobIDs                  []string
	lines, totals                    []int32
	records, requests                [][]byte
	kinds, playedOn, events, winners []string
	riverJobIDs                      []int64
	// Per colour of a game.
	linkGames, linkColours, linkNames []string
	// The distinct player names, in the order first seen.
	names []string
}

// newImportRows checks games (naming the line and field of the first bad
// one) and lays them out as columns, with new ids for games and jobs.
func newImportRows(games []NewGame) (*importRows, error) {
	r := &importRows{games: games}
	seen := map[string]bool{}
	for _, g := range games {
		if err := checkNewGame(g); err != nil {
			return nil, err
		}
		gid, jid := uuid.NewString(), uuid.NewString()
		r.gameIDs, r.jobIDs = append(r.gameIDs, gid), append(r.jobIDs, jid)
		r.lines, r.totals = append(r.lines, int32(g.Line)), append(r.totals, int32(g.Review.Total))
		r.records, r.requests = append(r.records, g.Record), append(r.requests, g.Review.Request)
		r.kinds, r.playedOn = append(r.kinds, g.Review.Kind), append(r.playedOn, g.PlayedOn)
		r.events, r.winners = append(r.events, g.Event), append(r.winners, g.Winner)
		for colour, name := range g.Players {
			r.linkGames, r.linkColours, r.linkNames = append(r.linkGames, gid), append(r.linkColours, colour), append(r.linkNames, name)
			if !seen[name] {
				seen[name] = true
				r.names = append(r.names, name)
			}
		}
	}
	return r, nil
}

// maxPlayerName is the longest player name, in characters, that
// ws_players accepts.
const maxPlayerName = 200

// checkNewGame returns an error naming g's line and the field when g
// would break a table's constraint, so that a bad game is named before
// anything is sent rather than by a failed statement of the batch.
func checkNewGame(g NewGame) error {
	switch {
	case !json.Valid(g.Record):
		return fmt.Errorf("store: import line %d: record: not JSON", g.Line)
	case !json.Valid(g.Review.Request):
		return fmt.Errorf("store: import line %d: review request: not JSON", g.Line)
	case g.Review.Total < 0:
		return fmt.Errorf("store: import line %d: review total: %d is negative", g.Line, g.Review.Total)
	case g.Review.Args == nil:
		return fmt.Errorf("store: import line %d: review args: none", g.Line)
	}
	for colour, name := range g.Players {
		if n := utf8.RuneCountInString(name); n < 1 || n > maxPlayerName {
			return fmt.Errorf("store: import line %d: player of %s: name %q has %d characters, want 1 to %d",
				g.Line, colour, name, n, maxPlayerName)
		}
	}
	return nil
}

// insertRiverJobs inserts the games' River jobs in one statement, with
// each review's priority and attempts as insertJob gives a single job,
// and records each one's id in rows.riverJobIDs.
func (s *Store) insertRiverJobs(ctx context.Context, tx pgx.Tx, rows *importRows) error {
	params := make([]river.InsertManyParams, len(rows.games))
	want := map[string][]int{} // canonical args -> indexes of the games
	for i, g := range rows.games {
		args := g.Review.Args(rows.jobIDs[i])
		params[i] = river.InsertManyParams{Args: args, InsertOpts: &river.InsertOpts{MaxAttempts: g.Review.MaxAttempts, Priority: g.Review.Priority}}
		enc, err := json.Marshal(args)
		if err != nil {
			return fmt.Errorf("store: import line %d: review args: %w", g.Line, err)
		}
		key, err := canonicalJSON(enc)
		if err != nil {
			return fmt.Errorf("store: import line %d: review args: %w", g.Line, err)
		}
		want[key] = append(want[key], i)
	}
	res, err := s.inserter.InsertManyTx(ctx, tx, params)
	if err != nil {
		return fmt.Errorf("store: enqueue jobs: %w", err)
	}
	if len(res) != len(params) {
		return fmt.Errorf("store: enqueue jobs: River inserted %d of %d", len(res), len(params))
	}
	// Pair each River job with its review by its arguments (which hold
	// the review's id), not by the order River returns them in.
	rows.riverJobIDs = make([]int64, len(params))
	for _, r := range res {
		key, err := canonicalJSON(r.Job.EncodedArgs)
		if err != nil {
			return fmt.Errorf("store: enqueue jobs: River job %d: %w", r.Job.ID, err)
		}
		idx := want[key]
		if len(idx) == 0 {
			return fmt.Errorf("store: enqueue jobs: River job %d matches no review", r.Job.ID)
		}
		rows.riverJobIDs[idx[0]], want[key] = r.Job.ID, idx[1:]
	}
	return nil
}

// canonicalJSON re-encodes a JSON document with its keys sorted and no
// spaces, so that River's copy of a job's arguments (stored as jsonb)
// compares equal to their encoding here.
func canonicalJSON(data []byte) (string, error) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return "", err
	}
	out, err := json.Marshal(v)
	return string(out), err
}

// importStatements are the batch's inserts, in order: the review jobs
// (linked to their River jobs), the games, the new players, and each
// game's player per colour (found by name, the players just inserted
// included: a batch's statements run in turn in the transaction).
var importStatements = []struct{ what, sql string }{
	{"jobs", `INSERT INTO jobs (id, kind, request, progress_total, owner, river_job_id)
		SELECT u.id, u.kind, u.request, u.total, $5::bigint, u.river_job_id
		FROM unnest($1::uuid[], $2::text[], $3::jsonb[], $4::integer[], $6::bigint[]) AS u(id, kind, request, total, river_job_id)`},
	{"games", `INSERT INTO ws_games (id, owner, collection_id, line, record, played_on, event, winner, job_id)
		SELECT u.id, $1, $2, u.line, u.record, u.played_on, u.event, u.winner, u.job_id
		FROM unnest($3::uuid[], $4::integer[], $5::jsonb[], $6::text[], $7::text[], $8::text[], $9::uuid[])
			AS u(id, line, record, played_on, event, winner, job_id)`},
	{"players", `INSERT INTO ws_players (owner, collection_id, name)
		SELECT $1, $2, u.name FROM unnest($3::text[]) AS u(name)
		ON CONFLICT (collection_id, name) DO NOTHING`},
	{"player links", `INSERT INTO ws_game_players (game_id, player_id, colour)
		SELECT u.game_id, p.id, u.colour
		FROM unnest($2::uuid[], $3::text[], $4::text[]) AS u(game_id, colour, name)
		JOIN ws_players p ON p.collection_id = $1 AND p.name = u.name`},
}

// sendImportBatch sends the import's inserts as one batch (one round
// trip) and checks that each game got its job and each colour its link.
func sendImportBatch(ctx context.Context, tx pgx.Tx, owner int64, collection string, rows *importRows) error {
	args := [][]any{
		{rows.jobIDs, rows.kinds, rows.requests, rows.totals, nullIfZero(owner), rows.riverJobIDs},
		{owner, collection, rows.gameIDs, rows.lines, rows.records, rows.playedOn, rows.events, rows.winners, rows.jobIDs},
		{owner, collection, rows.names},
		{collection, rows.linkGames, rows.linkColours, rows.linkNames},
	}
	want := []int64{int64(len(rows.jobIDs)), int64(len(rows.gameIDs)), -1, int64(len(rows.linkGames))}
	b := &pgx.Batch{}
	for i, st := range importStatements {
		b.Queue(st.sql, args[i]...)
	}
	br := tx.SendBatch(ctx, b)
	for i, st := range importStatements {
		tag, err := br.Exec()
		if err != nil {
			br.Close()
			return fmt.Errorf("store: import: %s: %w", st.what, err)
		}
		if want[i] >= 0 && tag.RowsAffected() != want[i] {
			br.Close()
			return fmt.Errorf("store: import: %s: %d rows inserted, want %d", st.what, tag.RowsAffected(), want[i])
		}
	}
	if err := br.Close(); err != nil {
		return fmt.Errorf("store: import: %w", err)
	}
	return nil
}
