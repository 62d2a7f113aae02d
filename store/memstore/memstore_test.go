package memstore_test

import (
	"testing"
	"time"

	"github.com/wallzero/wallzero/internal/testkit/storetest"
	"github.com/wallzero/wallzero/store"
	"github.com/wallzero/wallzero/store/memstore"
)

// TestConformance runs the store conformance suite against the memory
// store (store's own test runs it against PostgreSQL).
func TestConformance(t *testing.T) {
	t.Parallel()
	storetest.RunConformance(t, func(t *testing.T) storetest.Subject {
		st := memstore.New()
		return storetest.Subject{Store: st, Backdate: backdater{st}}
	})
}

// backdater moves the memory store's rows into the past.
type backdater struct{ st *memstore.Store }

// BackdateJob implements storetest.Backdater.
func (b backdater) BackdateJob(t *testing.T, id string, finishedAt time.Time) {
	t.Helper()
	if err := b.st.SetJobFinishedAt(id, finishedAt); err != nil {
		t.Fatal(err)
	}
}

// BackdateAnalyses implements storetest.Backdater.
func (b backdater) BackdateAnalyses(t *testing.T, key store.CacheKey, lastUsed time.Time) {
	t.Helper()
	b.st.SetAnalysisLastUsed(key, lastUsed)
}
