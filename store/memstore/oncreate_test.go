package memstore_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/riverqueue/river"

	"github.com/wallzero/wallzero/store"
	"github.com/wallzero/wallzero/store/memstore"
)

type runArgs struct {
	JobID string `json:"jobId"`
}

func (runArgs) Kind() string { return "run" }

// TestOnCreateRunsJobs: OnCreate gets each created job (a copy) with its
// River arguments, and can run it as a worker would; a refused create
// does not call it.
func TestOnCreateRunsJobs(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := memstore.New()
	var wg sync.WaitGroup
	var mu sync.Mutex
	seen := map[string]string{} // job id -> the id in its arguments
	st.OnCreate = func(j *store.Job, args river.JobArgs) {
		mu.Lock()
		seen[j.ID] = args.(runArgs).JobID
		mu.Unlock()
		j.Status = "scribbled" // a copy: the store's row is not changed
		wg.Go(func() {
			if _, err := st.StartJob(ctx, j.ID, 1); err != nil {
				t.Error(err)
				return
			}
			if _, err := st.SetProgress(ctx, j.ID, 1); err != nil {
				t.Error(err)
			}
			if ok, err := st.FinishJob(ctx, j.ID, fmt.Appendf(nil, `{"id":%q}`, j.ID)); !ok || err != nil {
				t.Errorf("finish: %v %v", ok, err)
			}
		})
	}
	key, err := st.CreateKey(ctx, "k", make([]byte, 32), store.KeyQuotas{})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for range 8 {
		j, err := st.CreateJob(ctx, store.NewJob{Kind: "review", Request: []byte(`{}`), Total: 2, Owner: key.ID,
			Args: func(id string) river.JobArgs { return runArgs{JobID: id} }})
		if err != nil {
			t.Fatal(err)
		}
		if j.Status != store.StatusQueued {
			t.Errorf("CreateJob returned %+v", j)
		}
		ids = append(ids, j.ID)
	}
	wg.Wait()
	for _, id := range ids {
		j, err := st.Job(ctx, id)
		if err != nil || j.Status != store.StatusSucceeded || j.Done != 2 || string(j.Result) != fmt.Sprintf(`{"id":%q}`, id) || seen[id] != id {
			t.Errorf("job %s: %+v %v (arguments for %q)", id, j, err, seen[id])
		}
	}
	// A refused create calls no hook (every job above has ended, so
	// nothing else calls it now).
	st.OnCreate = func(*store.Job, river.JobArgs) { t.Error("OnCreate called for a refused job") }
	if _, err := st.CreateJob(ctx, store.NewJob{Kind: "nonsense", Request: []byte(`{}`), Args: func(id string) river.JobArgs { return runArgs{} }}); err == nil {
		t.Error("an unknown kind was accepted")
	}
	if len(seen) != len(ids) {
		t.Errorf("%d jobs seen, want %d", len(seen), len(ids))
	}
}

// TestConcurrentUse: many goroutines reading and writing every table at
// once (run with -race).
func TestConcurrentUse(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := memstore.New()
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			key := store.CacheKey{CanonicalHash: uint64(g % 3), Rules: "r", Model: "m"}
			ek := store.ExplorerKey{Rules: "r", Model: "m"}
			for i := range 50 {
				if err := st.SaveAnalyses(ctx, store.CachedAnalysis{Key: key, Visits: 1 + i, Analysis: []byte(`{}`)}); err != nil {
					t.Error(err)
				}
				if _, _, err := st.LookupAnalysis(ctx, key, 1); err != nil {
					t.Error(err)
				}
				j, err := st.CreateJob(ctx, store.NewJob{Kind: "openings", Request: []byte(`{}`), Total: 1,
					Args: func(id string) river.JobArgs { return runArgs{JobID: id} }})
				if err != nil {
					t.Error(err)
					continue
				}
				_, _ = st.StartJob(ctx, j.ID, 1)
				if _, err := st.CancelJob(ctx, j.ID, store.AnyOwner); err != nil && !errors.Is(err, store.ErrFinished) {
					t.Error(err)
				}
				if _, err := st.ActiveJobs(ctx); err != nil {
					t.Error(err)
				}
				if err := st.AddFrequentOpenings(ctx, ek, 1, 4, []store.FrequentOpening{{CanonicalHash: uint64(i % 5), Games: 1}}); err != nil {
					t.Error(err)
				}
				if _, err := st.Prune(ctx, store.Retention{JobsAge: 1, CacheMaxRows: 100}); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	if _, tot, err := st.FrequentOpenings(ctx, store.ExplorerKey{Rules: "r", Model: "m"}, 5); err != nil || tot.Games != 8*50 {
		t.Errorf("totals %+v %v, want %d games", tot, err, 8*50)
	}
}
