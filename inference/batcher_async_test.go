package inference_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/internal/testkit/inferencetest"
	"github.com/wallzero/wallzero/search"
)

// The batcher is an AsyncEvaluator: searches with several calls in flight
// use it without a goroutine per call.
var _ search.AsyncEvaluator = (*inference.Batcher)(nil)

// awaitOne waits for one outcome on done and checks that no second one
// follows.
func awaitOne(t *testing.T, done chan error) error {
	t.Helper()
	var err error
	select {
	case err = <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("EvaluateAsync never reported")
	}
	select {
	case again := <-done:
		t.Fatalf("a second outcome: %v", again)
	case <-time.After(20 * time.Millisecond):
	}
	return err
}

// TestEvaluateAsync: an asynchronous call fills its requests as a
// synchronous one does and reports once, for network work, a call the
// cache answers whole, a request the network cannot take, a cancelled
// call and a closed batcher.
func TestEvaluateAsync(t *testing.T) {
	t.Parallel()
	runner := &inferencetest.FakeRunner{}
	b := inference.NewBatcher(runner, inference.BatcherConfig{MaxBatch: 4, Workers: 2, CacheSize: 100})
	moves := [][]string{nil, {"C3"}, {"C3", "E3"}, {"C3", "E3", "C5"}, {"C3", "E3", "C5", "E5"}, {"C3", "E3", "C5", "E5", "E5-E4:N"}}
	var reqs []*search.Request
	for _, m := range moves {
		reqs = append(reqs, inference.RequestAfter(t, m...))
	}
	done := make(chan error, 2)
	b.EvaluateAsync(context.Background(), reqs, done)
	if err := awaitOne(t, done); err != nil {
		t.Fatal(err)
	}
	checkDirect(t, runner, reqs)

	// The same positions again: the cache answers, no network call.
	before := b.Stats().Samples
	var again []*search.Request
	for _, m := range moves {
		again = append(again, inference.RequestAfter(t, m...))
	}
	b.EvaluateAsync(context.Background(), again, done)
	if err := awaitOne(t, done); err != nil || b.Stats().Samples != before {
		t.Fatalf("cached call: %v, %d network samples", err, b.Stats().Samples-before)
	}
	if again[3].Out.Utility != reqs[3].Out.Utility {
		t.Fatal("the cached evaluation differs")
	}

	rules, err := engine.Rules{Players: 3}.Normalize()
	if err != nil {
		t.Fatal(err)
	}
	three := inference.RequestAfter(t)
	three.Position = engine.NewPosition(rules)
	b.EvaluateAsync(context.Background(), []*search.Request{three}, done)
	if err := awaitOne(t, done); err == nil {
		t.Fatal("a three-player position was accepted")
	}

	b.Close()
	b.EvaluateAsync(context.Background(), []*search.Request{inference.RequestAfter(t, "D3")}, done)
	if err := awaitOne(t, done); !errors.Is(err, inference.ErrClosed) {
		t.Fatalf("closed batcher: %v, want ErrClosed", err)
	}
}

// TestEvaluateAsyncCancel: a call whose context ends while the network is
// busy reports the context's error once the workers have dropped it.
func TestEvaluateAsyncCancel(t *testing.T) {
	t.Parallel()
	block := make(chan struct{})
	var once sync.Once
	runner := &inferencetest.FakeRunner{Delay: func(int) { <-block }}
	b := inference.NewBatcher(runner, inference.BatcherConfig{MaxBatch: 1, Workers: 1})
	defer b.Close()
	release := func() { once.Do(func() { close(block) }) }
	defer release()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	done := make(chan error, 1)
	b.EvaluateAsync(ctx, []*search.Request{inference.RequestAfter(t, "C3"), inference.RequestAfter(t, "D3")}, done)
	<-ctx.Done()
	release()
	if err := awaitOne(t, done); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("got %v, want the context's deadline", err)
	}
}

// TestPipelinedSearchesThroughBatcher: searches with two calls in flight
// over one batcher (race detector) give the analyses the same searches
// give evaluated directly.
func TestPipelinedSearchesThroughBatcher(t *testing.T) {
	t.Parallel()
	searchesThroughBatcher(t, 6, 2, func(cfg *search.Config) { cfg.MaxVisits, cfg.LeafBatch, cfg.LeafCalls = 160, 16, 2 })
}
