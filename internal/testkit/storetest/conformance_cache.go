package storetest

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/wallzero/wallzero/store"
)

// conformCache: lookups serve the most visits at or above the asked
// ones; saves replace only a row of the same visits; bad rows save
// nothing.
func conformCache(t *testing.T, open func(t *testing.T) Subject) {
	st := open(t).Store
	ctx := context.Background()
	key := store.CacheKey{CanonicalHash: 0xfedcba9876543210, Rules: "2p four-stone", Model: "m1"}
	other := store.CacheKey{CanonicalHash: 42, Rules: "2p four-stone", Model: "m1"}
	before := time.Now().Add(-time.Minute)
	if err := st.SaveAnalyses(ctx,
		store.CachedAnalysis{Key: key, Visits: 400, Analysis: []byte(`{"v":400}`)},
		store.CachedAnalysis{Key: key, Visits: 100, Analysis: []byte(`{"v":100}`)},
		store.CachedAnalysis{Key: other, Visits: 50, Analysis: []byte(`{"v":50}`)},
	); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		key    store.CacheKey
		visits int
		want   int // 0: a miss
	}{
		{"fewer visits are served by the most", key, 10, 400},
		{"a lower-visits save does not hide a higher one", key, 1, 400},
		{"exact visits", key, 400, 400},
		{"more visits than cached miss", key, 401, 0},
		{"another model misses", store.CacheKey{CanonicalHash: key.CanonicalHash, Rules: key.Rules, Model: "m2"}, 1, 0},
		{"other rules miss", store.CacheKey{CanonicalHash: key.CanonicalHash, Rules: "2p empty", Model: "m1"}, 1, 0},
		{"another position", other, 50, 50},
		{"an unknown position misses", store.CacheKey{CanonicalHash: 7, Rules: key.Rules, Model: "m1"}, 1, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
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
			want := fmt.Appendf(nil, `{"v":%d}`, tc.want)
			if !ok || got.Visits != tc.want || !jsonEqual(got.Analysis, want) || got.Key != tc.key || got.CreatedAt.Before(before) {
				t.Errorf("got %v %+v (%s), want a hit with %d visits", ok, got, got.Analysis, tc.want)
			}
		})
	}
	t.Run("bulk lookup", func(t *testing.T) {
		got, err := st.LookupAnalyses(ctx, "2p four-stone", "m1", []uint64{key.CanonicalHash, other.CanonicalHash, 7}, 60)
		if err != nil {
			t.Fatal(err)
		}
		if r := got[key.CanonicalHash]; len(got) != 1 || r.Visits != 400 || r.Key != key || !jsonEqual(r.Analysis, []byte(`{"v":400}`)) {
			t.Errorf("bulk lookup %+v", got)
		}
	})
	t.Run("bulk lookup of nothing", func(t *testing.T) {
		got, err := st.LookupAnalyses(ctx, "2p four-stone", "m1", nil, 1)
		if err != nil || got == nil || len(got) != 0 {
			t.Errorf("got %v %v, want an empty map", got, err)
		}
	})
	t.Run("bulk lookup of many hashes", func(t *testing.T) {
		const n = 2500
		rows := make([]store.CachedAnalysis, n)
		hashes := make([]uint64, n)
		for i := range rows {
			hashes[i] = uint64(i)<<40 | 1
			rows[i] = store.CachedAnalysis{Key: store.CacheKey{CanonicalHash: hashes[i], Rules: "many", Model: "m"}, Visits: 1 + i%3, Analysis: []byte(`{}`)}
		}
		if err := st.SaveAnalyses(ctx, rows...); err != nil {
			t.Fatal(err)
		}
		got, err := st.LookupAnalyses(ctx, "many", "m", hashes, 2)
		if err != nil || len(got) != n-n/3-1 {
			t.Errorf("%d hits (%v), want %d", len(got), err, n-n/3-1)
		}
	})
	t.Run("same visits replace", func(t *testing.T) {
		k := store.CacheKey{CanonicalHash: 9, Rules: "r", Model: "m"}
		for _, v := range []string{`{"a":1}`, `{"a":2}`} {
			if err := st.SaveAnalyses(ctx, store.CachedAnalysis{Key: k, Visits: 10, Analysis: []byte(v)}); err != nil {
				t.Fatal(err)
			}
		}
		got, ok, err := st.LookupAnalysis(ctx, k, 10)
		if err != nil || !ok || !jsonEqual(got.Analysis, []byte(`{"a":2}`)) {
			t.Errorf("got %s %v %v", got.Analysis, ok, err)
		}
	})
	t.Run("a later lower-visits save keeps the higher", func(t *testing.T) {
		k := store.CacheKey{CanonicalHash: 10, Rules: "r", Model: "m"}
		for _, v := range []int{200, 20} {
			if err := st.SaveAnalyses(ctx, store.CachedAnalysis{Key: k, Visits: v, Analysis: fmt.Appendf(nil, `{"v":%d}`, v)}); err != nil {
				t.Fatal(err)
			}
		}
		if got, ok, err := st.LookupAnalysis(ctx, k, 20); err != nil || !ok || got.Visits != 200 {
			t.Errorf("got %+v %v %v, want 200 visits", got, ok, err)
		}
	})
	t.Run("no rows", func(t *testing.T) {
		if err := st.SaveAnalyses(ctx); err != nil {
			t.Error(err)
		}
	})
	for _, visits := range []int{0, -5} {
		t.Run(fmt.Sprintf("visits %d refused and nothing saved", visits), func(t *testing.T) {
			k := store.CacheKey{CanonicalHash: 11, Rules: "bad", Model: "m"}
			good := store.CachedAnalysis{Key: k, Visits: 5, Analysis: []byte(`{}`)}
			if err := st.SaveAnalyses(ctx, good, store.CachedAnalysis{Key: k, Visits: visits, Analysis: []byte(`{}`)}); err == nil {
				t.Errorf("saved an analysis with %d visits", visits)
			}
			if _, ok, _ := st.LookupAnalysis(ctx, k, 1); ok {
				t.Error("the valid row of a refused save was stored")
			}
		})
	}
	t.Run("ping", func(t *testing.T) {
		if err := st.Ping(ctx); err != nil {
			t.Error(err)
		}
	})
}
