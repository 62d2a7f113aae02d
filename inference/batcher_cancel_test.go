package inference_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/wallzero/wallzero/inference/format"

	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/internal/testkit/inferencetest"
	"github.com/wallzero/wallzero/search"
)

// stopBound is how soon after its cancel a search's work must end.
const stopBound = 100 * time.Millisecond

// markingRunner counts the positions it runs that hold a Red stone on D4
// (the marker of a cancelled call's requests), and records when each batch
// starts and ends. When hold is set its first Run reports on entered and
// waits for hold to close, so that a test can queue work behind it.
type markingRunner struct {
	inferencetest.FakeRunner
	entered chan struct{}
	hold    chan struct{}
	first   sync.Once

	mu      sync.Mutex
	marked  int
	batches []evalSpan
}

// evalSpan is one network call's start and end.
type evalSpan struct{ start, end time.Time }

func (r *markingRunner) Run(input []float32, count int, out *inference.Outputs) error {
	start := time.Now()
	if r.hold != nil {
		r.first.Do(func() {
			r.entered <- struct{}{}
			<-r.hold
		})
	}
	d4 := 3*7 + 3 // plane 0 (Red's stones), square D4
	marked := 0
	for i := range count {
		if input[i*format.TwoPlayer.FeatureSize()+d4] == 1 {
			marked++
		}
	}
	err := r.FakeRunner.Run(input, count, out)
	r.mu.Lock()
	r.marked += marked
	r.batches = append(r.batches, evalSpan{start, time.Now()})
	r.mu.Unlock()
	return err
}

// markedRun returns the number of marked positions run so far.
func (r *markingRunner) markedRun() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.marked
}

// TestBatcherDropsCancelledQueuedWork: requests of a call whose context is
// cancelled while they wait in the queue are never evaluated, and the call
// reports the cancel (at once for Evaluate; for EvaluateAsync as soon as
// the busy worker frees up and drops them).
func TestBatcherDropsCancelledQueuedWork(t *testing.T) {
	t.Parallel()
	for _, async := range []bool{false, true} {
		name := "Evaluate"
		if async {
			name = "EvaluateAsync"
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			runner := &markingRunner{entered: make(chan struct{}, 1), hold: make(chan struct{})}
			b := inference.NewBatcher(runner, inference.BatcherConfig{MaxBatch: 2, Workers: 1})
			defer b.Close()
			var once sync.Once
			release := func() { once.Do(func() { close(runner.hold) }) }
			defer release()

			// Another search's call keeps the only worker busy.
			blocker, first := make(chan error, 1), []*search.Request{inference.RequestAfter(t, "C3")}
			go func() { blocker <- b.Evaluate(context.Background(), first) }()
			<-runner.entered

			// The cancelled search's requests: Red on D4, Blue anywhere.
			var reqs []*search.Request
			for _, blue := range []string{"A1", "B1", "C1", "D1", "E1", "F1"} {
				reqs = append(reqs, inference.RequestAfter(t, "D4", blue))
			}
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			if async {
				b.EvaluateAsync(ctx, reqs, done)
			} else {
				go func() { done <- b.Evaluate(ctx, reqs) }()
			}
			for n, _ := b.QueueDepth(); n != len(reqs); n, _ = b.QueueDepth() {
				time.Sleep(100 * time.Microsecond)
			}
			cancel()
			cancelAt := time.Now()
			if !async {
				// Evaluate returns at the cancel, not when the worker is free.
				if err := awaitOne(t, done); !errors.Is(err, context.Canceled) {
					t.Fatalf("Evaluate: %v, want context.Canceled", err)
				}
				if d := time.Since(cancelAt); d > stopBound+20*time.Millisecond { // awaitOne waits 20 ms for a second outcome
					t.Errorf("Evaluate returned %v after the cancel", d)
				}
			}
			release()
			if err := <-blocker; err != nil {
				t.Fatal(err)
			}
			if async {
				if err := awaitOne(t, done); !errors.Is(err, context.Canceled) {
					t.Fatalf("EvaluateAsync: %v, want context.Canceled", err)
				}
			}
			for n, _ := b.QueueDepth(); n != 0; n, _ = b.QueueDepth() {
				time.Sleep(100 * time.Microsecond)
			}
			// A request to run after them shows that the worker has moved past them.
			if err := b.Evaluate(context.Background(), []*search.Request{inference.RequestAfter(t, "E3")}); err != nil {
				t.Fatal(err)
			}
			if n := runner.markedRun(); n != 0 {
				t.Errorf("%d requests of the cancelled call were evaluated", n)
			}
		})
	}
}

// TestCancelledSearchThroughBatcherStops: a search over the batcher (one
// call in flight, as synchronous analyses run by default, or two, as with
// -interactive-leaf-calls 2) returns within 100 ms of its cancel, and no
// network call starts later than that.
func TestCancelledSearchThroughBatcherStops(t *testing.T) {
	t.Parallel()
	for _, calls := range []int{1, 2} {
		t.Run(map[int]string{1: "one call", 2: "two calls"}[calls], func(t *testing.T) {
			t.Parallel()
			runner := &markingRunner{FakeRunner: inferencetest.FakeRunner{Delay: func(int) { time.Sleep(2 * time.Millisecond) }}}
			b := inference.NewBatcher(runner, inference.BatcherConfig{MaxBatch: 32, Workers: 2})
			defer b.Close()
			cfg := search.DefaultConfig()
			cfg.MaxVisits, cfg.LeafBatch, cfg.LeafCalls = 1_000_000, 16, calls
			s, err := search.New(b, cfg, inference.RequestAfter(t, "C3", "E3", "C5", "E5", "E5-E4:N").Position, nil)
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			ran := make(chan error, 1)
			go func() {
				_, err := s.Run(ctx)
				ran <- err
			}()
			for {
				runner.mu.Lock()
				n := len(runner.batches)
				runner.mu.Unlock()
				if n >= 10 {
					break
				}
				time.Sleep(time.Millisecond)
			}
			cancel()
			cancelAt := time.Now()
			select {
			case err := <-ran:
				if !errors.Is(err, context.Canceled) {
					t.Fatalf("Run: %v, want context.Canceled", err)
				}
			case <-time.After(5 * time.Second):
				t.Fatal("the search still runs 5 s after its cancel")
			}
			returned := time.Since(cancelAt)
			time.Sleep(max(0, 2*stopBound-time.Since(cancelAt))) // a network call started late would show
			runner.mu.Lock()
			defer runner.mu.Unlock()
			var lastEnd time.Time
			for _, c := range runner.batches {
				if c.start.After(cancelAt.Add(stopBound)) {
					t.Errorf("a network call started %v after the cancel", c.start.Sub(cancelAt))
				}
				if c.end.After(lastEnd) {
					lastEnd = c.end
				}
			}
			t.Logf("%d network calls; Run returned %v after the cancel, the last call ended %v after it", len(runner.batches), returned, lastEnd.Sub(cancelAt))
			if returned > stopBound || lastEnd.Sub(cancelAt) > stopBound {
				t.Errorf("Run returned %v and the last network call ended %v after the cancel, want both within %v", returned, lastEnd.Sub(cancelAt), stopBound)
			}
		})
	}
}
