package store_test

import (
	"context"
	"io/fs"
	"strconv"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/internal/testkit/storetest"
	"github.com/wallzero/wallzero/migrations"
	"github.com/wallzero/wallzero/store"
)

func open(t testing.TB) (*store.Store, string) {
	t.Helper()
	url := storetest.URL(t)
	st, err := store.Open(context.Background(), url, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(st.Close)
	return st, url
}

// latestMigration is the highest NNNN of migrations/NNNN_*.up.sql.
func latestMigration(t *testing.T) uint {
	t.Helper()
	files, err := fs.Glob(migrations.FS, "*.up.sql")
	if err != nil || len(files) == 0 {
		t.Fatalf("migration files: %v %v", files, err)
	}
	var v uint
	for _, f := range files {
		n, err := strconv.ParseUint(strings.SplitN(f, "_", 2)[0], 10, 32)
		if err != nil {
			t.Fatalf("migration %s: %v", f, err)
		}
		v = max(v, uint(n))
	}
	return v
}

func TestMigrateIsIdempotent(t *testing.T) {
	t.Parallel()
	st, url := open(t)
	res, err := store.Migrate(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	if want := latestMigration(t); res.Applied || len(res.RiverVersions) != 0 || res.Version != want {
		t.Errorf("second migration: %+v, want nothing applied at version %d", res, want)
	}
	if err := st.Ping(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// testArgs are River arguments for the retention tests' jobs.
type testArgs struct {
	JobID string `json:"jobId"`
}

func (testArgs) Kind() string { return "test" }
