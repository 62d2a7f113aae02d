package storetest

import (
	"context"
	"os"
	"testing"

	"github.com/wallzero/wallzero/store"
	"github.com/wallzero/wallzero/store/memstore"
)

// OpenFast returns an empty store for a test that needs the service's
// store but neither SQL nor River: a fresh migrated PostgreSQL database
// when $WALLZERO_TEST_DATABASE_URL is set (`make test`), else a new
// in-memory store (memstore), so the test runs without a database too
// (`make check`). The store is closed when the test ends. Both pass
// RunConformance; a test that runs jobs needs River's workers, which the
// memory store does not have (see memstore.Store.OnCreate).
func OpenFast(t testing.TB) Conformer {
	t.Helper()
	if os.Getenv(EnvURL) == "" {
		st := memstore.New()
		t.Cleanup(st.Close)
		return st
	}
	st, err := store.Open(context.Background(), URL(t), store.Options{})
	if err != nil {
		t.Fatalf("storetest: %v", err)
	}
	t.Cleanup(st.Close)
	return st
}
