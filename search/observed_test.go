package search

import (
	"context"
	"testing"
)

// TestObserved: the wrapper counts every call's requests, synchronous or
// not, and is asynchronous exactly when what it wraps is.
func TestObserved(t *testing.T) {
	t.Parallel()
	var counted int
	plain := Observed(EvaluatorFunc(territoryEval), func(n int) { counted += n })
	if _, ok := plain.(AsyncEvaluator); ok {
		t.Error("an observed synchronous evaluator claims to be asynchronous")
	}
	pos := midgame(t)
	req := func() *Request { return &Request{Position: pos, Moves: pos.LegalMoves(nil)} }
	if err := plain.Evaluate(context.Background(), []*Request{req(), req()}); err != nil {
		t.Fatal(err)
	}
	async := Observed(asyncDelayed{newDelayedEvaluator(true, 1)}, func(n int) { counted += n })
	a, ok := async.(AsyncEvaluator)
	if !ok {
		t.Fatal("an observed asynchronous evaluator lost EvaluateAsync")
	}
	r := req()
	done := make(chan error, 1)
	a.EvaluateAsync(context.Background(), []*Request{r, req(), req()}, done)
	if err := <-done; err != nil || len(r.Out.Priors) != len(r.Moves) {
		t.Fatalf("EvaluateAsync: %v, %d priors for %d moves", err, len(r.Out.Priors), len(r.Moves))
	}
	if counted != 5 {
		t.Errorf("counted %d requests, want 5", counted)
	}
}
