package store

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
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
// all are committed or none. A name new to the collection becomes a
// player. It returns the games in order. Its round trips do not grow with
// the games: the River jobs go in one insert, the rest in one batch.
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
	if len(games) > 0 {
		if err := s.insertRiverJobs(ctx, tx, rows); err != nil {
			return nil, err
		}
		if err := sendImportBatch(ctx, tx, owner, collection, rows); err != nil {
			return nil, err
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return nil, fmt.Errorf("store: import: %w", err)
	}
	return rows.imported, nil
}

// importRows are an import's games and their columns for the multi-row
// inserts: one element a game, or (links) a colour of a game.
type importRows struct {
	games                                      []NewGame
	imported                                   []ImportedGame
	gameIDs, jobIDs, kinds, playedOn, events   []string
	winners, linkGames, linkColours, linkNames []string
	lines, totals                              []int32
	records, requests                          [][]byte
	riverJobIDs                                []int64
}

// newImportRows checks games and lays them out as columns, with new ids
// (made here, so that nothing depends on the order rows come back in).
func newImportRows(games []NewGame) (*importRows, error) {
	r := &importRows{games: games, imported: []ImportedGame{}}
	for _, g := range games {
		if err := checkNewGame(g); err != nil {
			return nil, err
		}
		gid, jid := uuid.NewString(), uuid.NewString()
		r.gameIDs, r.jobIDs = append(r.gameIDs, gid), append(r.jobIDs, jid)
		r.imported = append(r.imported, ImportedGame{ID: gid, JobID: jid})
		r.lines, r.totals = append(r.lines, int32(g.Line)), append(r.totals, int32(g.Review.Total))
		r.records, r.requests = append(r.records, g.Record), append(r.requests, g.Review.Request)
		r.kinds, r.playedOn = append(r.kinds, g.Review.Kind), append(r.playedOn, g.PlayedOn)
		r.events, r.winners = append(r.events, g.Event), append(r.winners, g.Winner)
		for colour, name := range g.Players {
			r.linkGames, r.linkColours, r.linkNames = append(r.linkGames, gid), append(r.linkColours, colour), append(r.linkNames, name)
		}
	}
	return r, nil
}

// maxPlayerName is the longest player name (characters) ws_players takes.
const maxPlayerName = 200

// checkNewGame names g's line and field when g would break a table's
// constraint: a failed statement of the batch could not name them.
func checkNewGame(g NewGame) error {
	switch {
	case !json.Valid(g.Record):
		return fmt.Errorf("store: import line %d: record: not JSON", g.Line)
	case !json.Valid(g.Review.Request):
		return fmt.Errorf("store: import line %d: review request: not JSON", g.Line)
	case g.Review.Total < 0:
		return fmt.Errorf("store: import line %d: review total: %d is negative", g.Line, g.Review.Total)
	}
	for colour, name := range g.Players {
		if n := utf8.RuneCountInString(name); n < 1 || n > maxPlayerName {
			return fmt.Errorf("store: import line %d: player of %s: name %q has %d characters, want 1 to %d", g.Line, colour, name, n, maxPlayerName)
		}
	}
	return nil
}

// insertRiverJobs inserts the games' River jobs in one statement, with
// each review's priority and attempts as insertJob gives them, and pairs
// each with its review by the review's id in its arguments (Args(id)),
// not by the order River returns them in.
func (s *Store) insertRiverJobs(ctx context.Context, tx pgx.Tx, rows *importRows) error {
	params := make([]river.InsertManyParams, len(rows.games))
	index := make(map[string]int, len(rows.games)) // review id -> game
	for i, g := range rows.games {
		params[i] = river.InsertManyParams{Args: g.Review.Args(rows.jobIDs[i]),
			InsertOpts: &river.InsertOpts{MaxAttempts: g.Review.MaxAttempts, Priority: g.Review.Priority}}
		index[rows.jobIDs[i]] = i
	}
	res, err := s.inserter.InsertManyTx(ctx, tx, params)
	if err == nil && len(res) != len(params) {
		err = fmt.Errorf("%d River jobs inserted of %d", len(res), len(params))
	}
	if err != nil {
		return fmt.Errorf("store: enqueue jobs: %w", err)
	}
	rows.riverJobIDs = make([]int64, len(params))
	for _, r := range res {
		i, ok := -1, false
		for _, id := range uuidInText.FindAllString(string(r.Job.EncodedArgs), -1) {
			if i, ok = index[id]; ok {
				break
			}
		}
		if !ok || rows.riverJobIDs[i] != 0 {
			return fmt.Errorf("store: enqueue jobs: River job %d names no review of the import, or one named before", r.Job.ID)
		}
		rows.riverJobIDs[i] = r.Job.ID
	}
	return nil
}

// uuidInText finds the UUIDs in a River job's arguments.
var uuidInText = regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`)

// importStatements are the batch's inserts, in order: the review jobs,
// the games, the new players, each game's player per colour (found by
// name: a batch's statements run in turn, so the new players are seen).
var importStatements = []struct{ what, sql string }{
	{"jobs", `INSERT INTO jobs (id, kind, request, progress_total, owner, river_job_id) SELECT u.id, u.kind, u.request, u.total, $5::bigint, u.r
		FROM unnest($1::uuid[], $2::text[], $3::jsonb[], $4::integer[], $6::bigint[]) AS u(id, kind, request, total, r)`},
	{"games", `INSERT INTO ws_games (id, owner, collection_id, line, record, played_on, event, winner, job_id)
		SELECT u.id, $1, $2, u.line, u.record, u.played_on, u.event, u.winner, u.job_id
		FROM unnest($3::uuid[], $4::integer[], $5::jsonb[], $6::text[], $7::text[], $8::text[], $9::uuid[])
			AS u(id, line, record, played_on, event, winner, job_id)`},
	{"players", `INSERT INTO ws_players (owner, collection_id, name) SELECT $1, $2, u.name FROM unnest($3::text[]) AS u(name)
		ON CONFLICT (collection_id, name) DO NOTHING`},
	{"player links", `INSERT INTO ws_game_players (game_id, player_id, colour) SELECT u.game_id, p.id, u.colour
		FROM unnest($2::uuid[], $3::text[], $4::text[]) AS u(game_id, colour, name)
		JOIN ws_players p ON p.collection_id = $1 AND p.name = u.name`},
}

// sendImportBatch sends the inserts as one batch (one round trip) and
// checks that each game got its job and each colour its link.
func sendImportBatch(ctx context.Context, tx pgx.Tx, owner int64, collection string, rows *importRows) error {
	args := [][]any{
		{rows.jobIDs, rows.kinds, rows.requests, rows.totals, nullIfZero(owner), rows.riverJobIDs},
		{owner, collection, rows.gameIDs, rows.lines, rows.records, rows.playedOn, rows.events, rows.winners, rows.jobIDs},
		{owner, collection, rows.linkNames}, // a name met twice is inserted once
		{collection, rows.linkGames, rows.linkColours, rows.linkNames},
	}
	want := []int64{int64(len(rows.jobIDs)), int64(len(rows.gameIDs)), -1, int64(len(rows.linkGames))}
	b := &pgx.Batch{}
	for i, st := range importStatements {
		b.Queue(st.sql, args[i]...)
	}
	br := tx.SendBatch(ctx, b)
	defer br.Close()
	for i, st := range importStatements {
		tag, err := br.Exec()
		if err != nil {
			return fmt.Errorf("store: import: %s: %w", st.what, err)
		}
		if want[i] >= 0 && tag.RowsAffected() != want[i] {
			return fmt.Errorf("store: import: %s: %d rows inserted, want %d", st.what, tag.RowsAffected(), want[i])
		}
	}
	if err := br.Close(); err != nil {
		return fmt.Errorf("store: import: %w", err)
	}
	return nil
}
