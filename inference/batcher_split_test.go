package inference_test

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/internal/testkit/inferencetest"
	"github.com/wallzero/wallzero/search"
)

// TestBatcherSpreadsOneCallOverIdleWorkers checks that one Evaluate call
// (one search's leaves) is shared between the idle workers, so that a lone
// search uses every core, and that a call larger than MaxBatch is cut into
// batches that fit.
func TestBatcherSpreadsOneCallOverIdleWorkers(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name              string
		workers, maxBatch int
		requests          int
		want              []int // network batch sizes, sorted
	}{
		{"two idle workers share 16 leaves", 2, 128, 16, []int{8, 8}},
		{"odd count splits near-equally", 2, 128, 7, []int{3, 4}},
		{"one worker takes the whole call", 1, 128, 16, []int{16}},
		{"four workers, 16 leaves", 4, 128, 16, []int{4, 4, 4, 4}},
		{"a single leaf is not split", 2, 128, 1, []int{1}},
		{"calls larger than MaxBatch are cut", 1, 8, 20, []int{6, 7, 7}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var mu sync.Mutex
			var sizes []int
			runner := &inferencetest.FakeRunner{Delay: func(n int) {
				mu.Lock()
				sizes = append(sizes, n)
				mu.Unlock()
			}}
			b := inference.NewBatcher(runner, inference.BatcherConfig{MaxBatch: tc.maxBatch, Workers: tc.workers})
			defer b.Close()
			waitIdle(t, b, tc.workers)
			reqs := make([]*search.Request, tc.requests)
			for i := range reqs {
				reqs[i] = inference.RequestAfter(t, "C3")
			}
			if err := b.Evaluate(context.Background(), reqs); err != nil {
				t.Fatal(err)
			}
			for i, r := range reqs {
				if len(r.Out.Priors) != len(r.Moves) {
					t.Fatalf("request %d not answered", i)
				}
			}
			mu.Lock()
			defer mu.Unlock()
			slices.Sort(sizes)
			if !slices.Equal(sizes, tc.want) {
				t.Errorf("network batches %v, want %v", sizes, tc.want)
			}
			if in, bt := b.QueueDepth(); in != 0 || bt != 0 {
				t.Errorf("queue depth after the call: %d interactive, %d batch; want 0", in, bt)
			}
		})
	}
}

// waitIdle waits until n workers wait for work.
func waitIdle(t *testing.T, b *inference.Batcher, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for b.IdleWorkers() < n {
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d workers idle after 10 s", b.IdleWorkers(), n)
		}
		time.Sleep(time.Millisecond)
	}
}

// TestBatcherSpreadsOnlyALoneSearch: a call that starts while another
// waits for the network is not spread over the idle workers (several
// searches keep the workers busy by themselves), and once calls stop
// overlapping for a while a lone call is spread again.
func TestBatcherSpreadsOnlyALoneSearch(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var sizes []int
	hold := make(chan struct{})
	held := false
	runner := &inferencetest.FakeRunner{Delay: func(n int) {
		mu.Lock()
		sizes = append(sizes, n)
		wait := !held
		held = true
		mu.Unlock()
		if wait {
			<-hold // one piece of the first call stays in the network
		}
	}}
	b := inference.NewBatcher(runner, inference.BatcherConfig{MaxBatch: 128, Workers: 3})
	defer b.Close()
	waitIdle(t, b, 3)
	call := func(n int) []*search.Request {
		reqs := make([]*search.Request, n)
		for i := range reqs {
			reqs[i] = inference.RequestAfter(t, "C3")
		}
		return reqs
	}
	first := make(chan error, 1)
	go func() { first <- b.Evaluate(context.Background(), call(12)) }()
	// Two of the first call's three pieces are answered, one is held: two
	// workers are idle while the first call still waits.
	for {
		mu.Lock()
		n := len(sizes)
		mu.Unlock()
		if n == 3 && b.IdleWorkers() == 2 {
			break
		}
		time.Sleep(time.Millisecond)
	}
	if err := b.Evaluate(context.Background(), call(16)); err != nil {
		t.Fatal(err)
	}
	close(hold)
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	got := slices.Clone(sizes)
	mu.Unlock()
	slices.Sort(got)
	if !slices.Equal(got, []int{4, 4, 4, 16}) {
		t.Fatalf("batches %v, want the lone first call spread (4, 4, 4) and the overlapping second whole (16)", got)
	}
	// After the calls stop overlapping, a lone call is spread again.
	time.Sleep(20 * time.Millisecond)
	waitIdle(t, b, 3)
	mu.Lock()
	sizes = sizes[:0]
	mu.Unlock()
	if err := b.Evaluate(context.Background(), call(12)); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	slices.Sort(sizes)
	if !slices.Equal(sizes, []int{4, 4, 4}) {
		t.Fatalf("batches %v after the overlap ended, want 4, 4, 4", sizes)
	}
}
