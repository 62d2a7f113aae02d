package store_test

import (
	"context"
	"errors"
	"io/fs"
	"strconv"
	"strings"
	"testing"

	"github.com/riverqueue/river"

	"github.com/wallzero/wallzero/migrations"
	"github.com/wallzero/wallzero/store"
	"github.com/wallzero/wallzero/store/storetest"
)

func open(t *testing.T) (*store.Store, string) {
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

func TestAnalysisCache(t *testing.T) {
	t.Parallel()
	st, _ := open(t)
	ctx := context.Background()
	key := store.CacheKey{CanonicalHash: 0xfedcba9876543210, Rules: "2p four-stone", Model: "m1"}
	other := store.CacheKey{CanonicalHash: 42, Rules: "2p four-stone", Model: "m1"}
	if err := st.SaveAnalyses(ctx,
		store.CachedAnalysis{Key: key, Visits: 100, Analysis: []byte(`{"v":100}`)},
		store.CachedAnalysis{Key: key, Visits: 400, Analysis: []byte(`{"v":400}`)},
		store.CachedAnalysis{Key: other, Visits: 50, Analysis: []byte(`{"v":50}`)},
	); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		key    store.CacheKey
		visits int
		want   int // 0: miss
	}{
		{"fewer visits served by the largest", key, 10, 400},
		{"exact", key, 400, 400},
		{"more than cached", key, 401, 0},
		{"other model", store.CacheKey{CanonicalHash: key.CanonicalHash, Rules: key.Rules, Model: "m2"}, 1, 0},
		{"other rules", store.CacheKey{CanonicalHash: key.CanonicalHash, Rules: "2p empty", Model: "m1"}, 1, 0},
		{"other position", other, 50, 50},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, ok, err := st.LookupAnalysis(ctx, tc.key, tc.visits)
			if err != nil {
				t.Fatal(err)
			}
			if tc.want == 0 {
				if ok {
					t.Errorf("hit %+v, want a miss", got)
				}
				return
			}
			if !ok || got.Visits != tc.want {
				t.Errorf("got %v %d, want a hit with %d visits", ok, got.Visits, tc.want)
			}
		})
	}
	t.Run("bulk", func(t *testing.T) {
		t.Parallel()
		got, err := st.LookupAnalyses(ctx, "2p four-stone", "m1", []uint64{key.CanonicalHash, other.CanonicalHash, 7}, 60)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 1 || got[key.CanonicalHash].Visits != 400 || string(got[key.CanonicalHash].Analysis) != `{"v": 400}` {
			t.Errorf("bulk lookup %+v", got)
		}
	})
	t.Run("replace", func(t *testing.T) {
		t.Parallel()
		k := store.CacheKey{CanonicalHash: 9, Rules: "r", Model: "m"}
		for _, v := range []string{`{"a":1}`, `{"a":2}`} {
			if err := st.SaveAnalyses(ctx, store.CachedAnalysis{Key: k, Visits: 10, Analysis: []byte(v)}); err != nil {
				t.Fatal(err)
			}
		}
		got, ok, err := st.LookupAnalysis(ctx, k, 10)
		if err != nil || !ok || string(got.Analysis) != `{"a": 2}` {
			t.Errorf("got %s %v %v", got.Analysis, ok, err)
		}
	})
	t.Run("bad visits", func(t *testing.T) {
		t.Parallel()
		if err := st.SaveAnalyses(ctx, store.CachedAnalysis{Key: key, Visits: 0, Analysis: []byte(`{}`)}); err == nil {
			t.Error("saved an analysis with 0 visits")
		}
	})
}

type testArgs struct {
	JobID string `json:"jobId"`
}

func (testArgs) Kind() string { return "test" }

type badArgs struct {
	F func() `json:"f"` // cannot be encoded: the insert fails
}

func (badArgs) Kind() string { return "bad" }

func TestJobLifecycle(t *testing.T) {
	t.Parallel()
	st, _ := open(t)
	ctx := context.Background()
	j, err := st.CreateJob(ctx, store.NewJob{Kind: "review", Request: []byte(`{"moves":[]}`), Total: 5,
		Args: func(id string) river.JobArgs { return testArgs{JobID: id} }})
	if err != nil {
		t.Fatal(err)
	}
	if j.Status != store.StatusQueued || j.RiverJobID == 0 || j.Total != 5 || !store.ValidJobID(j.ID) {
		t.Fatalf("created %+v", j)
	}
	if j, err = st.StartJob(ctx, j.ID, 1); err != nil || j.Status != store.StatusRunning || j.Attempts != 1 || j.StartedAt == nil {
		t.Fatalf("started %+v %v", j, err)
	}
	if status, err := st.SetProgress(ctx, j.ID, 3); err != nil || status != store.StatusRunning {
		t.Fatalf("progress: %q %v", status, err)
	}
	if err := st.RequeueJob(ctx, j.ID, "interrupted"); err != nil {
		t.Fatal(err)
	}
	if j, _ = st.StartJob(ctx, j.ID, 1); j.Attempts != 2 || j.Done != 3 {
		t.Fatalf("restarted %+v", j)
	}
	// Another step of the same run counts no run; progress never goes back.
	if status, _ := st.SetProgress(ctx, j.ID, 1); status != store.StatusRunning {
		t.Fatalf("progress: %q", status)
	}
	if j, _ = st.StartJob(ctx, j.ID, 1); j.Attempts != 2 || j.Done != 3 {
		t.Fatalf("next step %+v, want 2 runs and 3 done", j)
	}
	// River's attempt rose while the row stayed running: a rescue after a
	// crash, one more run.
	if j, _ = st.StartJob(ctx, j.ID, 2); j.Attempts != 3 {
		t.Fatalf("rescued %+v, want 3 runs", j)
	}
	if ok, err := st.FinishJob(ctx, j.ID, []byte(`{"ok":true}`)); err != nil || !ok {
		t.Fatalf("finish: %v %v", ok, err)
	}
	j, err = st.Job(ctx, j.ID)
	if err != nil || j.Status != store.StatusSucceeded || j.Done != 5 || string(j.Result) != `{"ok": true}` || j.FinishedAt == nil || j.Error != "" {
		t.Fatalf("finished %+v %v", j, err)
	}
	if _, err := st.CancelJob(ctx, j.ID, store.AnyOwner); !errors.Is(err, store.ErrFinished) {
		t.Errorf("cancelling a finished job: %v", err)
	}
}

func TestCancelJob(t *testing.T) {
	t.Parallel()
	st, _ := open(t)
	ctx := context.Background()
	j, err := st.CreateJob(ctx, store.NewJob{Kind: "openings", Request: []byte(`{}`), Total: 1,
		Args: func(id string) river.JobArgs { return testArgs{JobID: id} }})
	if err != nil {
		t.Fatal(err)
	}
	c, err := st.CancelJob(ctx, j.ID, store.AnyOwner)
	if err != nil || c.Status != store.StatusCancelled {
		t.Fatalf("cancel: %+v %v", c, err)
	}
	if status, _ := st.SetProgress(ctx, j.ID, 1); status != store.StatusCancelled {
		t.Errorf("status after cancel %q", status)
	}
	if s, _ := st.StartJob(ctx, j.ID, 1); s.Status != store.StatusCancelled {
		t.Errorf("a cancelled job restarted: %+v", s)
	}
	if ok, _ := st.FinishJob(ctx, j.ID, []byte(`{}`)); ok {
		t.Error("finished a cancelled job")
	}
}

func TestJobNotFound(t *testing.T) {
	t.Parallel()
	st, _ := open(t)
	for _, id := range []string{"nope", "00000000-0000-0000-0000-000000000000", "'; DROP TABLE jobs; --"} {
		if _, err := st.Job(context.Background(), id); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("Job(%q): %v, want ErrNotFound", id, err)
		}
		if _, err := st.CancelJob(context.Background(), id, store.AnyOwner); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("CancelJob(%q): %v, want ErrNotFound", id, err)
		}
	}
}

// TestCreateJobIsAtomic: when enqueueing fails, no job row is left.
func TestCreateJobIsAtomic(t *testing.T) {
	t.Parallel()
	st, _ := open(t)
	ctx := context.Background()
	_, err := st.CreateJob(ctx, store.NewJob{Kind: "review", Request: []byte(`{}`), Total: 1,
		Args: func(id string) river.JobArgs { return badArgs{} }})
	if err == nil {
		t.Fatal("CreateJob succeeded with arguments that cannot be encoded")
	}
	n, err := st.ActiveJobs(ctx)
	if err != nil || len(n) != 0 {
		t.Errorf("active jobs after a failed create: %v %v", n, err)
	}
	if _, err := st.CreateJob(ctx, store.NewJob{Kind: "nonsense", Request: []byte(`{}`), Total: 1,
		Args: func(id string) river.JobArgs { return testArgs{JobID: id} }}); err == nil {
		t.Error("CreateJob accepted an unknown kind")
	}
}
