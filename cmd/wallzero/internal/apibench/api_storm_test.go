package apibench

import (
	"strings"
	"testing"
)

// TestStormVerdict: a storm passes within 1.25 times the ideal time and
// at most 3 tries per request, without failures.
func TestStormVerdict(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		ratio, tries float64
		failures     int
		want         string
	}{
		{1.1, 2.0, 0, "pass"},
		{1.25, 3.0, 0, "pass"},
		{1.3, 2.0, 0, "fail (took 1.30 times"},
		{1.1, 3.2, 0, "fail (3.20 tries"},
		{1.0, 1.0, 1, "fail (failures)"},
	} {
		if got := stormGoal.judge(tc.ratio, tc.tries, tc.failures); !strings.HasPrefix(got, tc.want) {
			t.Errorf("judge(%v, %v, %d) = %q, want %q...", tc.ratio, tc.tries, tc.failures, got, tc.want)
		}
	}
}
