package search

import (
	"context"
	"errors"
	"math/rand/v2"
	"reflect"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// delayedEvaluator evaluates with territoryEval after a pseudo-random delay
// per call, so that calls in flight finish in any order. With async set it
// is an AsyncEvaluator (answering on a goroutine of its own); without, a
// search runs its Evaluate on goroutines. It records the most calls in
// flight at once and the largest call.
type delayedEvaluator struct {
	async    bool
	failAt   int32 // the failAt-th call fails (0: none)
	mu       sync.Mutex
	rng      *rand.Rand
	calls    atomic.Int32
	inFlight atomic.Int32
	maxCalls atomic.Int32
	maxLen   atomic.Int32
}

func newDelayedEvaluator(async bool, seed uint64) *delayedEvaluator {
	return &delayedEvaluator{async: async, rng: rand.New(rand.NewPCG(seed, 1))}
}

func (e *delayedEvaluator) Evaluate(ctx context.Context, reqs []*Request) error {
	n := e.inFlight.Add(1)
	defer e.inFlight.Add(-1)
	for old := e.maxCalls.Load(); n > old && !e.maxCalls.CompareAndSwap(old, n); old = e.maxCalls.Load() {
	}
	for l, old := int32(len(reqs)), e.maxLen.Load(); l > old && !e.maxLen.CompareAndSwap(old, l); old = e.maxLen.Load() {
	}
	e.mu.Lock()
	d := time.Duration(e.rng.IntN(300)) * time.Microsecond
	e.mu.Unlock()
	if e.calls.Add(1) == e.failAt {
		return errors.New("network failed")
	}
	select {
	case <-time.After(d):
	case <-ctx.Done():
		return ctx.Err()
	}
	return EvaluatorFunc(territoryEval).Evaluate(ctx, reqs)
}

// evaluator returns e as an AsyncEvaluator when it was made async, else as
// a plain Evaluator.
func (e *delayedEvaluator) evaluator() Evaluator {
	if e.async {
		return asyncDelayed{e}
	}
	return e
}

// asyncDelayed is a delayedEvaluator that is also an AsyncEvaluator.
type asyncDelayed struct{ *delayedEvaluator }

func (e asyncDelayed) EvaluateAsync(ctx context.Context, reqs []*Request, done chan<- error) {
	go func() { done <- e.Evaluate(ctx, reqs) }()
}

// analysis returns the parts of a result that do not depend on timing.
func analysis(r *Result) Result {
	c := *r
	c.Elapsed = 0
	return c
}

// TestLeafCallsDeterministic: a search with its leaves in several calls
// backs them up in the order it sent them, so that its analysis is the
// same whatever order the calls finish in, through an AsyncEvaluator or
// Evaluate on goroutines, and run after run; it keeps LeafCalls calls of
// at most LeafBatch/LeafCalls leaves in flight.
func TestLeafCallsDeterministic(t *testing.T) {
	t.Parallel()
	for _, calls := range []int{2, 3} {
		cfg := DefaultConfig()
		cfg.MaxVisits, cfg.LeafBatch, cfg.LeafCalls = 300, 12, calls
		var want *Result
		for i, async := range []bool{false, true, false, true} {
			d := newDelayedEvaluator(async, uint64(i))
			s, res := runMidgameWith(t, d.evaluator(), cfg)
			if res.Visits != cfg.MaxVisits || s.root.inflight != 0 {
				t.Fatalf("calls=%d: %d visits, %d in flight at the end", calls, res.Visits, s.root.inflight)
			}
			if got := d.maxCalls.Load(); got != int32(calls) {
				t.Errorf("calls=%d async=%v: at most %d calls in flight", calls, async, got)
			}
			if got := d.maxLen.Load(); got > int32(cfg.LeafBatch/calls) {
				t.Errorf("calls=%d: a call of %d leaves, more than %d", calls, got, cfg.LeafBatch/calls)
			}
			if want == nil {
				want = res
				continue
			}
			if !reflect.DeepEqual(analysis(res), analysis(want)) {
				t.Fatalf("calls=%d run %d (async=%v): the analysis differs from the first run's", calls, i, async)
			}
		}
	}
}

// TestLeafCallsOneCallAtATime: with LeafCalls 0 or 1 the search never has
// two calls in flight, and its analysis does not depend on which.
func TestLeafCallsOneCallAtATime(t *testing.T) {
	t.Parallel()
	var results []Result
	for _, calls := range []int{0, 1} {
		cfg := DefaultConfig()
		cfg.MaxVisits, cfg.LeafBatch, cfg.LeafCalls = 200, 8, calls
		d := newDelayedEvaluator(true, 7)
		_, res := runMidgameWith(t, d.evaluator(), cfg)
		if got := d.maxCalls.Load(); got != 1 {
			t.Errorf("LeafCalls %d: %d calls in flight at once", calls, got)
		}
		results = append(results, analysis(res))
	}
	if !reflect.DeepEqual(results[0], results[1]) {
		t.Error("LeafCalls 0 and 1 give different analyses")
	}
}

// TestLeafCallsFailure: when one of several calls in flight fails, the
// search waits for the others, reports the failure, leaves no virtual
// loss behind, and a later run completes with exactly its visits.
func TestLeafCallsFailure(t *testing.T) {
	t.Parallel()
	for _, async := range []bool{false, true} {
		cfg := DefaultConfig()
		cfg.MaxVisits, cfg.LeafBatch, cfg.LeafCalls = 150, 8, 2
		d := newDelayedEvaluator(async, 3)
		d.failAt = 5
		s, err := New(d.evaluator(), cfg, midgame(t), nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Run(context.Background()); err == nil {
			t.Fatal("no error from a failed evaluation")
		}
		if d.inFlight.Load() != 0 {
			t.Fatal("Run returned with a call still in flight")
		}
		if s.root.inflight != 0 {
			t.Fatalf("%d virtual losses left at the root", s.root.inflight)
		}
		d.failAt = 0
		res, err := s.Run(context.Background())
		if err != nil || res.Visits != cfg.MaxVisits {
			t.Fatalf("second run: %v, %+v visits", err, res)
		}
	}
}

// TestLeafCallsCancel: a cancelled search with calls in flight returns the
// context's error only after every call has come back, with no virtual
// loss left.
func TestLeafCallsCancel(t *testing.T) {
	t.Parallel()
	cfg := DefaultConfig()
	cfg.MaxVisits, cfg.LeafBatch, cfg.LeafCalls = 0, 8, 2
	cfg.MaxTime = time.Minute
	d := newDelayedEvaluator(true, 5)
	s, err := New(d.evaluator(), cfg, midgame(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	if _, err := s.Run(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Run: %v, want the context's deadline", err)
	}
	if d.inFlight.Load() != 0 || s.root.inflight != 0 {
		t.Fatalf("after cancelling: %d calls, %d virtual losses in flight", d.inFlight.Load(), s.root.inflight)
	}
}

// TestLeafCallsValidate: LeafCalls must lie between 0 and LeafBatch.
func TestLeafCallsValidate(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		batch, calls int
		ok           bool
	}{{8, 0, true}, {8, 1, true}, {8, 8, true}, {8, 9, false}, {8, -1, false}} {
		cfg := DefaultConfig()
		cfg.LeafBatch, cfg.LeafCalls = tc.batch, tc.calls
		if err := cfg.Validate(); (err == nil) != tc.ok {
			t.Errorf("LeafBatch %d LeafCalls %d: Validate() = %v", tc.batch, tc.calls, err)
		}
	}
}
