package apibench

import (
	"testing"
	"time"
)

// TestSustainPool: a sustained run gets 50 distinct positions per client
// and second, at least 200 per client, and none without a sustained run.
func TestSustainPool(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		clients int
		d       time.Duration
		want    int
	}{
		{16, 60 * time.Second, 48000},
		{16, 2 * time.Second, 3200},
		{4, 20 * time.Second, 4000},
		{16, 0, 0},
		{16, 500 * time.Millisecond, 0},
		{0, time.Minute, 0},
	} {
		if got := sustainPool(tc.clients, tc.d); got != tc.want {
			t.Errorf("sustainPool(%d, %v) = %d, want %d", tc.clients, tc.d, got, tc.want)
		}
	}
}
