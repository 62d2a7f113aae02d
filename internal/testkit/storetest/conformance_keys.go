package storetest

import (
	"context"
	"crypto/sha256"
	"errors"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/wallzero/wallzero/store"
)

// tokenHash is the SHA-256 of a token.
func tokenHash(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// createKey makes a key or fails the test.
func createKey(t *testing.T, st Conformer, name string, q store.KeyQuotas) *store.APIKey {
	t.Helper()
	k, err := st.CreateKey(context.Background(), name, tokenHash(name+"-token"), q)
	if err != nil {
		t.Fatalf("create key %s: %v", name, err)
	}
	return k
}

// conformKeys: keys are made, found by their token's hash, touched,
// revoked; names and hashes are checked.
func conformKeys(t *testing.T, open func(t *testing.T) Subject) {
	st := open(t).Store
	ctx := context.Background()
	before := time.Now().Add(-time.Minute)
	quotas := store.KeyQuotas{VisitsPerSecond: 100, MaxBatch: 5000}
	app, err := st.CreateKey(ctx, "app", tokenHash("t1"), quotas)
	if err != nil {
		t.Fatal(err)
	}
	if app.ID == 0 || app.Name != "app" || app.Quotas != quotas || app.RevokedAt != nil || app.LastUsedAt != nil || app.CreatedAt.Before(before) {
		t.Fatalf("created %+v", app)
	}
	coach := createKey(t, st, "coach.v2_x-1", store.KeyQuotas{Burst: 3, MaxJobs: 2})
	if coach.ID <= app.ID {
		t.Errorf("ids %d then %d, want increasing", app.ID, coach.ID)
	}
	for _, tc := range []struct {
		name      string
		key       string
		hash      []byte
		q         store.KeyQuotas
		nameTaken bool
	}{
		{"an active key's name", "app", tokenHash("t2"), store.KeyQuotas{}, true},
		// PostgreSQL reports the token's unique index as the name's:
		// a reused token hash is ErrNameTaken too.
		{"another key's token hash", "other", tokenHash("t1"), store.KeyQuotas{}, true},
		{"a space in the name", "a b", tokenHash("t4"), store.KeyQuotas{}, false},
		{"an all-digit name", "123", tokenHash("t5"), store.KeyQuotas{}, false},
		{"an empty name", "", tokenHash("t6"), store.KeyQuotas{}, false},
		{"a 65-character name", strings.Repeat("a", 65), tokenHash("t7"), store.KeyQuotas{}, false},
		{"a short hash", "short", []byte("abc"), store.KeyQuotas{}, false},
		{"a negative quota", "negative", tokenHash("t8"), store.KeyQuotas{MaxJobs: -1}, false},
	} {
		t.Run("refused: "+tc.name, func(t *testing.T) {
			k, err := st.CreateKey(ctx, tc.key, tc.hash, tc.q)
			if err == nil {
				t.Fatalf("created %+v", k)
			}
			if errors.Is(err, store.ErrNameTaken) != tc.nameTaken {
				t.Errorf("error %v, want ErrNameTaken: %v", err, tc.nameTaken)
			}
		})
	}
	t.Run("a 64-character name", func(t *testing.T) { createKey(t, st, strings.Repeat("b", 64), store.KeyQuotas{}) })
	t.Run("by hash", func(t *testing.T) {
		got, err := st.KeyByHash(ctx, tokenHash("t1"))
		if err != nil || got.ID != app.ID || got.Name != "app" || got.Quotas != quotas {
			t.Fatalf("by hash: %+v %v", got, err)
		}
		if _, err := st.KeyByHash(ctx, tokenHash("nope")); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("unknown hash: %v, want ErrNotFound", err)
		}
	})
	t.Run("touch", func(t *testing.T) {
		if err := st.TouchKey(ctx, app.ID); err != nil {
			t.Fatal(err)
		}
		if got, _ := st.KeyByHash(ctx, tokenHash("t1")); got.LastUsedAt == nil || got.LastUsedAt.Before(before) {
			t.Errorf("touched %+v", got)
		}
		if err := st.TouchKey(ctx, 987654); err != nil {
			t.Errorf("touching an unknown key: %v", err)
		}
	})
	t.Run("revoke", func(t *testing.T) {
		if k, err := st.RevokeKey(ctx, "app"); err != nil || k.ID != app.ID || k.RevokedAt == nil {
			t.Fatalf("revoke by name: %+v %v", k, err)
		}
		if _, err := st.RevokeKey(ctx, "app"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("revoking twice: %v, want ErrNotFound", err)
		}
		if k, err := st.RevokeKey(ctx, strconv.FormatInt(coach.ID, 10)); err != nil || k.ID != coach.ID {
			t.Fatalf("revoke by id: %+v %v", k, err)
		}
		if _, err := st.RevokeKey(ctx, "nobody"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("revoking an unknown name: %v, want ErrNotFound", err)
		}
		// A revoked key is still found, revoked.
		if got, err := st.KeyByHash(ctx, tokenHash("t1")); err != nil || got.RevokedAt == nil || got.LastUsedAt == nil {
			t.Errorf("revoked key: %+v %v", got, err)
		}
		// A revoked key's name may be reused, not its token.
		if _, err := st.CreateKey(ctx, "app", tokenHash("t9"), store.KeyQuotas{}); err != nil {
			t.Errorf("reusing a revoked name: %v", err)
		}
		if _, err := st.CreateKey(ctx, "app2", tokenHash("t1"), store.KeyQuotas{}); err == nil {
			t.Error("reused a revoked key's token hash")
		}
	})
	t.Run("list", func(t *testing.T) {
		keys, err := st.Keys(ctx)
		if err != nil || len(keys) != 4 || keys[0].Name != "app" || keys[0].RevokedAt == nil || keys[1].Name != "coach.v2_x-1" ||
			keys[3].Name != "app" || keys[3].RevokedAt != nil || keys[1].Quotas != (store.KeyQuotas{Burst: 3, MaxJobs: 2}) {
			t.Fatalf("list: %+v %v", keys, err)
		}
	})
}

// conformOwners: a job belongs to its key; another key neither reads nor
// cancels it; store.AnyOwner (-auth off) sees every job.
func conformOwners(t *testing.T, open func(t *testing.T) Subject) {
	st := open(t).Store
	ctx := context.Background()
	a, b := createKey(t, st, "a", store.KeyQuotas{}), createKey(t, st, "b", store.KeyQuotas{})
	j := create(t, st, newJob("review", a.ID, 0))
	anon := create(t, st, newJob("review", store.AnyOwner, 0))
	for _, tc := range []struct {
		name  string
		id    string
		owner int64
		found bool
	}{
		{"the owner", j.ID, a.ID, true},
		{"another key", j.ID, b.ID, false},
		{"any owner", j.ID, store.AnyOwner, true},
		{"a key, an anonymous job", anon.ID, a.ID, false},
		{"any owner, an anonymous job", anon.ID, store.AnyOwner, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := st.OwnedJob(ctx, tc.id, tc.owner)
			if found := err == nil; found != tc.found || err != nil && !errors.Is(err, store.ErrNotFound) || found && got.ID != tc.id {
				t.Errorf("OwnedJob: %+v %v, want found %v", got, err, tc.found)
			}
		})
	}
	t.Run("cancel", func(t *testing.T) {
		if _, err := st.CancelJob(ctx, j.ID, b.ID); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("cancel by another key: %v, want ErrNotFound", err)
		}
		if _, err := st.CancelJob(ctx, anon.ID, a.ID); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("cancel of an anonymous job by a key: %v, want ErrNotFound", err)
		}
		if c, err := st.CancelJob(ctx, j.ID, a.ID); err != nil || c.Status != store.StatusCancelled {
			t.Errorf("cancel by the owner: %+v %v", c, err)
		}
		// An ended job of another key is not revealed either.
		if _, err := st.CancelJob(ctx, j.ID, b.ID); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("cancel of an ended job by another key: %v, want ErrNotFound", err)
		}
		if _, err := st.CancelJob(ctx, j.ID, a.ID); !errors.Is(err, store.ErrFinished) {
			t.Errorf("cancel of an ended job by the owner: %v, want ErrFinished", err)
		}
	})
	t.Run("a revoked key's jobs stay its own", func(t *testing.T) {
		if _, err := st.RevokeKey(ctx, "b"); err != nil {
			t.Fatal(err)
		}
		jb := create(t, st, newJob("openings", b.ID, 0))
		if _, err := st.OwnedJob(ctx, jb.ID, b.ID); err != nil {
			t.Error(err)
		}
	})
}

// conformQuota: concurrent submits of one key never pass its cap of
// queued and running jobs; an ended job frees a place; other keys and
// anonymous jobs are not counted.
func conformQuota(t *testing.T, open func(t *testing.T) Subject) {
	st := open(t).Store
	ctx := context.Background()
	k, other := createKey(t, st, "k", store.KeyQuotas{}), createKey(t, st, "other", store.KeyQuotas{})
	const limit, tries = 3, 12
	var wg sync.WaitGroup
	var mu sync.Mutex
	ok, refused := 0, 0
	var ids []string
	for range tries {
		wg.Go(func() {
			j, err := st.CreateJob(ctx, newJob("review", k.ID, limit))
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
	for _, tc := range []struct {
		name string
		nj   store.NewJob
	}{
		{"another key", newJob("review", other.ID, 1)},
		{"anonymous, with a cap", newJob("review", store.AnyOwner, 1)},
		{"the key without a cap", newJob("review", k.ID, 0)},
	} {
		t.Run(tc.name+" is not limited", func(t *testing.T) {
			j := create(t, st, tc.nj)
			ids = append(ids, j.ID)
		})
	}
	t.Run("running jobs count", func(t *testing.T) {
		if _, err := st.StartJob(ctx, ids[0], 1); err != nil {
			t.Fatal(err)
		}
		var tm *store.TooManyJobsError
		if _, err := st.CreateJob(ctx, newJob("review", k.ID, limit+1)); !errors.As(err, &tm) || tm.Active != limit+1 {
			t.Errorf("over the cap: %v, want %d active", err, limit+1)
		}
	})
	t.Run("an ended job frees a place", func(t *testing.T) {
		if _, err := st.CancelJob(ctx, ids[1], k.ID); err != nil {
			t.Fatal(err)
		}
		if ok, err := st.FinishJob(ctx, ids[0], []byte(`{}`)); !ok || err != nil {
			t.Fatalf("finish: %v %v", ok, err)
		}
		create(t, st, newJob("review", k.ID, limit))
	})
}
