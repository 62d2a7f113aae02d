package searchbench

import "testing"

// TestSizeQuantiles: the batch sizes below which 10%, 50% and 90% of the
// positions were evaluated, weighted by positions, not by batches.
func TestSizeQuantiles(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		sizes []int64
		want  string
	}{
		{nil, "none"},
		{[]int64{0, 0, 0, 0, 5}, "p10=4 p50=4 p90=4"},
		// 10 batches of 1 (10 positions) and 1 batch of 90: the small
		// batches are most of the batches but only the first 10% of the
		// positions.
		{func() []int64 { s := make([]int64, 91); s[1], s[90] = 10, 1; return s }(), "p10=1 p50=90 p90=90"},
	} {
		if got := sizeQuantiles(tc.sizes); got != tc.want {
			t.Errorf("sizeQuantiles(%v) = %q, want %q", tc.sizes, got, tc.want)
		}
	}
}
