package store

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/golang-migrate/migrate/v4"
	_ "github.com/golang-migrate/migrate/v4/database/pgx/v5" // the pgx5:// driver
	"github.com/golang-migrate/migrate/v4/source/iofs"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"

	"github.com/wallzero/wallzero/migrations"
)

// riverMigrateLock is the advisory lock key that serialises River's
// migrations when several processes start at once.
const riverMigrateLock = 0x57a11_0001

// MigrateResult says what Migrate did.
type MigrateResult struct {
	// Version is the schema version of migrations/ after the run, and
	// Applied whether any of its migrations ran.
	Version uint
	Applied bool
	// RiverVersions lists the River migrations that ran.
	RiverVersions []int
}

// Migrate brings the database at url up to date: the migrations/ files with
// golang-migrate (pgx/v5 driver), then River's own with rivermigrate. It is
// safe to run from several processes at once and a no-op when up to date.
func Migrate(ctx context.Context, url string) (MigrateResult, error) {
	var res MigrateResult
	src, err := iofs.New(migrations.FS, ".")
	if err != nil {
		return res, fmt.Errorf("migrate: %w", err)
	}
	m, err := migrate.NewWithSourceInstance("iofs", src, pgx5URL(url))
	if err != nil {
		return res, fmt.Errorf("migrate: %w", err)
	}
	defer m.Close()
	switch err := m.Up(); {
	case errors.Is(err, migrate.ErrNoChange):
	case err != nil:
		return res, fmt.Errorf("migrate: %w", err)
	default:
		res.Applied = true
	}
	v, dirty, err := m.Version()
	if err != nil {
		return res, fmt.Errorf("migrate: version: %w", err)
	}
	if dirty {
		return res, fmt.Errorf("migrate: schema version %d is dirty (a migration failed half-way; fix it and run `wallzero migrate -force %d`)", v, v-1)
	}
	res.Version = v

	// River's migrations cannot share one transaction (one adds an enum
	// value another uses), so a session advisory lock on a separate
	// connection serialises concurrent migrators instead.
	lockConn, err := pgx.Connect(ctx, url)
	if err != nil {
		return res, fmt.Errorf("migrate river: %w", err)
	}
	defer lockConn.Close(ctx)
	if _, err := lockConn.Exec(ctx, "SELECT pg_advisory_lock($1)", int64(riverMigrateLock)); err != nil {
		return res, fmt.Errorf("migrate river: lock: %w", err)
	}
	defer func() {
		// A failed unlock leaves nothing behind: the lock goes with the
		// connection, which the Close deferred above ends.
		_, _ = lockConn.Exec(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock($1)", int64(riverMigrateLock))
	}()
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		return res, fmt.Errorf("migrate river: %w", err)
	}
	defer pool.Close()
	migrator, err := rivermigrate.New(riverpgxv5.New(pool), nil)
	if err != nil {
		return res, fmt.Errorf("migrate river: %w", err)
	}
	rr, err := migrator.Migrate(ctx, rivermigrate.DirectionUp, nil)
	if err != nil {
		return res, fmt.Errorf("migrate river: %w", err)
	}
	for _, v := range rr.Versions {
		res.RiverVersions = append(res.RiverVersions, v.Version)
	}
	return res, nil
}

// ForceVersion marks the migrations/ schema as being at version v without
// running anything (to recover from a dirty state after a manual fix).
func ForceVersion(url string, v int) error {
	src, err := iofs.New(migrations.FS, ".")
	if err != nil {
		return err
	}
	m, err := migrate.NewWithSourceInstance("iofs", src, pgx5URL(url))
	if err != nil {
		return err
	}
	defer m.Close()
	return m.Force(v)
}

// pgx5URL turns a postgres:// URL into the pgx5:// form golang-migrate's
// pgx/v5 driver registers.
func pgx5URL(url string) string {
	for _, p := range []string{"postgresql://", "postgres://"} {
		if strings.HasPrefix(url, p) {
			return "pgx5://" + strings.TrimPrefix(url, p)
		}
	}
	return url
}
