package access

import (
	"context"
	"errors"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/wallzero/wallzero"
)

// TestRetryJitter: whole seconds within [1 s, 30 s], d rounded down or up
// only, the same for one client within a slot, and over many clients a
// mean of d.
func TestRetryJitter(t *testing.T) {
	t.Parallel()
	now := time.Unix(1_800_000_000, 0)
	for _, d := range []time.Duration{0, 300 * time.Millisecond, 2300 * time.Millisecond, 7 * time.Second, 29500 * time.Millisecond, time.Minute} {
		var sum float64
		const n = 4000
		for i := range n {
			client := fmt.Sprintf("addr:10.0.%d.%d", i/256, i%256)
			r := retryJitter(d, client, now)
			if r != r.Truncate(time.Second) || r < minRetryAfter || r > maxRetryAfter {
				t.Fatalf("retryJitter(%v, %s) = %v: not whole seconds within 1..30 s", d, client, r)
			}
			lo, hi := max(minRetryAfter, min(maxRetryAfter, d.Truncate(time.Second))), min(maxRetryAfter, max(minRetryAfter, d.Truncate(time.Second)+time.Second))
			if r < lo || r > hi {
				t.Fatalf("retryJitter(%v) = %v, want %v or %v", d, r, lo, hi)
			}
			if again := retryJitter(d, client, now.Add(time.Second)); again != r && now.UnixNano()/int64(jitterSlot) == now.Add(time.Second).UnixNano()/int64(jitterSlot) {
				t.Fatalf("one client within a slot: %v then %v", r, again)
			}
			sum += r.Seconds()
		}
		want := min(max(d.Seconds(), 1), 30)
		if d > 0 && d < time.Second {
			want = 1
		}
		if mean := sum / n; math.Abs(mean-want) > 0.05 {
			t.Errorf("d = %v: mean Retry-After %.3f s over %d clients, want %.3f", d, mean, n, want)
		}
	}
}

// retryOf returns the Retry-After of a refusal.
func retryOf(t *testing.T, err error) time.Duration {
	t.Helper()
	var se *wallzero.Error
	if !errors.As(err, &se) || se.Code != wallzero.CodeOverloaded {
		t.Fatalf("got %v, want a refusal", err)
	}
	return se.RetryAfter
}

// TestRetryScheduleSpreadsReturns fills two slots and a queue of four,
// refuses a storm, and checks the returns promised: each refusal comes
// back one request's time (cost / throughput) after the one before, the
// first once the queue has drained to half, so that the returns in each
// second match what the service frees in a second; and the rounded
// Retry-After of each stays within a second of its time.
func TestRetryScheduleSpreadsReturns(t *testing.T) {
	t.Parallel()
	// 1,000 visits per second, 100 visits a request: 10 requests a second.
	a := NewAdmission(AdmissionConfig{MaxSearches: 2, MaxQueue: 4, MaxQueueWait: time.Minute, VisitsPerSecond: 1000})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for range 2 {
		if _, err := a.Acquire(ctx, 100); err != nil {
			t.Fatal(err)
		}
	}
	for range 4 {
		go func() { _, _ = a.Acquire(ctx, 100) }()
	}
	waitFor(t, func() bool { return a.Stats().Queued == 4 })

	now := time.Now()
	a.mu.Lock()
	var at []time.Duration
	for range 50 {
		at = append(at, a.retryScheduleLocked(now, 100).Sub(now))
	}
	a.mu.Unlock()
	// The queue drains to half (2 of 4) in 2 x 100 / 1000 = 0.2 s.
	if math.Abs(at[0].Seconds()-0.2) > 1e-6 {
		t.Errorf("first return at %v, want 200ms (the queue at half)", at[0])
	}
	for i := 1; i < len(at); i++ {
		if gap := at[i] - at[i-1]; math.Abs(gap.Seconds()-0.1) > 1e-6 {
			t.Fatalf("return %d comes %v after the one before, want 100ms (one request at the throughput)", i, gap)
		}
	}

	// Refusals through the API's door: Retry-After within a second of
	// the schedule, never below 1 s, and growing with the storm.
	var last time.Duration
	for i := range 100 {
		r := retryOf(t, a.Full(WithClient(ctx, fmt.Sprintf("addr:10.1.0.%d", i))))
		if r < time.Second || r > 30*time.Second {
			t.Fatalf("refusal %d: Retry-After %v", i, r)
		}
		last = r
	}
	// 50 booked above, then 100 more: the last is about 15.2 s ahead.
	if last < 14*time.Second || last > 17*time.Second {
		t.Errorf("the 150th return is told %v, want about 15 s", last)
	}
}

// TestRetryScheduleBounds: a schedule past 30 s books nothing more and
// says 30 s; room in the service clears the schedule.
func TestRetryScheduleBounds(t *testing.T) {
	t.Parallel()
	a := NewAdmission(AdmissionConfig{MaxSearches: 1, MaxQueue: -1, VisitsPerSecond: 100})
	release, err := a.Acquire(context.Background(), 100)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 40 { // 1 s each
		r := retryOf(t, a.Full(context.Background()))
		if i >= 31 && r != 30*time.Second {
			t.Fatalf("refusal %d: %v, want 30 s once the schedule is full", i, r)
		}
	}
	a.mu.Lock()
	booked := time.Until(a.promised)
	a.mu.Unlock()
	if booked > 31*time.Second {
		t.Errorf("the schedule runs %v ahead, want at most about 30 s", booked)
	}
	release()
	r2, err := a.Acquire(context.Background(), 100)
	if err != nil {
		t.Fatal(err)
	}
	defer r2()
	if r := retryOf(t, a.Full(context.Background())); r > 2*time.Second {
		t.Errorf("after room was found the schedule starts again: Retry-After %v, want 1-2 s", r)
	}
}
