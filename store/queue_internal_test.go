package store

import (
	"testing"
	"time"
)

// TestRetryDelay checks the backoff's growth, its jitter range and that
// its cap applies.
func TestRetryDelay(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		errors   int
		min, max time.Duration
	}{
		{0, 500 * time.Millisecond, time.Second},
		{1, time.Second, 2 * time.Second},
		{3, 4 * time.Second, 8 * time.Second},
		{8, 128 * time.Second, 256 * time.Second},
		{9, maxBackoff / 2, maxBackoff}, // 512 s is over the cap
		{25, maxBackoff / 2, maxBackoff},
		{1000, maxBackoff / 2, maxBackoff},
	} {
		lo, hi := retryDelay(tc.errors, 0), retryDelay(tc.errors, 0.999999)
		if lo != tc.min || hi > tc.max || hi < tc.max-time.Millisecond {
			t.Errorf("%d errors: delays %s..%s, want %s..%s", tc.errors, lo, hi, tc.min, tc.max)
		}
	}
	if a, b := retryDelay(4, 0.1), retryDelay(4, 0.9); a >= b {
		t.Errorf("jitter: u=0.1 gives %s, u=0.9 %s", a, b)
	}
}
