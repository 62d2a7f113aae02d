package store_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"strconv"
	"sync"
	"testing"

	"github.com/riverqueue/river"

	"github.com/wallzero/wallzero/store"
)

func hashOf(s string) []byte {
	h := sha256.Sum256([]byte(s))
	return h[:]
}

func TestKeys(t *testing.T) {
	t.Parallel()
	st, _ := open(t)
	ctx := context.Background()
	app, err := st.CreateKey(ctx, "app", hashOf("t1"), store.KeyQuotas{VisitsPerSecond: 100, MaxBatch: 5000})
	if err != nil {
		t.Fatal(err)
	}
	if app.ID == 0 || app.Name != "app" || app.Quotas != (store.KeyQuotas{VisitsPerSecond: 100, MaxBatch: 5000}) || app.RevokedAt != nil || app.CreatedAt.IsZero() {
		t.Fatalf("created %+v", app)
	}
	if _, err := st.CreateKey(ctx, "app", hashOf("t2"), store.KeyQuotas{}); !errors.Is(err, store.ErrNameTaken) {
		t.Errorf("a second active key named app: %v, want ErrNameTaken", err)
	}
	coach, err := st.CreateKey(ctx, "coach", hashOf("t3"), store.KeyQuotas{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		bad   func() error
		check bool
	}{
		{"bad name", func() error { _, err := st.CreateKey(ctx, "a b", hashOf("t4"), store.KeyQuotas{}); return err }, true},
		{"all digits", func() error { _, err := st.CreateKey(ctx, "123", hashOf("t5"), store.KeyQuotas{}); return err }, true},
		{"same hash", func() error { _, err := st.CreateKey(ctx, "other", hashOf("t1"), store.KeyQuotas{}); return err }, true},
	} {
		if err := tc.bad(); err == nil {
			t.Errorf("%s: accepted", tc.name)
		}
	}
	got, err := st.KeyByHash(ctx, hashOf("t1"))
	if err != nil || got.ID != app.ID || got.Quotas != app.Quotas {
		t.Fatalf("by hash: %+v %v", got, err)
	}
	if _, err := st.KeyByHash(ctx, hashOf("nope")); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("unknown hash: %v", err)
	}
	if err := st.TouchKey(ctx, app.ID); err != nil {
		t.Fatal(err)
	}
	// Revoke by name and by id; a revoked key is still found (revoked).
	if k, err := st.RevokeKey(ctx, "app"); err != nil || k.ID != app.ID || k.RevokedAt == nil {
		t.Fatalf("revoke app: %+v %v", k, err)
	}
	if _, err := st.RevokeKey(ctx, "app"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("revoking twice: %v", err)
	}
	if k, err := st.RevokeKey(ctx, strconv.FormatInt(coach.ID, 10)); err != nil || k.ID != coach.ID {
		t.Fatalf("revoke by id: %+v %v", k, err)
	}
	if got, err := st.KeyByHash(ctx, hashOf("t1")); err != nil || got.RevokedAt == nil || got.LastUsedAt == nil {
		t.Errorf("revoked key: %+v %v", got, err)
	}
	// A revoked key's name may be reused.
	if _, err := st.CreateKey(ctx, "app", hashOf("t6"), store.KeyQuotas{}); err != nil {
		t.Errorf("reusing a revoked name: %v", err)
	}
	keys, err := st.Keys(ctx)
	if err != nil || len(keys) != 3 || keys[0].Name != "app" || keys[1].Name != "coach" || keys[2].Name != "app" || keys[2].RevokedAt != nil {
		t.Fatalf("list: %+v %v", keys, err)
	}
	if bytes.Equal(hashOf("t1"), hashOf("t6")) {
		t.Fatal("hash")
	}
}

// TestJobOwners: a job belongs to its key; another key neither reads nor
// cancels it; AnyOwner (-auth off) sees every job.
func TestJobOwners(t *testing.T) {
	t.Parallel()
	st, _ := open(t)
	ctx := context.Background()
	a, _ := st.CreateKey(ctx, "a", hashOf("a"), store.KeyQuotas{})
	b, _ := st.CreateKey(ctx, "b", hashOf("b"), store.KeyQuotas{})
	args := func(id string) river.JobArgs { return testArgs{JobID: id} }
	j, err := st.CreateJob(ctx, store.NewJob{Kind: "review", Request: []byte(`{}`), Total: 1, Args: args, Owner: a.ID})
	if err != nil {
		t.Fatal(err)
	}
	anon, err := st.CreateJob(ctx, store.NewJob{Kind: "review", Request: []byte(`{}`), Total: 1, Args: args})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		id    string
		owner int64
		found bool
	}{{j.ID, a.ID, true}, {j.ID, b.ID, false}, {j.ID, store.AnyOwner, true}, {anon.ID, a.ID, false}, {anon.ID, store.AnyOwner, true}} {
		_, err := st.OwnedJob(ctx, tc.id, tc.owner)
		if found := err == nil; found != tc.found || err != nil && !errors.Is(err, store.ErrNotFound) {
			t.Errorf("OwnedJob(%s, %d): %v, want found %v", tc.id, tc.owner, err, tc.found)
		}
	}
	if _, err := st.CancelJob(ctx, j.ID, b.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("cancel by another key: %v, want ErrNotFound", err)
	}
	if c, err := st.CancelJob(ctx, j.ID, a.ID); err != nil || c.Status != store.StatusCancelled {
		t.Errorf("cancel by the owner: %+v %v", c, err)
	}
}

// TestMaxActiveJobs: concurrent submits of one key never pass its cap.
func TestMaxActiveJobs(t *testing.T) {
	t.Parallel()
	st, _ := open(t)
	ctx := context.Background()
	k, _ := st.CreateKey(ctx, "k", hashOf("k"), store.KeyQuotas{})
	args := func(id string) river.JobArgs { return testArgs{JobID: id} }
	const limit, tries = 3, 12
	var wg sync.WaitGroup
	var mu sync.Mutex
	ok, refused := 0, 0
	var ids []string
	for range tries {
		wg.Go(func() {
			j, err := st.CreateJob(ctx, store.NewJob{Kind: "review", Request: []byte(`{}`), Total: 1, Args: args, Owner: k.ID, MaxActive: limit})
			var tm *store.TooManyJobsError
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				ok++
				ids = append(ids, j.ID)
			case errors.As(err, &tm) && tm.Active == limit:
				refused++
			default:
				t.Errorf("submit: %v", err)
			}
		})
	}
	wg.Wait()
	if ok != limit || refused != tries-limit {
		t.Fatalf("%d accepted, %d refused; want %d and %d", ok, refused, limit, tries-limit)
	}
	// An ended job frees a place.
	jobs, _ := st.ActiveJobs(ctx)
	if jobs["queued/review"] != limit {
		t.Fatalf("active %v", jobs)
	}
	if _, err := st.CancelJob(ctx, ids[0], k.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := st.CreateJob(ctx, store.NewJob{Kind: "review", Request: []byte(`{}`), Total: 1, Args: args, Owner: k.ID, MaxActive: limit}); err != nil {
		t.Fatalf("after cancelling one: %v", err)
	}

}
