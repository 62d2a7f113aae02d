package search

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/solver/endgames"
)

// failingEvaluator evaluates with territoryEval, except that its failAt-th
// call fails.
type failingEvaluator struct {
	calls  int
	failAt int
}

func (e *failingEvaluator) Evaluate(ctx context.Context, reqs []*Request) error {
	e.calls++
	if e.calls == e.failAt {
		return errors.New("network failed")
	}
	return EvaluatorFunc(territoryEval).Evaluate(ctx, reqs)
}

// TestEvaluationFailure: a failed evaluation is reported, leaves no
// virtual loss behind, and a later run of the same search completes with
// exactly its visits.
func TestEvaluationFailure(t *testing.T) {
	t.Parallel()
	cfg := DefaultConfig()
	cfg.MaxVisits, cfg.LeafBatch = 120, 8
	ev := &failingEvaluator{failAt: 4}
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

// TestTimeLimitWhenEveryLineIsFinished: a search with only a time limit,
// in a position the solver proves at the root (every descent then backs up
// the proof at once and never reaches the evaluator), stops at its
// deadline.
func TestTimeLimitWhenEveryLineIsFinished(t *testing.T) {
	t.Parallel()
	rules, _ := engine.DefaultRules().Normalize()
	ps, err := endgames.Collect(rules, []string{"voronoi-medium"}, 3, 1, []int{2})
	if err != nil || len(ps) != 1 {
		t.Fatalf("endgame position: %v (%d)", err, len(ps))
	}
	pos := ps[0].Pos
	cfg := DefaultConfig()
	cfg.MaxVisits, cfg.MaxTime = 0, 50*time.Millisecond
	s, err := New(EvaluatorFunc(territoryEval), cfg, pos, nil)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := s.Run(context.Background())
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
		if r := s.root.proof; !r.known() {
			t.Log("the root was not proven: this run did not exercise the all-finished case")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a time-limited search of a position whose every move ends the game did not stop")
	}
}
