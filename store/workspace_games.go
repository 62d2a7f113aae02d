package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
)

// GameFilter picks games: of one collection, or of one player.
type GameFilter struct {
	Collection string
	Player     string
}

// Games returns owner's games that f picks, with their reviews' state,
// in the order they were imported.
func (s *Store) Games(ctx context.Context, owner int64, f GameFilter) ([]Game, error) {
	if f.Collection != "" && !ValidJobID(f.Collection) || f.Player != "" && !ValidJobID(f.Player) {
		return nil, ErrNotFound
	}
	rows, err := s.pool.Query(ctx, `
		SELECT g.id::text, g.collection_id::text, g.line, g.record, g.played_on, g.event, g.winner,
			coalesce(g.job_id::text, ''), coalesce(j.status, ''), coalesce(j.progress_done, 0), coalesce(j.progress_total, 0),
			j.result, g.puzzles_taken, g.created_at,
			coalesce((SELECT jsonb_object_agg(gp.colour, gp.player_id::text) FROM ws_game_players gp WHERE gp.game_id = g.id), '{}')
		FROM ws_games g LEFT JOIN jobs j ON j.id = g.job_id
		WHERE g.owner = $1
			AND ($2::text = '' OR g.collection_id = nullif($2, '')::uuid)
			AND ($3::text = '' OR g.id IN (SELECT game_id FROM ws_game_players WHERE player_id = nullif($3, '')::uuid))
		ORDER BY g.created_at, g.line, g.id`, owner, f.Collection, f.Player)
	if err != nil {
		return nil, fmt.Errorf("store: games: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Game, error) {
		var g Game
		return g, r.Scan(&g.ID, &g.CollectionID, &g.Line, &g.Record, &g.PlayedOn, &g.Event, &g.Winner,
			&g.JobID, &g.JobStatus, &g.Done, &g.Total, &g.Result, &g.PuzzlesTaken, &g.CreatedAt, &g.Players)
	})
}

// CollectionProgress sums the reviews of one of owner's collections.
func (s *Store) CollectionProgress(ctx context.Context, owner int64, id string) (*WorkspaceProgress, error) {
	if _, err := s.Collection(ctx, owner, id); err != nil {
		return nil, err
	}
	var p WorkspaceProgress
	err := s.pool.QueryRow(ctx, `
		SELECT count(*), count(*) FILTER (WHERE j.status = 'succeeded'), count(*) FILTER (WHERE j.status = 'failed'),
			count(*) FILTER (WHERE j.status = 'cancelled'),
			coalesce(sum(CASE WHEN j.status = 'succeeded' THEN j.progress_total ELSE j.progress_done END), 0),
			coalesce(sum(j.progress_total), 0), min(j.started_at)
		FROM ws_games g LEFT JOIN jobs j ON j.id = g.job_id WHERE g.collection_id = $1`, id).
		Scan(&p.Games, &p.Succeeded, &p.Failed, &p.Cancelled, &p.PositionsDone, &p.PositionsTotal, &p.FirstStarted)
	if err != nil {
		return nil, fmt.Errorf("store: collection progress: %w", err)
	}
	return &p, nil
}

// CancelCollection cancels the queued and running reviews of one of
// owner's collections and returns how many it cancelled.
func (s *Store) CancelCollection(ctx context.Context, owner int64, id string) (int, error) {
	if _, err := s.Collection(ctx, owner, id); err != nil {
		return 0, err
	}
	rows, err := s.pool.Query(ctx, `
		UPDATE jobs SET status = 'cancelled', finished_at = now(), updated_at = now(), error = 'cancelled with its collection'
		WHERE id IN (SELECT job_id FROM ws_games WHERE collection_id = $1) AND status IN ('queued', 'running')
		RETURNING coalesce(river_job_id, 0)`, id)
	if err != nil {
		return 0, fmt.Errorf("store: cancel collection: %w", err)
	}
	riverIDs, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return 0, fmt.Errorf("store: cancel collection: %w", err)
	}
	for _, rid := range riverIDs {
		if _, err := s.inserter.JobCancel(ctx, rid); err != nil && !errors.Is(err, river.ErrNotFound) {
			s.logger.Warn("cancelling a river job failed; its worker stops at its next progress update", "river_job", rid, "error", err)
		}
	}
	return len(riverIDs), nil
}

// AddCards adds cards to players' drills (a card already there is kept
// as it is) and marks game's puzzles taken, in one transaction.
func (s *Store) AddCards(ctx context.Context, owner int64, game string, cards []NewCard) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("store: add cards: %w", err)
	}
	defer tx.Rollback(ctx)
	tag, err := tx.Exec(ctx, `UPDATE ws_games SET puzzles_taken = true WHERE id = $1 AND owner = $2`, game, owner)
	if err != nil {
		return fmt.Errorf("store: add cards: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	for _, c := range cards {
		if _, err := tx.Exec(ctx, `INSERT INTO ws_cards (player_id, card, game_id, puzzle) VALUES ($1, $2, $3, $4)
			ON CONFLICT DO NOTHING`, c.PlayerID, c.Card, game, c.Puzzle); err != nil {
			return fmt.Errorf("store: add card %s: %w", c.Card, err)
		}
	}
	return tx.Commit(ctx)
}

const cardColumns = `card, game_id::text, puzzle, state, due, answers, created_at`

func scanCard(r pgx.CollectableRow) (Card, error) {
	var c Card
	return c, r.Scan(&c.Card, &c.GameID, &c.Puzzle, &c.State, &c.Due, &c.Answers, &c.CreatedAt)
}

// Cards lists one of owner's players' cards, the earliest due first.
func (s *Store) Cards(ctx context.Context, owner int64, player string) ([]Card, error) {
	if _, err := s.Player(ctx, owner, player); err != nil {
		return nil, err
	}
	rows, err := s.pool.Query(ctx, `SELECT `+cardColumns+` FROM ws_cards WHERE player_id = $1 ORDER BY due, created_at, card`, player)
	if err != nil {
		return nil, fmt.Errorf("store: cards: %w", err)
	}
	return pgx.CollectRows(rows, scanCard)
}

// AnswerCard stores a card's new state and due time after an answer,
// provided its state is still prev (nil: never answered), and counts the
// answer; a card answered meanwhile (or none) is ErrNotFound.
func (s *Store) AnswerCard(ctx context.Context, owner int64, player, card string, prev, state []byte, due time.Time) (*Card, error) {
	if !ValidJobID(player) {
		return nil, ErrNotFound
	}
	rows, err := s.pool.Query(ctx, `
		UPDATE ws_cards c SET state = $4, due = $5, answers = answers + 1
		FROM ws_players p
		WHERE c.player_id = $1 AND c.card = $2 AND p.id = c.player_id AND p.owner = $3
			AND c.state IS NOT DISTINCT FROM $6::jsonb
		RETURNING `+cardColumnsOf("c"), player, card, owner, state, due, prev)
	if err != nil {
		return nil, fmt.Errorf("store: answer card: %w", err)
	}
	c, err := pgx.CollectExactlyOneRow(rows, scanCard)
	if err != nil {
		return nil, notFound(err)
	}
	return &c, nil
}

// cardColumnsOf is cardColumns qualified by table alias t.
func cardColumnsOf(t string) string {
	return t + `.card, ` + t + `.game_id::text, ` + t + `.puzzle, ` + t + `.state, ` + t + `.due, ` + t + `.answers, ` + t + `.created_at`
}
