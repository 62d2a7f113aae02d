package search

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"
)

// overlapEvaluator evaluates with territoryEval and records how many of its
// calls were running at once: a call waits (up to 20 ms) for a second one
// to be running too, so a search that keeps two batches in flight shows an
// overlap of 2, and one that waits for each batch never more than 1.
type overlapEvaluator struct {
	mu      sync.Mutex
	running int
	most    int
	calls   int
	failAt  int // the call number that fails (0: none)
}

func (e *overlapEvaluator) Evaluate(ctx context.Context, reqs []*Request) error {
	e.mu.Lock()
	e.calls++
	n := e.calls
	e.running++
	e.most = max(e.most, e.running)
	e.mu.Unlock()
	for deadline := time.Now().Add(20 * time.Millisecond); time.Now().Before(deadline); time.Sleep(100 * time.Microsecond) {
		e.mu.Lock()
		both := e.running >= 2
		e.mu.Unlock()
		if both {
			break
		}
	}
	defer func() {
		e.mu.Lock()
		e.running--
		e.mu.Unlock()
	}()
	if n == e.failAt {
		return errors.New("network failed")
	}
	return EvaluatorFunc(territoryEval).Evaluate(ctx, reqs)
}

func TestBatchesInFlight(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		depth, wantMost int
	}{{1, 1}, {2, 2}} {
		cfg := DefaultConfig()
		cfg.MaxVisits, cfg.LeafBatch, cfg.BatchesInFlight = 200, 8, tc.depth
		ev := &overlapEvaluator{}
		s, err := New(ev, cfg, midgame(t), nil)
		if err != nil {
			t.Fatal(err)
		}
		res, err := s.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if res.Visits != 200 {
			t.Errorf("depth %d: %d visits, want exactly 200", tc.depth, res.Visits)
		}
		if ev.most != tc.wantMost {
			t.Errorf("depth %d: at most %d evaluations ran at once, want %d", tc.depth, ev.most, tc.wantMost)
		}
		if s.root.inflight != 0 {
			t.Errorf("depth %d: %d virtual losses left at the root", tc.depth, s.root.inflight)
		}
		// Deterministic for a seed: the same search again gives the same
		// visits per move.
		s2, _ := New(EvaluatorFunc(territoryEval), cfg, midgame(t), nil)
		res2, err := s2.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		for i := range res.Moves {
			if res.Moves[i].Move != res2.Moves[i].Move || res.Moves[i].Visits != res2.Moves[i].Visits {
				t.Fatalf("depth %d: move %d: %v/%d then %v/%d", tc.depth, i, res.Moves[i].Move, res.Moves[i].Visits, res2.Moves[i].Move, res2.Moves[i].Visits)
			}
		}
	}
}

// TestBatchesInFlightFailure: when one of two batches in flight fails, the
// search reports it and leaves no virtual loss behind, and a later run of
// the same search completes.
func TestBatchesInFlightFailure(t *testing.T) {
	t.Parallel()
	cfg := DefaultConfig()
	cfg.MaxVisits, cfg.LeafBatch, cfg.BatchesInFlight = 120, 8, 2
	ev := &overlapEvaluator{failAt: 4}
	s, err := New(ev, cfg, midgame(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Run(context.Background()); err == nil {
		t.Fatal("no error from a failed evaluation")
	}
	if s.root.inflight != 0 {
		t.Fatalf("%d virtual losses left at the root", s.root.inflight)
	}
	ev.failAt = 0
	res, err := s.Run(context.Background())
	if err != nil || res.Visits != 120 {
		t.Fatalf("second run: %v, %+v visits", err, res)
	}
}
