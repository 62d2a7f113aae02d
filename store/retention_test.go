package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/wallzero/wallzero/internal/testkit/storetest"
	"github.com/wallzero/wallzero/store"
)

// sql runs a statement of the test's setup on the test database.
func sql(t *testing.T, url, query string, args ...any) {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, query, args...); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
}

// TestPruneJobs: finished jobs past the age go, with their finished River
// rows; recent and unfinished ones stay; a job whose River row was
// discarded is failed.
func TestPruneJobs(t *testing.T) {
	t.Parallel()
	st, url := open(t)
	ctx := context.Background()
	create := func() *store.Job {
		j, err := st.CreateJob(ctx, store.NewJob{Kind: "review", Request: []byte(`{}`), Total: 1,
			Args: func(id string) river.JobArgs { return testArgs{JobID: id} }})
		if err != nil {
			t.Fatal(err)
		}
		return j
	}
	finish := func(j *store.Job, ago time.Duration) {
		if _, err := st.StartJob(ctx, j.ID, 1); err != nil {
			t.Fatal(err)
		}
		if ok, err := st.FinishJob(ctx, j.ID, []byte(`{}`)); !ok || err != nil {
			t.Fatalf("finish: %v %v", ok, err)
		}
		sql(t, url, `UPDATE river_job SET state = 'completed', finalized_at = now() WHERE id = $1`, j.RiverJobID)
		sql(t, url, `UPDATE jobs SET finished_at = now() - make_interval(secs => $2) WHERE id = $1`, j.ID, ago.Seconds())
	}
	const day = 24 * time.Hour
	oldDone, recentDone, oldCancelled, oldRunning, lost := create(), create(), create(), create(), create()
	finish(oldDone, 40*day)
	finish(recentDone, day)
	if _, err := st.CancelJob(ctx, oldCancelled.ID, store.AnyOwner); err != nil {
		t.Fatal(err)
	}
	sql(t, url, `UPDATE jobs SET finished_at = now() - interval '31 days' WHERE id = $1`, oldCancelled.ID)
	if _, err := st.StartJob(ctx, oldRunning.ID, 1); err != nil {
		t.Fatal(err)
	}
	sql(t, url, `UPDATE jobs SET created_at = now() - interval '90 days', started_at = now() - interval '90 days' WHERE id = $1`, oldRunning.ID)
	sql(t, url, `UPDATE river_job SET state = 'running', attempt = 1, attempted_at = now() WHERE id = $1`, oldRunning.RiverJobID)
	sql(t, url, `UPDATE river_job SET state = 'discarded', finalized_at = now() WHERE id = $1`, lost.RiverJobID)

	p, err := st.Prune(ctx, store.Retention{JobsAge: 30 * day})
	if err != nil {
		t.Fatal(err)
	}
	if p.Jobs != 2 || p.RiverJobs != 2 || p.Lost != 1 {
		t.Errorf("pruned %+v, want 2 jobs, 2 River rows, 1 lost job failed", p)
	}
	for _, tc := range []struct {
		name   string
		j      *store.Job
		kept   bool
		status string
	}{
		{"finished 40 days ago", oldDone, false, ""},
		{"cancelled 31 days ago", oldCancelled, false, ""},
		{"finished yesterday", recentDone, true, store.StatusSucceeded},
		{"running for 90 days", oldRunning, true, store.StatusRunning},
		{"lost by River", lost, true, store.StatusFailed},
	} {
		j, err := st.Job(ctx, tc.j.ID)
		if kept := err == nil; kept != tc.kept || kept && j.Status != tc.status {
			t.Errorf("%s: kept %v (%v), want %v %s", tc.name, kept, j, tc.kept, tc.status)
		}
		rivers := storetest.QueryInt(t, url, `SELECT count(*) FROM river_job WHERE id = $1`, tc.j.RiverJobID)
		if rivers != map[bool]int{false: 0, true: 1}[tc.kept] {
			t.Errorf("%s: %d River rows", tc.name, rivers)
		}
	}
	// Nothing more to prune: a second run deletes nothing.
	if p, err := st.Prune(ctx, store.Retention{JobsAge: 30 * day}); err != nil || p != (store.Pruned{}) {
		t.Errorf("second prune: %+v %v", p, err)
	}
}

// TestPruneCache: rows unused past the age go, then the least recently
// used beyond the row cap; cache hits record their use (at most hourly).
func TestPruneCache(t *testing.T) {
	t.Parallel()
	st, url := open(t)
	ctx := context.Background()
	key := func(h uint64) store.CacheKey { return store.CacheKey{CanonicalHash: h, Rules: "r", Model: "m"} }
	for h := uint64(1); h <= 6; h++ {
		if err := st.SaveAnalyses(ctx, store.CachedAnalysis{Key: key(h), Visits: 10, Analysis: []byte(`{}`)}); err != nil {
			t.Fatal(err)
		}
	}
	// Last used: 1 40 days ago (cold), 2 5 h, 3 4 h, 4 3 h, 5 now, 6 10 minutes ago.
	for h, ago := range map[int64]string{1: "40 days", 2: "5 hours", 3: "4 hours", 4: "3 hours", 6: "10 minutes"} {
		sql(t, url, `UPDATE analyses SET last_used_at = now() - $2::interval WHERE canonical_hash = $1`, h, ago)
	}
	// A hit on 4 records its use (older than an hour); one on 6 does not.
	for _, h := range []uint64{4, 6} {
		if _, ok, err := st.LookupAnalysis(ctx, key(h), 10); !ok || err != nil {
			t.Fatalf("lookup %d: %v %v", h, ok, err)
		}
	}
	if n := storetest.QueryInt(t, url, `SELECT count(*) FROM analyses WHERE canonical_hash = 4 AND last_used_at > now() - interval '1 minute'`); n != 1 {
		t.Error("a hit on a row last used 3 h ago did not record its use")
	}
	if n := storetest.QueryInt(t, url, `SELECT count(*) FROM analyses WHERE canonical_hash = 6 AND last_used_at < now() - interval '9 minutes'`); n != 1 {
		t.Error("a hit on a row used 10 minutes ago was written again")
	}
	cold, over, err := st.PruneCache(ctx, 30*24*time.Hour, 3)
	if err != nil {
		t.Fatal(err)
	}
	if cold != 1 || over != 2 {
		t.Errorf("deleted %d cold and %d over the cap, want 1 and 2", cold, over)
	}
	got, err := st.LookupAnalyses(ctx, "r", "m", []uint64{1, 2, 3, 4, 5, 6}, 1)
	if err != nil {
		t.Fatal(err)
	}
	for h := uint64(1); h <= 6; h++ {
		_, kept := got[h]
		if want := h >= 4; kept != want {
			t.Errorf("row %d kept: %v, want %v", h, kept, want)
		}
	}
	if n, err := st.CountAnalyses(ctx); err != nil || n != 3 {
		t.Errorf("%d rows after the cap of 3 (%v)", n, err)
	}
	// Ages and caps of 0 keep everything.
	if cold, over, err := st.PruneCache(ctx, 0, 0); cold != 0 || over != 0 || err != nil {
		t.Errorf("prune with no limits: %d %d %v", cold, over, err)
	}
}
