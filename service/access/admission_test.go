package access

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/wallzero/wallzero"
)

// overloaded asserts err is a wallzero.CodeOverloaded refusal with a Retry-After.
func overloaded(t *testing.T, err error) {
	t.Helper()
	var se *wallzero.Error
	if !errors.As(err, &se) || se.Code != wallzero.CodeOverloaded {
		t.Fatalf("got %v, want a wallzero.CodeOverloaded error", err)
	}
	if se.RetryAfter < time.Second || se.RetryAfter > 30*time.Second {
		t.Errorf("RetryAfter = %v, want 1..30 s", se.RetryAfter)
	}
}

func TestAdmissionRefusals(t *testing.T) {
	t.Parallel()
	// Each case fills two slots, queues what it lists, then asks once more.
	for _, tc := range []struct {
		name    string
		cfg     AdmissionConfig
		queued  []int64
		cost    int64
		timeout time.Duration
		refuse  bool
		early   bool // refused before the request is read (full)
	}{
		{name: "queue has room", cfg: AdmissionConfig{MaxSearches: 2, MaxQueue: 2, VisitsPerSecond: 1000}, queued: []int64{100}, cost: 100, refuse: false},
		{name: "queue full", cfg: AdmissionConfig{MaxSearches: 2, MaxQueue: 2, VisitsPerSecond: 1000}, queued: []int64{100, 100}, cost: 100, refuse: true, early: true},
		{name: "no queue", cfg: AdmissionConfig{MaxSearches: 2, MaxQueue: -1, VisitsPerSecond: 1000}, cost: 1, refuse: true, early: true},
		{name: "wait too long", cfg: AdmissionConfig{MaxSearches: 2, MaxQueue: 100, MaxQueueWait: 3 * time.Second, VisitsPerSecond: 100}, queued: []int64{150}, cost: 10, refuse: true, early: true},
		{name: "past the deadline", cfg: AdmissionConfig{MaxSearches: 2, MaxQueue: 100, MaxQueueWait: time.Minute, VisitsPerSecond: 100}, cost: 500, timeout: 2 * time.Second, refuse: true},
		{name: "within the deadline", cfg: AdmissionConfig{MaxSearches: 2, MaxQueue: 100, MaxQueueWait: time.Minute, VisitsPerSecond: 1000}, cost: 500, timeout: 5 * time.Second, refuse: false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			a := NewAdmission(tc.cfg)
			var releases []func()
			for range 2 {
				r, err := a.Acquire(context.Background(), 100)
				if err != nil {
					t.Fatal(err)
				}
				releases = append(releases, r)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var wg sync.WaitGroup
			for _, c := range tc.queued {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if r, err := a.Acquire(ctx, c); err == nil {
						r()
					}
				}()
			}
			waitFor(t, func() bool { return a.Stats().Queued == len(tc.queued) })
			if full := a.Full(context.Background()); (full != nil) != tc.early {
				t.Errorf("full() = %v, want a refusal: %v", full, tc.early)
			} else if full != nil {
				overloaded(t, full)
				a.mu.Lock()
				a.refused-- // counted again below
				a.mu.Unlock()
			}
			qctx := ctx
			if tc.timeout > 0 {
				var c2 context.CancelFunc
				qctx, c2 = context.WithTimeout(ctx, tc.timeout)
				defer c2()
			}
			done := make(chan error, 1)
			go func() {
				r, err := a.Acquire(qctx, tc.cost)
				if err == nil {
					r()
				}
				done <- err
			}()
			if tc.refuse {
				// Before any slot is released: a refusal that waited
				// would never come.
				overloaded(t, <-done)
				if st := a.Stats(); st.Refused != 1 {
					t.Errorf("Refused = %d, want 1", st.Refused)
				}
			} else {
				waitFor(t, func() bool { return a.Stats().Queued == len(tc.queued)+1 })
			}
			for _, r := range releases {
				r()
			}
			if !tc.refuse {
				if err := <-done; err != nil {
					t.Fatalf("queued request: %v", err)
				}
			}
			wg.Wait()
			if st := a.Stats(); st.Searching != 0 || st.Queued != 0 {
				t.Errorf("after all released: %+v", st)
			}
		})
	}
}

func TestAdmissionIsFIFO(t *testing.T) {
	t.Parallel()
	a := NewAdmission(AdmissionConfig{MaxSearches: 1, MaxQueue: 10, VisitsPerSecond: 1e6})
	hold, err := a.Acquire(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var order []int
	var wg sync.WaitGroup
	for i := range 5 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := a.Acquire(context.Background(), 1)
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			order = append(order, i)
			mu.Unlock()
			r()
		}()
		waitFor(t, func() bool { return a.Stats().Queued == i+1 })
	}
	hold()
	wg.Wait()
	for i, v := range order {
		if v != i {
			t.Fatalf("slots went in order %v, want arrival order", order)
		}
	}
	if st := a.Stats(); st.Admitted != 6 || st.Waited != 5 {
		t.Errorf("stats %+v: want 6 admitted, 5 of them after a wait", st)
	}
}

func TestAdmissionCancelledWaiterLeavesNoTrace(t *testing.T) {
	t.Parallel()
	a := NewAdmission(AdmissionConfig{MaxSearches: 1, MaxQueue: 10, VisitsPerSecond: 1e6})
	hold, _ := a.Acquire(context.Background(), 1)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := a.Acquire(ctx, 7)
		done <- err
	}()
	waitFor(t, func() bool { return a.Stats().Queued == 1 })
	cancel()
	var se *wallzero.Error
	if err := <-done; !errors.As(err, &se) {
		t.Fatalf("cancelled waiter: %v, want a service error", err)
	}
	if st := a.Stats(); st.Queued != 0 || st.Searching != 1 || a.queuedVisits != 0 {
		t.Fatalf("after the waiter left: %+v, queued visits %d", st, a.queuedVisits)
	}
	hold()
	if st := a.Stats(); st.Searching != 0 || a.runningVisits != 0 {
		t.Fatalf("after release: %+v, running visits %d", st, a.runningVisits)
	}
}

func TestAdmissionNeverExceedsItsSlots(t *testing.T) {
	t.Parallel()
	a := NewAdmission(AdmissionConfig{MaxSearches: 3, MaxQueue: 1000, MaxQueueWait: time.Hour, VisitsPerSecond: 1e6})
	var running, peak atomic.Int64
	var wg sync.WaitGroup
	for range 200 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := a.Acquire(context.Background(), 10)
			if err != nil {
				t.Error(err)
				return
			}
			n := running.Add(1)
			for {
				p := peak.Load()
				if n <= p || peak.CompareAndSwap(p, n) {
					break
				}
			}
			time.Sleep(100 * time.Microsecond)
			running.Add(-1)
			r()
			r() // a second call is a no-op
		}()
	}
	wg.Wait()
	if peak.Load() > 3 {
		t.Errorf("%d searches at once, want at most 3", peak.Load())
	}
	if st := a.Stats(); st.Searching != 0 || st.Queued != 0 || st.Admitted != 200 {
		t.Errorf("stats %+v", st)
	}
}

// TestAdmissionMeasuresThroughput: one search at a time keeps a service of
// two slots busy (busyMin 1); 60 requests of 1000 visits in ~10 ms each
// span more than one sample window.
func TestAdmissionMeasuresThroughput(t *testing.T) {
	t.Parallel()
	a := NewAdmission(AdmissionConfig{MaxSearches: 2, VisitsPerSecond: 10})
	for range 60 {
		r, _ := a.Acquire(context.Background(), 1000)
		time.Sleep(10 * time.Millisecond) // 1000 visits in ~10 ms: ~100,000 per second
		r()
	}
	if got := a.Stats().VisitsPerSecond; got < 1000 {
		t.Errorf("measured %.0f visits/s, want far above the assumed 10", got)
	}
}

// waitFor polls cond for up to five seconds.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("condition not reached in 5 s")
		}
		time.Sleep(time.Millisecond)
	}
}

func TestAdmissionIgnoresQuietTime(t *testing.T) {
	t.Parallel()
	// Eight slots: fewer than four searches running is not busy time, so
	// one slow request at a time leaves the assumed rate alone.
	a := NewAdmission(AdmissionConfig{MaxSearches: 8, VisitsPerSecond: 500})
	for range 3 {
		r, _ := a.Acquire(context.Background(), 1)
		time.Sleep(300 * time.Millisecond)
		r()
	}
	if got := a.Stats().VisitsPerSecond; got != 500 {
		t.Errorf("rate %.1f after quiet requests, want the assumed 500", got)
	}
}

// TestAdmissionMeasuresConcurrentThroughput keeps four searches of 100
// visits in ~20 ms each running: the service does about 20,000 visits per
// second, and the estimate must land near that from far below.
func TestAdmissionMeasuresConcurrentThroughput(t *testing.T) {
	t.Parallel()
	a := NewAdmission(AdmissionConfig{MaxSearches: 4, VisitsPerSecond: 100})
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 25 {
				r, err := a.Acquire(context.Background(), 100)
				if err != nil {
					t.Error(err)
					return
				}
				time.Sleep(20 * time.Millisecond)
				r()
			}
		}()
	}
	wg.Wait()
	if got := a.Stats().VisitsPerSecond; got < 4000 || got > 25000 {
		t.Errorf("estimated %.0f visits/s, want about 20,000 (4,000 to 25,000: a busy machine only lengthens the sleeps)", got)
	}
}
