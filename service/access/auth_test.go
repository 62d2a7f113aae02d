package access

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/internal/testkit/storetest"
	"github.com/wallzero/wallzero/store"
)

func TestTokens(t *testing.T) {
	t.Parallel()
	a, ha := NewToken()
	b, _ := NewToken()
	if a == b || !strings.HasPrefix(a, TokenPrefix) || len(a) != len(TokenPrefix)+43 || len(ha) != 32 {
		t.Fatalf("tokens %q %q (hash %d bytes)", a, b, len(ha))
	}
	if h, ok := tokenHash(a); !ok || string(h[:]) != string(ha) {
		t.Error("the token's hash differs from NewToken's")
	}
	for _, bad := range []string{"", "wz_", a[:len(a)-1], a + "A", "xx" + a[2:], a[:10] + "!" + a[11:]} {
		if _, ok := tokenHash(bad); ok {
			t.Errorf("tokenHash(%q) accepted", bad)
		}
	}
	for _, tc := range []struct {
		name string
		ok   bool
	}{{"app", true}, {"coach-1.prod_x", true}, {"", false}, {"12", false}, {"a b", false}, {strings.Repeat("a", 65), false}} {
		if err := ValidKeyName(tc.name); (err == nil) != tc.ok {
			t.Errorf("ValidKeyName(%q): %v", tc.name, err)
		}
	}
}

func TestBucket(t *testing.T) {
	t.Parallel()
	t0 := time.Now()
	b := newBucket(100, 200)
	b.last = t0
	for _, step := range []struct {
		at   time.Duration
		n    float64
		wait time.Duration
	}{
		{0, 150, 0},                                 // 200 -> 50
		{0, 100, 500 * time.Millisecond},            // 50 short: refused, nothing taken
		{250 * time.Millisecond, 60, 0},             // 75 -> 15
		{time.Second, 200, 1100 * time.Millisecond}, // refilled to 90: 110 short at 100/s
		{10 * time.Second, 200, 0},                  // full again
	} {
		if got := b.take(step.n, t0.Add(step.at)); absDur(got-step.wait) > time.Millisecond {
			t.Errorf("at %v take %v: wait %v, want %v", step.at, step.n, got, step.wait)
		}
	}
}

func absDur(d time.Duration) time.Duration { return max(d, -d) }

// TestAuthCache: a verified key is served from memory for CacheTTL, keeps
// working while the database is unreachable, and an unknown key then gets
// wallzero.CodeUnavailable rather than a wrong 401.
func TestAuthCache(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.OpenFast(t)
	token, k, err := CreateKey(ctx, st, "cached", store.KeyQuotas{MaxJobs: 7})
	if err != nil {
		t.Fatal(err)
	}
	a := NewAuth(st, AuthConfig{CacheTTL: 500 * time.Millisecond, Defaults: Quotas{VisitsPerSecond: 10, MaxJobs: 2}})
	c, err := a.Authenticate(ctx, token)
	if err != nil || c.KeyID != k.ID || c.Name != "cached" || c.Quotas != (Quotas{VisitsPerSecond: 10, Burst: 10, MaxJobs: 7}) {
		t.Fatalf("caller %+v %v", c, err)
	}
	// Revoked: still served within the cache time, refused after it (a
	// cache time long enough for a loaded machine to revoke within it).
	if _, err := st.RevokeKey(ctx, "cached"); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Authenticate(ctx, token); err != nil {
		t.Fatalf("within the cache time: %v", err)
	}
	time.Sleep(600 * time.Millisecond)
	if _, err := a.Authenticate(ctx, token); wallzero.ErrorCode(err) != wallzero.CodeUnauthorized {
		t.Fatalf("revoked after the cache time: %v", err)
	}
	// The database goes away: a verified key keeps working.
	token2, _, err := CreateKey(ctx, st, "second", store.KeyQuotas{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Authenticate(ctx, token2); err != nil {
		t.Fatal(err)
	}
	st.Close()
	time.Sleep(600 * time.Millisecond)
	for range 3 {
		if c, err := a.Authenticate(ctx, token2); err != nil || c.Name != "second" {
			t.Fatalf("database down, cached key: %+v %v", c, err)
		}
	}
	unknown, _ := NewToken()
	if _, err := a.Authenticate(ctx, unknown); wallzero.ErrorCode(err) != wallzero.CodeUnavailable {
		t.Fatalf("database down, unknown key: %v, want unavailable", err)
	}
	if st := a.Stats(); len(st) != 2 || st[1].Name != "second" || st[1].Requests != 4 {
		t.Errorf("stats %+v", st)
	}
}
