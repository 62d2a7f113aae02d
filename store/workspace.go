package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/riverqueue/river"
)

// The workspace's rows (migrations/0008_workspace.up.sql): collections of
// games, their players and the players' drill cards. Every method takes
// the owner (an API key's id, 0 under -auth off) and matches it exactly:
// another owner's row is ErrNotFound, so ids do not leak.

// ErrExists is returned when a collection already has a player of that name.
var ErrExists = errors.New("store: the name is taken")

// Collection is a row of ws_collections.
type Collection struct {
	ID        string
	Name      string
	CreatedAt time.Time
}

// Player is a row of ws_players.
type Player struct {
	ID           string
	CollectionID string
	Name         string
	CreatedAt    time.Time
}

// NewGame is a game to import with its review job.
type NewGame struct {
	// Line is the line of the import the game came from.
	Line int
	// Record is the game's record as JSON (engine.Record).
	Record []byte
	// PlayedOn, Event and Winner describe the game ("" when unknown);
	// Winner is a colour or "draw".
	PlayedOn, Event, Winner string
	// Players names the player of each colour (colour -> name); names
	// new to the collection become players.
	Players map[string]string
	// Review is the game's review job (its Owner is the import's).
	Review NewJob
}

// Game is a row of ws_games with its review job's state.
type Game struct {
	ID           string
	CollectionID string
	Line         int
	Record       []byte
	PlayedOn     string
	Event        string
	Winner       string
	// Players maps each colour to its player's id.
	Players map[string]string
	// JobID is the review job ("" once it was pruned); JobStatus, Done,
	// Total and Result are its state.
	JobID        string
	JobStatus    string
	Done, Total  int
	Result       []byte
	PuzzlesTaken bool
	CreatedAt    time.Time
}

// WorkspaceProgress sums the review jobs of a collection's games.
type WorkspaceProgress struct {
	// Games counts the games; Succeeded, Failed and Cancelled their
	// reviews by how they ended.
	Games, Succeeded, Failed, Cancelled int
	// PositionsDone and PositionsTotal count the reviews' positions.
	PositionsDone, PositionsTotal int
	// FirstStarted is when the first review started (nil: none yet).
	FirstStarted *time.Time
}

// Card is a row of ws_cards: a puzzle of a player's game and its
// spaced-repetition state (State nil: never answered).
type Card struct {
	Card      string
	GameID    string
	Puzzle    []byte
	State     []byte
	Due       time.Time
	Answers   int
	CreatedAt time.Time
}

// NewCard is a card to add to a player's drills.
type NewCard struct {
	PlayerID string
	Card     string
	Puzzle   []byte
}

func notFound(err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrNotFound
	}
	return err
}

// CreateCollection stores a new collection of owner.
func (s *Store) CreateCollection(ctx context.Context, owner int64, name string) (*Collection, error) {
	var c Collection
	err := s.pool.QueryRow(ctx, `INSERT INTO ws_collections (owner, name) VALUES ($1, $2) RETURNING id::text, name, created_at`,
		owner, name).Scan(&c.ID, &c.Name, &c.CreatedAt)
	if err != nil {
		return nil, fmt.Errorf("store: create collection: %w", err)
	}
	return &c, nil
}

// Collections lists owner's collections, oldest first.
func (s *Store) Collections(ctx context.Context, owner int64) ([]Collection, error) {
	rows, err := s.pool.Query(ctx, `SELECT id::text, name, created_at FROM ws_collections WHERE owner = $1 ORDER BY created_at, id`, owner)
	if err != nil {
		return nil, fmt.Errorf("store: collections: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Collection, error) {
		var c Collection
		return c, r.Scan(&c.ID, &c.Name, &c.CreatedAt)
	})
}

// Collection returns one of owner's collections.
func (s *Store) Collection(ctx context.Context, owner int64, id string) (*Collection, error) {
	if !ValidJobID(id) {
		return nil, ErrNotFound
	}
	var c Collection
	err := s.pool.QueryRow(ctx, `SELECT id::text, name, created_at FROM ws_collections WHERE id = $1 AND owner = $2`, id, owner).
		Scan(&c.ID, &c.Name, &c.CreatedAt)
	if err != nil {
		return nil, notFound(err)
	}
	return &c, nil
}

// RenameCollection renames one of owner's collections.
func (s *Store) RenameCollection(ctx context.Context, owner int64, id, name string) (*Collection, error) {
	if !ValidJobID(id) {
		return nil, ErrNotFound
	}
	var c Collection
	err := s.pool.QueryRow(ctx, `UPDATE ws_collections SET name = $3 WHERE id = $1 AND owner = $2 RETURNING id::text, name, created_at`,
		id, owner, name).Scan(&c.ID, &c.Name, &c.CreatedAt)
	if err != nil {
		return nil, notFound(err)
	}
	return &c, nil
}

// DeleteCollection deletes one of owner's collections with its players,
// games, their review jobs and the drill cards, in one transaction.
func (s *Store) DeleteCollection(ctx context.Context, owner int64, id string) error {
	if !ValidJobID(id) {
		return ErrNotFound
	}
	return s.deleteGames(ctx, `SELECT id FROM ws_collections WHERE id = $1 AND owner = $2 FOR UPDATE`,
		`SELECT id FROM ws_games WHERE collection_id = $1`, `DELETE FROM ws_collections WHERE id = $1`, id, owner)
}

// deleteGames locks a row by lock (ErrNotFound when the owner has none),
// deletes the review jobs of the games games selects and their River jobs
// (a running one is cancelled: its worker finds no row and stops), then
// the row itself by del, whose cascades remove the rest.
func (s *Store) deleteGames(ctx context.Context, lock, games, del, id string, owner int64) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("store: delete: %w", err)
	}
	defer tx.Rollback(ctx)
	var locked string
	if err := tx.QueryRow(ctx, lock, id, owner).Scan(&locked); err != nil {
		return notFound(err)
	}
	rows, err := tx.Query(ctx, `DELETE FROM ws_games WHERE id IN (`+games+`) RETURNING job_id`, id)
	if err != nil {
		return fmt.Errorf("store: delete games: %w", err)
	}
	jobIDs, err := pgx.CollectRows(rows, pgx.RowTo[*string])
	if err != nil {
		return fmt.Errorf("store: delete games: %w", err)
	}
	var riverIDs []int64
	rows, err = tx.Query(ctx, `DELETE FROM jobs WHERE id = ANY($1::uuid[]) RETURNING coalesce(river_job_id, 0)`, jobIDs)
	if err == nil {
		riverIDs, err = pgx.CollectRows(rows, pgx.RowTo[int64])
	}
	if err != nil {
		return fmt.Errorf("store: delete reviews: %w", err)
	}
	if _, err := tx.Exec(ctx, `DELETE FROM river_job WHERE id = ANY($1) AND state <> 'running'`, riverIDs); err != nil {
		return fmt.Errorf("store: delete river jobs: %w", err)
	}
	for _, rid := range riverIDs {
		if _, err := s.inserter.JobCancelTx(ctx, tx, rid); err != nil && !errors.Is(err, river.ErrNotFound) {
			return fmt.Errorf("store: cancel river job %d: %w", rid, err)
		}
	}
	if _, err := tx.Exec(ctx, del, id); err != nil {
		return fmt.Errorf("store: delete: %w", err)
	}
	return tx.Commit(ctx)
}

// Players lists the players of one of owner's collections by name.
func (s *Store) Players(ctx context.Context, owner int64, collection string) ([]Player, error) {
	if _, err := s.Collection(ctx, owner, collection); err != nil {
		return nil, err
	}
	rows, err := s.pool.Query(ctx, `SELECT id::text, collection_id::text, name, created_at FROM ws_players WHERE collection_id = $1 ORDER BY name`, collection)
	if err != nil {
		return nil, fmt.Errorf("store: players: %w", err)
	}
	return pgx.CollectRows(rows, scanPlayer)
}

func scanPlayer(r pgx.CollectableRow) (Player, error) {
	var p Player
	return p, r.Scan(&p.ID, &p.CollectionID, &p.Name, &p.CreatedAt)
}

// CreatePlayer adds a player to one of owner's collections (ErrExists
// when the name is taken there).
func (s *Store) CreatePlayer(ctx context.Context, owner int64, collection, name string) (*Player, error) {
	if _, err := s.Collection(ctx, owner, collection); err != nil {
		return nil, err
	}
	rows, err := s.pool.Query(ctx, `INSERT INTO ws_players (owner, collection_id, name) VALUES ($1, $2, $3)
		RETURNING id::text, collection_id::text, name, created_at`, owner, collection, name)
	if err != nil {
		return nil, fmt.Errorf("store: create player: %w", err)
	}
	p, err := pgx.CollectExactlyOneRow(rows, scanPlayer)
	return &p, nameError(err, "create player")
}

// nameError maps a unique violation to ErrExists.
func nameError(err error, op string) error {
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "23505" {
		return ErrExists
	}
	if err != nil {
		return fmt.Errorf("store: %s: %w", op, notFound(err))
	}
	return nil
}

// Player returns one of owner's players.
func (s *Store) Player(ctx context.Context, owner int64, id string) (*Player, error) {
	if !ValidJobID(id) {
		return nil, ErrNotFound
	}
	rows, err := s.pool.Query(ctx, `SELECT id::text, collection_id::text, name, created_at FROM ws_players WHERE id = $1 AND owner = $2`, id, owner)
	if err != nil {
		return nil, fmt.Errorf("store: player: %w", err)
	}
	p, err := pgx.CollectExactlyOneRow(rows, scanPlayer)
	if err != nil {
		return nil, notFound(err)
	}
	return &p, nil
}

// RenamePlayer renames one of owner's players (ErrExists when the
// collection has a player of that name).
func (s *Store) RenamePlayer(ctx context.Context, owner int64, id, name string) (*Player, error) {
	if !ValidJobID(id) {
		return nil, ErrNotFound
	}
	rows, err := s.pool.Query(ctx, `UPDATE ws_players SET name = $3 WHERE id = $1 AND owner = $2
		RETURNING id::text, collection_id::text, name, created_at`, id, owner, name)
	if err != nil {
		return nil, fmt.Errorf("store: rename player: %w", err)
	}
	p, err := pgx.CollectExactlyOneRow(rows, scanPlayer)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	return &p, nameError(err, "rename player")
}

// DeletePlayer deletes one of owner's players with every game they played,
// those games' review jobs and the drill cards (theirs and their
// opponents' of those games), in one transaction.
func (s *Store) DeletePlayer(ctx context.Context, owner int64, id string) error {
	if !ValidJobID(id) {
		return ErrNotFound
	}
	return s.deleteGames(ctx, `SELECT id FROM ws_players WHERE id = $1 AND owner = $2 FOR UPDATE`,
		`SELECT game_id FROM ws_game_players WHERE player_id = $1`, `DELETE FROM ws_players WHERE id = $1`, id, owner)
}
