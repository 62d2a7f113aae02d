// Package stats holds the few order statistics the benchmarks and
// measuring commands report: medians, quantiles, percentiles by nearest
// rank and means, over any ordered numbers (float64, int, time.Duration).
// None of them changes its argument.
package stats

import (
	"cmp"
	"slices"
	"time"
)

// Number is the element type of the statistics.
type Number interface {
	~int | ~int64 | ~float64
}

// sorted returns a sorted copy of xs.
func sorted[T cmp.Ordered](xs []T) []T {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s
}

// Quantile returns the element at index floor(q*n) of xs sorted, clamped
// to the last one (q = 0.5: the median; q = 1: the maximum); zero when xs
// is empty.
func Quantile[T cmp.Ordered](xs []T, q float64) T {
	if len(xs) == 0 {
		var zero T
		return zero
	}
	s := sorted(xs)
	return s[max(0, min(len(s)-1, int(q*float64(len(s)))))]
}

// Median returns the middle element of xs sorted (the upper of the two
// middle ones for an even count); zero when xs is empty.
func Median[T cmp.Ordered](xs []T) T { return Quantile(xs, 0.5) }

// Percentile returns the p-th percentile (0 < p <= 100) of xs by nearest
// rank: the element at rank round(n*p/100) of xs sorted, clamped to the
// first and last; zero when xs is empty.
func Percentile[T cmp.Ordered](xs []T, p float64) T {
	if len(xs) == 0 {
		var zero T
		return zero
	}
	s := sorted(xs)
	i := int(float64(len(s))*p/100+0.5) - 1
	return s[max(0, min(len(s)-1, i))]
}

// Max returns the largest element of xs; zero when xs is empty.
func Max[T cmp.Ordered](xs []T) T {
	if len(xs) == 0 {
		var zero T
		return zero
	}
	return slices.Max(xs)
}

// Mean returns the arithmetic mean of xs; zero when xs is empty.
func Mean[T Number](xs []T) float64 {
	s := 0.0
	for _, x := range xs {
		s += float64(x)
	}
	return s / float64(max(1, len(xs)))
}

// Round2 rounds v to two decimals (half up), for JSON output.
func Round2(v float64) float64 { return float64(int64(v*100+0.5)) / 100 }

// Ms is d in milliseconds, the unit the benchmarks print latencies in.
func Ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
