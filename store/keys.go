package store

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// ErrNameTaken is returned when creating a key whose name an active key
// already has.
var ErrNameTaken = errors.New("store: an active key already has this name")

// KeyQuotas are a key's own limits; a zero field means the server's
// default for keys (stored as NULL, so a new default applies to it).
type KeyQuotas struct {
	// VisitsPerSecond refills the key's token bucket; Burst is its size.
	VisitsPerSecond int
	Burst           int
	// MaxJobs caps the key's queued and running jobs.
	MaxJobs int
	// MaxBatch caps the work of one job (items x visits).
	MaxBatch int64
}

// APIKey is a row of api_keys. The token's hash is not part of it: it is
// only ever compared, in SQL.
type APIKey struct {
	ID         int64
	Name       string
	Quotas     KeyQuotas
	CreatedAt  time.Time
	RevokedAt  *time.Time
	LastUsedAt *time.Time
}

const keyColumns = `id, name, coalesce(visits_per_second, 0), coalesce(burst, 0), coalesce(max_jobs, 0),
	coalesce(max_batch, 0), created_at, revoked_at, last_used_at`

func scanKey(row pgx.Row) (*APIKey, error) {
	var k APIKey
	err := row.Scan(&k.ID, &k.Name, &k.Quotas.VisitsPerSecond, &k.Quotas.Burst, &k.Quotas.MaxJobs, &k.Quotas.MaxBatch,
		&k.CreatedAt, &k.RevokedAt, &k.LastUsedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return &k, nil
}

// nullIfZero maps a zero quota to NULL (the server's default).
func nullIfZero[T int | int64](v T) *T {
	if v == 0 {
		return nil
	}
	return &v
}

// CreateKey stores a new key under name with the SHA-256 of its token.
// It returns ErrNameTaken when an active key has the name.
func (s *Store) CreateKey(ctx context.Context, name string, tokenHash []byte, q KeyQuotas) (*APIKey, error) {
	k, err := scanKey(s.pool.QueryRow(ctx, `
		INSERT INTO api_keys (name, token_hash, visits_per_second, burst, max_jobs, max_batch)
		VALUES ($1, $2, $3, $4, $5, $6) RETURNING `+keyColumns,
		name, tokenHash, nullIfZero(q.VisitsPerSecond), nullIfZero(q.Burst), nullIfZero(q.MaxJobs), nullIfZero(q.MaxBatch)))
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "23505" {
		return nil, ErrNameTaken
	}
	if err != nil {
		return nil, fmt.Errorf("store: create key: %w", err)
	}
	return k, nil
}

// KeyByHash returns the key whose token has the given SHA-256, revoked or
// not (ErrNotFound if none).
func (s *Store) KeyByHash(ctx context.Context, tokenHash []byte) (*APIKey, error) {
	k, err := scanKey(s.pool.QueryRow(ctx, `SELECT `+keyColumns+` FROM api_keys WHERE token_hash = $1`, tokenHash))
	if err != nil && !errors.Is(err, ErrNotFound) {
		return nil, fmt.Errorf("store: key: %w", err)
	}
	return k, err
}

// Keys lists every key, revoked ones included, oldest first.
func (s *Store) Keys(ctx context.Context) ([]APIKey, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+keyColumns+` FROM api_keys ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("store: keys: %w", err)
	}
	defer rows.Close()
	var out []APIKey
	for rows.Next() {
		k, err := scanKey(rows)
		if err != nil {
			return nil, fmt.Errorf("store: keys: %w", err)
		}
		out = append(out, *k)
	}
	return out, rows.Err()
}

// RevokeKey revokes the active key with the given id (all digits) or
// name and returns it; ErrNotFound when no active key matches.
func (s *Store) RevokeKey(ctx context.Context, idOrName string) (*APIKey, error) {
	where, arg := `name = $1`, any(idOrName)
	if id, err := strconv.ParseInt(idOrName, 10, 64); err == nil {
		where, arg = `id = $1`, id
	}
	k, err := scanKey(s.pool.QueryRow(ctx, `UPDATE api_keys SET revoked_at = now()
		WHERE `+where+` AND revoked_at IS NULL RETURNING `+keyColumns, arg))
	if err != nil && !errors.Is(err, ErrNotFound) {
		return nil, fmt.Errorf("store: revoke key: %w", err)
	}
	return k, err
}

// TouchKey records that the key was just used.
func (s *Store) TouchKey(ctx context.Context, id int64) error {
	if _, err := s.pool.Exec(ctx, `UPDATE api_keys SET last_used_at = now() WHERE id = $1`, id); err != nil {
		return fmt.Errorf("store: touch key: %w", err)
	}
	return nil
}
