// Package memstore is an in-memory stand-in for *store.Store: the
// analysis cache, the jobs table, API keys, retention and the opening
// explorer, held in maps behind one mutex, safe for concurrent use. It
// has the PostgreSQL store's semantics for every method the service uses
// through its interfaces (service/stores.go, service/explorer.go), as
// checked by the conformance suite internal/testkit/storetest.RunConformance, so
// tests of the service and the API run without a database.
//
// What it does not do:
//   - It runs no jobs. PostgreSQL inserts a River job in CreateJob's
//     transaction and River's workers run it; here CreateJob only stores
//     the row and calls OnCreate, if set, with the job and its River
//     arguments, so a test or an in-process runner can run it (by calling
//     StartJob, SetProgress, FinishJob, ... as a worker would).
//   - It keeps nothing across processes and has no migrations: a Store is
//     empty when made and lost when dropped.
//   - River's own state is not modelled: Prune never finds a lost job
//     (Pruned.Lost is 0), and Pruned.RiverJobs counts each deleted job as
//     one finished River row, as if River had finalised every job whose
//     row ended.
//   - JSON columns are kept as given: PostgreSQL's jsonb returns an
//     equivalent document with its own spacing and key order, this store
//     returns the bytes it was given (both are valid JSON, checked on
//     save).
//   - ExplorerSize.Bytes is an estimate of the rows' size, not a table's
//     size on disk.
package memstore

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"github.com/riverqueue/river"

	"github.com/wallzero/wallzero/store"
)

// Store is the in-memory store. Make it with New; the zero value is not
// usable.
type Store struct {
	// OnCreate, when set, is called by CreateJob after the job is stored
	// (the store's lock released), with a copy of the job and the River
	// arguments NewJob.Args made for it. It stands in for River picking
	// the job up: a test may record the job or run it, in place or on a
	// goroutine. Set it before the store is used.
	OnCreate func(j *store.Job, args river.JobArgs)

	closed    atomic.Bool
	mu        sync.Mutex
	analyses  map[store.CacheKey]map[int]*analysisRow // by key, then visits
	jobs      map[string]*jobRow
	riverSeq  int64
	keys      []*keyRow // by id: keys[i].ID == i+1
	positions map[positionKey]store.ExplorerPosition
	frequent  map[positionKey]*frequentRow
	selfplay  map[store.ExplorerKey]store.SelfplayTotals
}

// New returns an empty store.
func New() *Store {
	return &Store{
		analyses:  map[store.CacheKey]map[int]*analysisRow{},
		jobs:      map[string]*jobRow{},
		positions: map[positionKey]store.ExplorerPosition{},
		frequent:  map[positionKey]*frequentRow{},
		selfplay:  map[store.ExplorerKey]store.SelfplayTotals{},
	}
}

// ErrClosed is returned by every method of a closed store.
var ErrClosed = errors.New("memstore: the store is closed")

// Ping reports ErrClosed after Close, else the context's error, if any.
func (s *Store) Ping(ctx context.Context) error { return s.usable(ctx) }

// Close closes the store: every later call fails with ErrClosed, as
// calls on a closed pool do (a test of a database outage may close it).
// The rows stay in memory until the store is dropped.
func (s *Store) Close() { s.closed.Store(true) }

// usable returns ErrClosed after Close, else the context's error.
func (s *Store) usable(ctx context.Context) error {
	if s.closed.Load() {
		return ErrClosed
	}
	return ctx.Err()
}

// now is the time the store stamps rows with.
func now() time.Time { return time.Now() }
