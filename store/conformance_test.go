package store_test

import (
	"testing"
	"time"

	"github.com/wallzero/wallzero/internal/testkit/storetest"
	"github.com/wallzero/wallzero/store"
)

// TestConformance runs the store conformance suite against PostgreSQL
// (store/memstore runs it against the memory store).
func TestConformance(t *testing.T) {
	t.Parallel()
	storetest.RunConformance(t, func(t *testing.T) storetest.Subject {
		st, url := open(t)
		return storetest.Subject{Store: st, Backdate: sqlBackdater{url}}
	})
}

// sqlBackdater moves a test database's rows into the past with SQL.
type sqlBackdater struct{ url string }

// BackdateJob implements storetest.Backdater: the job's finished_at, and
// its River row finalised (completed) unless it already is, as River
// leaves it when the job's worker returns.
func (b sqlBackdater) BackdateJob(t *testing.T, id string, finishedAt time.Time) {
	t.Helper()
	sql(t, b.url, `UPDATE jobs SET finished_at = $2 WHERE id = $1`, id, finishedAt)
	sql(t, b.url, `UPDATE river_job SET state = 'completed', finalized_at = now()
		WHERE id = (SELECT river_job_id FROM jobs WHERE id = $1) AND state NOT IN ('completed', 'cancelled', 'discarded')`, id)
}

// BackdateAnalyses implements storetest.Backdater.
func (b sqlBackdater) BackdateAnalyses(t *testing.T, key store.CacheKey, lastUsed time.Time) {
	t.Helper()
	sql(t, b.url, `UPDATE analyses SET last_used_at = $4 WHERE canonical_hash = $1 AND rules = $2 AND model = $3`,
		int64(key.CanonicalHash), key.Rules, key.Model, lastUsed)
}
