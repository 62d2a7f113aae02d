package inference_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/inference/inferencetest"
	"github.com/wallzero/wallzero/search"
)

// laneRequests returns a few distinct positions to evaluate.
func laneRequests(t *testing.T) []*search.Request {
	t.Helper()
	var reqs []*search.Request
	for _, moves := range [][]string{nil, {"C3"}, {"C3", "E3"}, {"C3", "E3", "C5"}, {"C3", "E3", "C5", "E5"}, {"C3", "E3", "C5", "E5", "E5-E4:N"}} {
		reqs = append(reqs, inference.RequestAfter(t, moves...))
	}
	return reqs
}

// idleBatcher returns a batcher whose workers all wait for work.
func idleBatcher(t *testing.T, runner inference.Runner, cfg inference.BatcherConfig) *inference.Batcher {
	t.Helper()
	b := inference.NewBatcher(runner, cfg)
	t.Cleanup(b.Close)
	deadline := time.Now().Add(5 * time.Second)
	for b.IdleWorkers() < cfg.Workers {
		if time.Now().After(deadline) {
			t.Fatal("workers not idle after 5 s")
		}
		time.Sleep(time.Millisecond)
	}
	return b
}

// TestFastLaneAnswersLikeTheWorkers evaluates the same requests on the
// fast lane and on the workers: the same outputs, and the counters say
// which way each call went.
func TestFastLaneAnswersLikeTheWorkers(t *testing.T) {
	t.Parallel()
	runner := &inferencetest.FakeRunner{}
	for _, tc := range []struct {
		name     string
		fastLane bool
		quiet    func() bool
		want     int64 // fast-lane calls
	}{
		{name: "fast lane", fastLane: true, want: 1},
		{name: "fast lane, quiet", fastLane: true, quiet: func() bool { return true }, want: 1},
		{name: "fast lane, not quiet", fastLane: true, quiet: func() bool { return false }, want: 0},
		{name: "workers only", fastLane: false, want: 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			b := idleBatcher(t, runner, inference.BatcherConfig{MaxBatch: 4, Workers: 2, FastLane: tc.fastLane})
			if tc.quiet != nil {
				b.SetQuiet(tc.quiet)
			}
			reqs := laneRequests(t)
			if err := b.Evaluate(context.Background(), reqs); err != nil {
				t.Fatal(err)
			}
			st := b.Stats()
			if st.FastLaneCalls != tc.want {
				t.Errorf("%d fast-lane calls, want %d", st.FastLaneCalls, tc.want)
			}
			if st.Samples != int64(len(reqs)) {
				t.Errorf("%d positions evaluated, want %d", st.Samples, len(reqs))
			}
			for i, r := range reqs {
				want := *r
				direct(runner)(&want)
				if r.Out.Utility != want.Out.Utility || len(r.Out.Priors) != len(want.Out.Priors) {
					t.Fatalf("request %d: %+v, direct %+v", i, r.Out.Utility, want.Out.Utility)
				}
				for j := range r.Out.Priors {
					if r.Out.Priors[j] != want.Out.Priors[j] {
						t.Fatalf("request %d move %d: prior %v, direct %v", i, j, r.Out.Priors[j], want.Out.Priors[j])
					}
				}
			}
		})
	}
}

// TestFastLaneWaitsForBusyWorkers holds a worker inside a network call:
// a second call must queue for the workers, not take the fast lane, and
// is answered once the held call ends.
func TestFastLaneWaitsForBusyWorkers(t *testing.T) {
	t.Parallel()
	hold := make(chan struct{})
	entered := make(chan struct{}, 1)
	var once sync.Once
	runner := &inferencetest.FakeRunner{Delay: func(int) {
		once.Do(func() { entered <- struct{}{}; <-hold })
	}}
	b := idleBatcher(t, runner, inference.BatcherConfig{MaxBatch: 8, Workers: 2, FastLane: true})
	quiet := make(chan bool, 1)
	quiet <- false
	b.SetQuiet(func() bool { q := <-quiet; quiet <- q; return q })
	first := make(chan error, 1)
	go func() { first <- b.Evaluate(context.Background(), laneRequests(t)[:1]) }()
	<-entered // one worker is busy with the first call
	<-quiet
	quiet <- true
	second := make(chan error, 1)
	go func() { second <- b.Evaluate(context.Background(), laneRequests(t)[1:]) }()
	select {
	case err := <-second:
		// The other worker may take it at once; it must not be the lane.
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(50 * time.Millisecond):
	}
	close(hold)
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	if st := b.Stats(); st.FastLaneCalls != 0 {
		t.Errorf("%d fast-lane calls while a worker was busy, want 0", st.FastLaneCalls)
	}
}

// TestFastLaneCancelled: a call whose context has ended is failed with
// the context's error on the fast lane too, and evaluates nothing.
func TestFastLaneCancelled(t *testing.T) {
	t.Parallel()
	b := idleBatcher(t, &inferencetest.FakeRunner{}, inference.BatcherConfig{MaxBatch: 8, Workers: 2, FastLane: true})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := b.Evaluate(ctx, laneRequests(t))
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
	if st := b.Stats(); st.Samples != 0 {
		t.Errorf("%d positions evaluated for a cancelled call, want 0", st.Samples)
	}
}

// TestFastLaneConcurrentSearches runs many searches at once over a
// batcher with the fast lane (race detector): each equals the same search
// evaluated directly, whichever way its calls went, and Close returns.
func TestFastLaneConcurrentSearches(t *testing.T) {
	t.Parallel()
	runner := &inferencetest.FakeRunner{Delay: func(int) { time.Sleep(50 * time.Microsecond) }}
	b := inference.NewBatcher(runner, inference.BatcherConfig{MaxBatch: 32, Workers: 2, FastLane: true})
	pos := inference.RequestAfter(t, "C3", "E3", "C5", "E5").Position
	run := func(ev search.Evaluator, seed uint64, delay time.Duration) *search.Result {
		time.Sleep(delay) // staggered: some searches run alone, some together
		cfg := search.DefaultConfig()
		cfg.MaxVisits, cfg.Seed = 100, seed
		s, err := search.New(ev, cfg, pos, nil)
		if err != nil {
			t.Error(err)
			return nil
		}
		r, err := s.Run(context.Background())
		if err != nil {
			t.Error(err)
		}
		return r
	}
	results := make([]*search.Result, 8)
	var wg sync.WaitGroup
	for i := range results {
		wg.Add(1)
		go func() { defer wg.Done(); results[i] = run(b, uint64(i%3), time.Duration(i)*3*time.Millisecond) }()
	}
	wg.Wait()
	b.Close()
	if b.Stats().FastLaneCalls == 0 {
		t.Error("no call took the fast lane: the staggered searches should find idle workers")
	}
	for i, r := range results {
		want := run(direct(runner), uint64(i%3), 0)
		if r == nil || want == nil {
			t.Fatal("search failed")
		}
		if r.Best != want.Best || r.Winrate != want.Winrate || r.Visits != want.Visits {
			t.Errorf("search %d: batched %s %.4f (%d), direct %s %.4f (%d)", i, r.Best, r.Winrate, r.Visits, want.Best, want.Winrate, want.Visits)
		}
	}
	if err := b.Evaluate(context.Background(), laneRequests(t)); !errors.Is(err, inference.ErrClosed) {
		t.Errorf("after Close: %v, want ErrClosed", err)
	}
}
