package store

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
)

// ErrNotFound is returned when a row asked for does not exist.
var ErrNotFound = errors.New("store: not found")

// Options tune Open.
type Options struct {
	// MaxConns caps the pool (0: pgx's default, max(4, CPUs)).
	MaxConns int32
	// MinConns is how many connections the pool opens at once and keeps
	// (0: none until needed), so the first requests after a start do not
	// pay for connecting and the server's first queries.
	MinConns int32
	// Logger receives River's logs (nil: slog.Default()).
	Logger *slog.Logger
}

// Store is a PostgreSQL connection pool with the service's queries and a
// River client that inserts jobs. It is safe for concurrent use.
type Store struct {
	pool     *pgxpool.Pool
	inserter *river.Client[pgx.Tx]
	logger   *slog.Logger
}

// Open connects to the database at url (postgres://...). It does not
// migrate: see Migrate.
func Open(ctx context.Context, url string, opts Options) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("store: database url: %w", err)
	}
	return openConfig(ctx, cfg, opts)
}

// openConfig is Open from a parsed pool configuration, which tests
// extend (a tracer that counts round trips).
func openConfig(ctx context.Context, cfg *pgxpool.Config, opts Options) (*Store, error) {
	if opts.MaxConns > 0 {
		cfg.MaxConns = opts.MaxConns
	}
	if opts.MinConns > 0 {
		cfg.MinConns = min(opts.MinConns, cfg.MaxConns)
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	logger := opts.Logger
	if logger == nil {
		logger = slog.Default()
	}
	inserter, err := river.NewClient(riverpgxv5.New(pool), &river.Config{Logger: logger})
	if err != nil {
		pool.Close()
		return nil, fmt.Errorf("store: river client: %w", err)
	}
	return &Store{pool: pool, inserter: inserter, logger: logger}, nil
}

// Close closes the pool.
func (s *Store) Close() { s.pool.Close() }

// Ping checks that the database answers.
func (s *Store) Ping(ctx context.Context) error {
	var one int
	return s.pool.QueryRow(ctx, "SELECT 1").Scan(&one)
}

// PoolStats reports the pool's acquired and idle connections.
func (s *Store) PoolStats() (acquired, idle int32) {
	st := s.pool.Stat()
	return st.AcquiredConns(), st.IdleConns()
}
