package access

import (
	"cmp"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/singleflight"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/store"
)

// TokenPrefix starts every API key token.
const TokenPrefix = "wz_"

// tokenBytes is the entropy of a token: 256 bits.
const tokenBytes = 32

var tokenEncoding = base64.RawURLEncoding

// NewToken returns a new random API key token (TokenPrefix and 43
// base64url characters: 256 bits from crypto/rand) and its SHA-256, the
// only thing stored.
func NewToken() (token string, hash []byte) {
	b := make([]byte, tokenBytes)
	_, _ = rand.Read(b) // never fails (crypto/rand panics if the OS cannot give randomness)
	token = TokenPrefix + tokenEncoding.EncodeToString(b)
	h := sha256.Sum256([]byte(token))
	return token, h[:]
}

// tokenHash returns the SHA-256 of a well-formed token, or false for a
// string that no key could have (checked before any database lookup).
func tokenHash(token string) ([32]byte, bool) {
	rest, ok := strings.CutPrefix(token, TokenPrefix)
	if !ok || len(rest) != tokenEncoding.EncodedLen(tokenBytes) {
		return [32]byte{}, false
	}
	if _, err := tokenEncoding.DecodeString(rest); err != nil {
		return [32]byte{}, false
	}
	return sha256.Sum256([]byte(token)), true
}

var keyNameRE = regexp.MustCompile(`^[A-Za-z0-9._-]{1,64}$`)

// ValidKeyName checks a key's name: 1 to 64 letters, digits, '.', '_' or
// '-', not all digits (so that `keys revoke` tells names from ids).
func ValidKeyName(name string) error {
	if !keyNameRE.MatchString(name) {
		return fmt.Errorf("key name %q: use 1 to 64 letters, digits, '.', '_' or '-'", name)
	}
	if strings.Trim(name, "0123456789") == "" {
		return fmt.Errorf("key name %q: must not be all digits (those are key ids)", name)
	}
	return nil
}

// CreateKey makes a new API key in the store and returns its token (to be
// shown once: it is not stored) with the stored key. Zero quotas take the
// server's defaults for keys.
func CreateKey(ctx context.Context, st KeyMaker, name string, q store.KeyQuotas) (string, *store.APIKey, error) {
	if err := ValidKeyName(name); err != nil {
		return "", nil, err
	}
	if q.VisitsPerSecond < 0 || q.Burst < 0 || q.MaxJobs < 0 || q.MaxBatch < 0 {
		return "", nil, errors.New("quotas must not be negative (0: the server's default)")
	}
	token, hash := NewToken()
	k, err := st.CreateKey(ctx, name, hash, q)
	if err != nil {
		return "", nil, err
	}
	return token, k, nil
}

// AuthConfig configures API key verification.
type AuthConfig struct {
	// CacheTTL is how long a verified key is trusted without asking the
	// database again: a revocation takes effect within it. While the
	// database is unreachable, a key verified before keeps working.
	CacheTTL time.Duration
	// Defaults are the quotas of keys created without their own.
	Defaults Quotas
	// TouchEvery is how often a key's last_used_at is updated at most.
	TouchEvery time.Duration
	// LookupTimeout bounds a key lookup in the database.
	LookupTimeout time.Duration
	// Logger receives warnings (nil: slog.Default()).
	Logger *slog.Logger
}

// DefaultAuthConfig returns the defaults: 30 s cache, the default key
// quotas, last use recorded once a minute, 2 s lookups.
func DefaultAuthConfig() AuthConfig {
	return AuthConfig{CacheTTL: 30 * time.Second, Defaults: DefaultKeyQuotas(), TouchEvery: time.Minute, LookupTimeout: 2 * time.Second}
}

// Auth verifies API keys against the store and keeps, in memory, the
// recently verified keys, each key's token bucket and per-key counters.
// Each process has its own buckets: with N replicas a key's effective rate
// is up to N times its quota. Safe for concurrent use.
type Auth struct {
	store  KeyStore
	cfg    AuthConfig
	log    *slog.Logger
	flight singleflight.Group

	mu      sync.Mutex
	cache   map[[32]byte]*cachedKey
	buckets map[int64]*bucket
	stats   map[string]*keyCounts
	touched map[int64]time.Time
}

type cachedKey struct {
	caller  *Caller
	checked time.Time
}

// keyCounts are one key name's counters.
type keyCounts struct {
	requests, visits, rateLimited, jobs atomic.Int64
}

// KeyStats are the counters of one key name, for /metrics.
type KeyStats struct {
	Name string
	// Requests counts authenticated requests; Visits the visits charged
	// to the bucket; RateLimited the 429 refusals (bucket or jobs); Jobs
	// the jobs submitted.
	Requests, Visits, RateLimited, Jobs int64
}

// NewAuth returns a key verifier over st. Zero config fields take
// DefaultAuthConfig's values (Defaults excepted: zero quotas are no
// limits).
func NewAuth(st KeyStore, cfg AuthConfig) *Auth {
	def := DefaultAuthConfig()
	cfg.CacheTTL = orDefault(cfg.CacheTTL, def.CacheTTL)
	cfg.TouchEvery = orDefault(cfg.TouchEvery, def.TouchEvery)
	cfg.LookupTimeout = orDefault(cfg.LookupTimeout, def.LookupTimeout)
	a := &Auth{store: st, cfg: cfg, log: cfg.Logger, cache: map[[32]byte]*cachedKey{}, buckets: map[int64]*bucket{},
		stats: map[string]*keyCounts{}, touched: map[int64]time.Time{}}
	a.log = cmp.Or(a.log, slog.Default())
	return a
}

// errUnauthorized is the answer to a missing, unknown or revoked key.
func errUnauthorized(msg string) *wallzero.Error {
	return &wallzero.Error{Code: wallzero.CodeUnauthorized, Field: "Authorization", Message: msg}
}

// ErrNoKey is the error of a request without an API key.
var ErrNoKey = errUnauthorized("this service needs an API key: send `Authorization: Bearer <token>` (see docs/auth.md)")

// Authenticate returns the caller a bearer token belongs to: from the
// cache when verified within CacheTTL, else from the database. An unknown
// or revoked token is wallzero.CodeUnauthorized; a database failure is
// wallzero.CodeUnavailable unless the key was verified before (then the cached key
// is used).
func (a *Auth) Authenticate(ctx context.Context, token string) (*Caller, error) {
	hash, ok := tokenHash(token)
	if !ok {
		return nil, errUnauthorized("the API key is malformed: tokens are " + TokenPrefix + " and 43 base64url characters")
	}
	now := time.Now()
	a.mu.Lock()
	e := a.cache[hash]
	a.mu.Unlock()
	if e == nil || now.Sub(e.checked) >= a.cfg.CacheTTL {
		v, err, _ := a.flight.Do(string(hash[:]), func() (any, error) { return a.verify(ctx, hash, e) })
		if err != nil {
			return nil, err
		}
		e = v.(*cachedKey)
	}
	a.used(e.caller, now)
	return e.caller, nil
}

// verify looks the key up in the database and refreshes the cache.
func (a *Auth) verify(ctx context.Context, hash [32]byte, old *cachedKey) (*cachedKey, error) {
	lctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), a.cfg.LookupTimeout)
	defer cancel()
	k, err := a.store.KeyByHash(lctx, hash[:])
	if errors.Is(err, store.ErrNotFound) || err == nil && k.RevokedAt != nil {
		a.mu.Lock()
		delete(a.cache, hash)
		a.mu.Unlock()
		if err == nil {
			return nil, errUnauthorized(fmt.Sprintf("API key %q was revoked", k.Name))
		}
		return nil, errUnauthorized("unknown API key")
	}
	now := time.Now()
	if err != nil {
		if old == nil {
			return nil, &wallzero.Error{Code: wallzero.CodeUnavailable, Message: "verifying the API key: " + err.Error(), Err: err}
		}
		// The database is unreachable: keep trusting the key verified
		// before, and ask again after another CacheTTL.
		a.log.Warn("API key lookup failed; using the cached key", "key", old.caller.Name, "error", err)
		e := &cachedKey{caller: old.caller, checked: now}
		a.mu.Lock()
		a.cache[hash] = e
		a.mu.Unlock()
		return e, nil
	}
	e := &cachedKey{caller: a.callerOf(k), checked: now}
	a.mu.Lock()
	a.cache[hash] = e
	a.mu.Unlock()
	return e, nil
}

// callerOf builds the caller of a key, sharing the key's bucket and its
// name's counters with earlier callers.
func (a *Auth) callerOf(k *store.APIKey) *Caller {
	q := effectiveQuotas(k.Quotas, a.cfg.Defaults)
	c := &Caller{KeyID: k.ID, Name: k.Name, Quotas: q}
	a.mu.Lock()
	defer a.mu.Unlock()
	if q.VisitsPerSecond > 0 {
		b := a.buckets[k.ID]
		if b == nil {
			b = newBucket(q.VisitsPerSecond, q.Burst)
			a.buckets[k.ID] = b
		}
		c.bucket = b
	}
	c.stats = a.countsLocked(k.Name)
	return c
}

func (a *Auth) countsLocked(name string) *keyCounts {
	st := a.stats[name]
	if st == nil {
		st = &keyCounts{}
		a.stats[name] = st
	}
	return st
}

// used counts a request of the caller and records the key's last use in
// the database at most every TouchEvery (in the background).
func (a *Auth) used(c *Caller, now time.Time) {
	c.stats.requests.Add(1)
	a.mu.Lock()
	due := now.Sub(a.touched[c.KeyID]) >= a.cfg.TouchEvery
	if due {
		a.touched[c.KeyID] = now
	}
	a.mu.Unlock()
	if !due {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), a.cfg.LookupTimeout)
		defer cancel()
		if err := a.store.TouchKey(ctx, c.KeyID); err != nil {
			a.log.Debug("recording the key's last use failed", "key", c.Name, "error", err)
		}
	}()
}

// Stats returns the per-key counters, by name.
func (a *Auth) Stats() []KeyStats {
	a.mu.Lock()
	defer a.mu.Unlock()
	out := make([]KeyStats, 0, len(a.stats))
	for name, c := range a.stats {
		out = append(out, KeyStats{Name: name, Requests: c.requests.Load(), Visits: c.visits.Load(),
			RateLimited: c.rateLimited.Load(), Jobs: c.jobs.Load()})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}
