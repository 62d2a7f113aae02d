package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"github.com/wallzero/wallzero/store"
)

// Conformer is every method of *store.Store that the service uses
// through its interfaces (service/stores.go: Cache, JobStore, KeyStore,
// KeyMaker, Prune and Ping; service/explorer.go: ExplorerStore), with
// the key administration (Keys, RevokeKey) and Close, which the
// conformance cases and the service's tests use.
// *store.Store and *memstore.Store implement it.
type Conformer interface {
	LookupAnalysis(ctx context.Context, key store.CacheKey, minVisits int) (store.CachedAnalysis, bool, error)
	LookupAnalyses(ctx context.Context, rules, model string, hashes []uint64, minVisits int) (map[uint64]store.CachedAnalysis, error)
	SaveAnalyses(ctx context.Context, rows ...store.CachedAnalysis) error

	CreateJob(ctx context.Context, nj store.NewJob) (*store.Job, error)
	Job(ctx context.Context, id string) (*store.Job, error)
	OwnedJob(ctx context.Context, id string, owner int64) (*store.Job, error)
	StartJob(ctx context.Context, id string, riverAttempt int) (*store.Job, error)
	SetProgress(ctx context.Context, id string, done int) (string, error)
	FinishJob(ctx context.Context, id string, result []byte) (bool, error)
	FailJob(ctx context.Context, id, msg string) error
	RequeueJob(ctx context.Context, id, msg string) error
	CancelJob(ctx context.Context, id string, owner int64) (*store.Job, error)
	ActiveJobs(ctx context.Context) (map[string]int, error)

	CreateKey(ctx context.Context, name string, tokenHash []byte, q store.KeyQuotas) (*store.APIKey, error)
	KeyByHash(ctx context.Context, tokenHash []byte) (*store.APIKey, error)
	TouchKey(ctx context.Context, id int64) error
	Keys(ctx context.Context) ([]store.APIKey, error)
	RevokeKey(ctx context.Context, idOrName string) (*store.APIKey, error)

	Prune(ctx context.Context, r store.Retention) (store.Pruned, error)
	Ping(ctx context.Context) error
	// Close releases the store; later calls fail.
	Close()

	SaveExplorerPositions(ctx context.Context, key store.ExplorerKey, rows ...store.ExplorerPosition) error
	ExplorerPositions(ctx context.Context, key store.ExplorerKey, hashes []uint64) (map[uint64]store.ExplorerPosition, error)
	ExplorerSize(ctx context.Context, key store.ExplorerKey) (store.ExplorerSize, error)
	AddFrequentOpenings(ctx context.Context, key store.ExplorerKey, games, visits int, rows []store.FrequentOpening) error
	FrequentOpenings(ctx context.Context, key store.ExplorerKey, limit int) ([]store.FrequentOpening, store.SelfplayTotals, error)
}

var _ Conformer = (*store.Store)(nil)

// Backdater moves rows into the past, which the retention cases need and
// no store method does.
type Backdater interface {
	// BackdateJob sets when the ended job id finished. A PostgreSQL
	// implementation also finalises the job's River row, as River does
	// when the job's worker returns.
	BackdateJob(t *testing.T, id string, finishedAt time.Time)
	// BackdateAnalyses sets when the cached analyses of key were last
	// used.
	BackdateAnalyses(t *testing.T, key store.CacheKey, lastUsed time.Time)
}

// Subject is a store under test: a fresh, empty one for each call of
// RunConformance's open.
type Subject struct {
	Store    Conformer
	Backdate Backdater
}

// RunConformance runs the store conformance cases against the stores open
// makes: every behaviour of the PostgreSQL store that the service relies
// on (lookups and saves of the cache, job states, owners, quotas, keys,
// retention, the explorer), errors included. open is called once per
// group of cases and must return an empty store that the test cleans up.
func RunConformance(t *testing.T, open func(t *testing.T) Subject) {
	t.Helper()
	groups := []struct {
		name string
		run  func(t *testing.T, open func(t *testing.T) Subject)
	}{
		{"cache", conformCache},
		{"jobs", conformJobs},
		{"job-errors", conformJobErrors},
		{"owners", conformOwners},
		{"quota", conformQuota},
		{"keys", conformKeys},
		{"explorer", conformExplorer},
		{"frequent", conformFrequent},
		{"retention-jobs", conformPruneJobs},
		{"retention-cache", conformPruneCache},
		{"closed", conformClosed},
	}
	for _, g := range groups {
		t.Run(g.name, func(t *testing.T) {
			t.Parallel()
			g.run(t, open)
		})
	}
}

// jsonEqual reports whether a and b are the same JSON document (jsonb
// does not keep spacing or key order).
func jsonEqual(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}

// conformArgs are River arguments for the cases' jobs.
type conformArgs struct {
	JobID string `json:"jobId"`
}

// Kind implements river.JobArgs.
func (conformArgs) Kind() string { return "conformance" }

// unencodableArgs cannot be encoded as JSON: inserting them fails.
type unencodableArgs struct {
	F func() `json:"f"`
}

// Kind implements river.JobArgs.
func (unencodableArgs) Kind() string { return "unencodable" }

func args(id string) river.JobArgs { return conformArgs{JobID: id} }

// newJob is a job of kind for owner (store.AnyOwner: anonymous).
func newJob(kind string, owner int64, maxActive int) store.NewJob {
	return store.NewJob{Kind: kind, Request: []byte(`{"moves":[],"n":1}`), Total: 4, Args: args, Owner: owner, MaxActive: maxActive}
}

// create makes a job or fails the test.
func create(t *testing.T, st Conformer, nj store.NewJob) *store.Job {
	t.Helper()
	j, err := st.CreateJob(context.Background(), nj)
	if err != nil {
		t.Fatalf("create job: %v", err)
	}
	return j
}

// conformClosed: after Close every call fails (a test of an outage
// closes the store).
func conformClosed(t *testing.T, open func(t *testing.T) Subject) {
	st := open(t).Store
	ctx := context.Background()
	if err := st.Ping(ctx); err != nil {
		t.Fatal(err)
	}
	st.Close()
	for _, tc := range []struct {
		name string
		call func() error
	}{
		{"Ping", func() error { return st.Ping(ctx) }},
		{"LookupAnalysis", func() error {
			_, _, err := st.LookupAnalysis(ctx, store.CacheKey{CanonicalHash: 1, Rules: "r", Model: "m"}, 1)
			return err
		}},
		{"SaveAnalyses", func() error {
			return st.SaveAnalyses(ctx, store.CachedAnalysis{Key: store.CacheKey{CanonicalHash: 1, Rules: "r", Model: "m"}, Visits: 1, Analysis: []byte(`{}`)})
		}},
		{"CreateJob", func() error { _, err := st.CreateJob(ctx, newJob("review", store.AnyOwner, 0)); return err }},
		{"Job", func() error { _, err := st.Job(ctx, "00000000-0000-0000-0000-000000000000"); return err }},
		{"ActiveJobs", func() error { _, err := st.ActiveJobs(ctx); return err }},
		{"KeyByHash", func() error { _, err := st.KeyByHash(ctx, tokenHash("x")); return err }},
		{"Prune", func() error { _, err := st.Prune(ctx, store.Retention{JobsAge: time.Hour}); return err }},
		{"FrequentOpenings", func() error { _, _, err := st.FrequentOpenings(ctx, store.ExplorerKey{}, 1); return err }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.call(); err == nil || errors.Is(err, store.ErrNotFound) {
				t.Errorf("after Close: %v, want an error other than ErrNotFound", err)
			}
		})
	}
}
