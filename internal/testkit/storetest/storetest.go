// Package storetest gives tests their own migrated PostgreSQL database, so
// store, service and API tests run in parallel against a real server; the
// store conformance suite (RunConformance), which the PostgreSQL store and
// the in-memory one (store/memstore) both pass; and OpenFast, the memory
// store for tests that need no SQL when no database is set.
//
// The server is the one at $WALLZERO_TEST_DATABASE_URL (a URL whose user
// may create databases; `make test` starts a throwaway cluster and sets
// it). Without it the tests that need a database are skipped with a
// message, unless $WALLZERO_REQUIRE_DB=1, which makes them fail instead.
package storetest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/wallzero/wallzero/store"
)

// Environment variables read by URL.
const (
	EnvURL     = "WALLZERO_TEST_DATABASE_URL"
	EnvRequire = "WALLZERO_REQUIRE_DB"
)

var (
	templateOnce sync.Once
	templateName string
	templateErr  error
)

// URL creates a fresh database for the test, migrated to the current
// schema, drops it when the test ends, and returns its URL.
func URL(t testing.TB) string {
	t.Helper()
	admin := os.Getenv(EnvURL)
	if admin == "" {
		if os.Getenv(EnvRequire) == "1" {
			t.Fatalf("%s is not set but %s=1: this test needs PostgreSQL (run `make test`)", EnvURL, EnvRequire)
		}
		t.Skipf("skipped: needs PostgreSQL; set %s to a server where databases may be created, or run `make test`, which starts one", EnvURL)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	templateOnce.Do(func() { templateName, templateErr = makeTemplate(ctx, admin) })
	if templateErr != nil {
		t.Fatalf("storetest: %v", templateErr)
	}
	name := "wz_test_" + randomSuffix()
	if err := execAdmin(ctx, admin, fmt.Sprintf(`CREATE DATABASE %q TEMPLATE %q`, name, templateName)); err != nil {
		t.Fatalf("storetest: create database: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if err := execAdmin(ctx, admin, fmt.Sprintf(`DROP DATABASE IF EXISTS %q WITH (FORCE)`, name)); err != nil {
			t.Logf("storetest: drop database %s: %v", name, err)
		}
	})
	return withDatabase(admin, name)
}

// makeTemplate creates and migrates a template database for this test
// process; test databases are copies of it, which is faster than
// migrating each.
func makeTemplate(ctx context.Context, admin string) (string, error) {
	name := "wz_template_" + randomSuffix()
	if err := execAdmin(ctx, admin, fmt.Sprintf(`CREATE DATABASE %q`, name)); err != nil {
		return "", fmt.Errorf("create template: %w", err)
	}
	if _, err := store.Migrate(ctx, withDatabase(admin, name)); err != nil {
		return "", fmt.Errorf("migrate template: %w", err)
	}
	// Templates are dropped by the next run's sweep (they cannot be dropped
	// from a test process's exit); keep the sweep cheap and safe: only
	// templates older than an hour.
	sweepTemplates(ctx, admin)
	return name, nil
}

func sweepTemplates(ctx context.Context, admin string) {
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		return
	}
	defer conn.Close(ctx)
	rows, err := conn.Query(ctx, `SELECT datname FROM pg_database d
		WHERE datname LIKE 'wz\_template\_%' AND (pg_stat_file('base/' || d.oid || '/PG_VERSION')).modification < now() - interval '1 hour'`)
	if err != nil {
		return
	}
	names, _ := pgx.CollectRows(rows, pgx.RowTo[string])
	for _, n := range names {
		_, _ = conn.Exec(ctx, fmt.Sprintf(`DROP DATABASE IF EXISTS %q WITH (FORCE)`, n)) // best effort: the next sweep retries
	}
}

func execAdmin(ctx context.Context, admin, sql string) error {
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, sql)
	return err
}

// withDatabase returns the URL with its database name replaced.
func withDatabase(raw, name string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	u.Path = "/" + name
	return u.String()
}

func randomSuffix() string {
	var b [6]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// QueryInt runs a query returning one whole number (a count, a column)
// on the database at url and returns it; the test fails on any error.
func QueryInt(t testing.TB, url, query string, args ...any) int {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var n int
	if err := conn.QueryRow(ctx, query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}
