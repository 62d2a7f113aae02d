package storetest

import (
	"context"
	"testing"
	"time"

	"github.com/wallzero/wallzero/store"
)

const day = 24 * time.Hour

// conformPruneJobs: ended jobs past the age go (and their River rows);
// recent and unfinished ones stay.
func conformPruneJobs(t *testing.T, open func(t *testing.T) Subject) {
	sub := open(t)
	st := sub.Store
	ctx := context.Background()
	if p, err := st.Prune(ctx, store.Retention{}); err != nil || p != (store.Pruned{}) {
		t.Fatalf("prune of nothing: %+v %v", p, err)
	}
	now := time.Now()
	finish := func(j *store.Job, ago time.Duration) {
		t.Helper()
		if _, err := st.StartJob(ctx, j.ID, 1); err != nil {
			t.Fatal(err)
		}
		if ok, err := st.FinishJob(ctx, j.ID, []byte(`{}`)); !ok || err != nil {
			t.Fatalf("finish: %v %v", ok, err)
		}
		sub.Backdate.BackdateJob(t, j.ID, now.Add(-ago))
	}
	job := func() *store.Job { return create(t, st, newJob("review", store.AnyOwner, 0)) }
	oldDone, recentDone, oldCancelled, oldFailed, queued, running := job(), job(), job(), job(), job(), job()
	finish(oldDone, 40*day)
	finish(recentDone, day)
	if _, err := st.CancelJob(ctx, oldCancelled.ID, store.AnyOwner); err != nil {
		t.Fatal(err)
	}
	sub.Backdate.BackdateJob(t, oldCancelled.ID, now.Add(-31*day))
	if err := st.FailJob(ctx, oldFailed.ID, "boom"); err != nil {
		t.Fatal(err)
	}
	sub.Backdate.BackdateJob(t, oldFailed.ID, now.Add(-60*day))
	if _, err := st.StartJob(ctx, running.ID, 1); err != nil {
		t.Fatal(err)
	}
	if p, err := st.Prune(ctx, store.Retention{JobsAge: 0, CacheAge: day}); err != nil || p != (store.Pruned{}) {
		t.Errorf("age 0 pruned %+v %v, want nothing", p, err)
	}
	p, err := st.Prune(ctx, store.Retention{JobsAge: 30 * day})
	if err != nil {
		t.Fatal(err)
	}
	if want := (store.Pruned{Jobs: 3, RiverJobs: 3}); p != want {
		t.Errorf("pruned %+v, want %+v", p, want)
	}
	for _, tc := range []struct {
		name   string
		j      *store.Job
		status string // "": deleted
	}{
		{"finished 40 days ago", oldDone, ""},
		{"cancelled 31 days ago", oldCancelled, ""},
		{"failed 60 days ago", oldFailed, ""},
		{"finished yesterday", recentDone, store.StatusSucceeded},
		{"queued", queued, store.StatusQueued},
		{"running", running, store.StatusRunning},
	} {
		t.Run(tc.name, func(t *testing.T) {
			j, err := st.Job(ctx, tc.j.ID)
			if kept := err == nil; kept != (tc.status != "") || kept && j.Status != tc.status {
				t.Errorf("kept %v (%+v), want status %q", kept, j, tc.status)
			}
		})
	}
	t.Run("a second prune deletes nothing", func(t *testing.T) {
		if p, err := st.Prune(ctx, store.Retention{JobsAge: 30 * day}); err != nil || p != (store.Pruned{}) {
			t.Errorf("second prune: %+v %v", p, err)
		}
	})
}

// conformPruneCache: rows unused past the age go, then the least
// recently used beyond the row cap; a hit records its use, at most once
// per store.TouchAfter.
func conformPruneCache(t *testing.T, open func(t *testing.T) Subject) {
	sub := open(t)
	st := sub.Store
	ctx := context.Background()
	key := func(h uint64) store.CacheKey { return store.CacheKey{CanonicalHash: h, Rules: "r", Model: "m"} }
	for h := uint64(1); h <= 7; h++ {
		if err := st.SaveAnalyses(ctx, store.CachedAnalysis{Key: key(h), Visits: 10, Analysis: []byte(`{}`)}); err != nil {
			t.Fatal(err)
		}
	}
	// Row 4 has a second visit budget: a row of the cap.
	if err := st.SaveAnalyses(ctx, store.CachedAnalysis{Key: key(4), Visits: 20, Analysis: []byte(`{}`)}); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	// Last used: 1 40 days ago (cold), 2 5 h, 3 4 h, 4 3 h (both rows),
	// 5 now, 6 10 minutes, 7 5 minutes ago.
	for h, ago := range map[uint64]time.Duration{1: 40 * day, 2: 5 * time.Hour, 3: 4 * time.Hour, 4: 3 * time.Hour, 6: 10 * time.Minute, 7: 5 * time.Minute} {
		sub.Backdate.BackdateAnalyses(t, key(h), now.Add(-ago))
	}
	// A hit on 4 records its use (both of its rows: older than an hour);
	// one on 6 does not (10 minutes), so 6 stays older than 7.
	if got, err := st.LookupAnalyses(ctx, "r", "m", []uint64{4}, 10); err != nil || len(got) != 1 {
		t.Fatalf("lookup 4: %v %v", got, err)
	}
	if _, ok, err := st.LookupAnalysis(ctx, key(6), 10); !ok || err != nil {
		t.Fatalf("lookup 6: %v %v", ok, err)
	}
	// Most recent first: 4 (two rows), 5, 7, 6, 3, 2; 1 is cold.
	p, err := st.Prune(ctx, store.Retention{CacheAge: 30 * day, CacheMaxRows: 4})
	if err != nil {
		t.Fatal(err)
	}
	if want := (store.Pruned{ColdAnalyses: 1, OverCap: 3}); p != want {
		t.Errorf("pruned %+v, want %+v", p, want)
	}
	got, err := st.LookupAnalyses(ctx, "r", "m", []uint64{1, 2, 3, 4, 5, 6, 7}, 1)
	if err != nil {
		t.Fatal(err)
	}
	for h := uint64(1); h <= 7; h++ {
		_, kept := got[h]
		if want := h == 4 || h == 5 || h == 7; kept != want {
			t.Errorf("row %d kept: %v, want %v", h, kept, want)
		}
	}
	if r, ok, _ := st.LookupAnalysis(ctx, key(4), 15); !ok || r.Visits != 20 {
		t.Errorf("row 4's larger budget: %+v %v", r, ok)
	}
	t.Run("no limits keep everything", func(t *testing.T) {
		if p, err := st.Prune(ctx, store.Retention{}); err != nil || p != (store.Pruned{}) {
			t.Errorf("prune with no limits: %+v %v", p, err)
		}
	})
	t.Run("under the cap keeps everything", func(t *testing.T) {
		if p, err := st.Prune(ctx, store.Retention{CacheMaxRows: 4, CacheAge: day}); err != nil || p != (store.Pruned{}) {
			t.Errorf("prune under the cap: %+v %v", p, err)
		}
	})
}
