package jobs

import (
	"strings"
	"testing"

	"github.com/wallzero/wallzero/service/jobs/review"
)

// TestUnlike: a review joins an estimate only when its model, visits and
// thresholds are games[0]'s, and the reason names what differs.
func TestUnlike(t *testing.T) {
	t.Parallel()
	first := &ReviewResult{Model: "m", Visits: 200, Thresholds: review.TwoPlayerThresholds}
	older := *first
	older.Thresholds.InaccuracyPoints = 1.5
	deeper := *first
	deeper.Visits = 800
	for _, tc := range []struct {
		name string
		res  *ReviewResult
		want string
	}{
		{"alike", first, ""},
		{"other visits", &deeper, "at 800 visits, games[0] by m at 200"},
		{"other thresholds", &older, "from 1.5 points lost, games[0] from 0.9"},
	} {
		got := unlike(tc.res, first.Model, first.Visits, first.Thresholds.InaccuracyPoints)
		if (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
			t.Errorf("%s: unlike = %q, want %q", tc.name, got, tc.want)
		}
	}
}
