package stats

import (
	"testing"
	"time"
)

func TestStats(t *testing.T) {
	t.Parallel()
	odd := []float64{5, 1, 4, 2, 3}
	even := []float64{4, 1, 3, 2}
	for _, tc := range []struct {
		name      string
		got, want float64
	}{
		{"median odd", Median(odd), 3},
		{"median even (upper)", Median(even), 3},
		{"median empty", Median([]float64(nil)), 0},
		{"quantile 0", Quantile(odd, 0), 1},
		{"quantile 0.99", Quantile(odd, 0.99), 5},
		{"quantile 1 is the maximum", Quantile(odd, 1), 5},
		{"percentile 50", Percentile(odd, 50), 3},
		{"percentile 50 even", Percentile(even, 50), 2},
		{"percentile 99", Percentile(odd, 99), 5},
		{"percentile 1 clamps to the first", Percentile(odd, 1), 1},
		{"percentile empty", Percentile([]float64{}, 50), 0},
		{"max", Max(odd), 5},
		{"max empty", Max([]float64{}), 0},
		{"mean", Mean(odd), 3},
		{"mean empty", Mean([]float64{}), 0},
		{"mean ints", Mean([]int{1, 2}), 1.5},
		{"round2", Round2(1.23456), 1.23},
		{"round2 half up", Round2(0.125), 0.13},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: got %v, want %v", tc.name, tc.got, tc.want)
		}
	}
	if got := Median([]time.Duration{3 * time.Second, time.Second, 2 * time.Second}); got != 2*time.Second {
		t.Errorf("median of durations: %v", got)
	}
	if odd[0] != 5 {
		t.Errorf("the argument was sorted in place: %v", odd)
	}
}
