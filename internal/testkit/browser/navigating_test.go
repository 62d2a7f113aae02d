package browser

import (
	"errors"
	"testing"
)

// TestNavigating: WaitFor retries only the errors of an evaluation that a
// navigation overtook, and gives up on every other error.
func TestNavigating(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		err  string
		want bool
	}{
		{"cdp Runtime.evaluate: Inspected target navigated or closed (-32000)", true},
		{"cdp Runtime.evaluate: Cannot find context with specified id (-32000)", true},
		{"cdp Runtime.evaluate: Execution context was destroyed. (-32000)", true},
		{"cdp Runtime.evaluate: ReferenceError: x is not defined", false},
		{"cdp: browser closed", false},
	} {
		if got := navigating(errors.New(tc.err)); got != tc.want {
			t.Errorf("navigating(%q) = %v, want %v", tc.err, got, tc.want)
		}
	}
}
