package cpupeak

import (
	"slices"
	"testing"
	"time"
)

// TestMeasureIsPositive checks that the loop runs and reports a plausible
// figure where it is supported: above 1 GFLOP/s (any AVX2 core reaches
// tens) and below 10 TFLOP/s.
func TestMeasureIsPositive(t *testing.T) {
	t.Parallel()
	if !Supported() {
		if got := MeasureWidth(256, 1, 10*time.Millisecond); got != 0 {
			t.Fatalf("MeasureWidth on an unsupported CPU = %v, want 0", got)
		}
		t.Skip("no AVX2/FMA on this CPU")
	}
	got := MeasureWidth(256, 1, 50*time.Millisecond)
	if got < 1 || got > 10000 {
		t.Fatalf("MeasureWidth(256, 1 thread) = %.1f GFLOP/s, outside any plausible range", got)
	}
	t.Logf("one thread: %.1f GFLOP/s", got)
}

// TestMeasureBestTakesTheFasterWidth checks that MeasureBest reports one
// of the widths the CPU has and a figure in the plausible range, and that
// asking for a width the CPU lacks gives 0.
func TestMeasureBestTakesTheFasterWidth(t *testing.T) {
	t.Parallel()
	widths := Widths()
	if len(widths) == 0 {
		if p := MeasureBest(1, 10*time.Millisecond); p != (Peak{}) {
			t.Fatalf("MeasureBest on an unsupported CPU = %+v, want zero", p)
		}
		t.Skip("no AVX2/FMA on this CPU")
	}
	p := MeasureBest(1, 50*time.Millisecond)
	if p.GFLOPS < 1 || p.GFLOPS > 10000 {
		t.Fatalf("MeasureBest = %+v, outside any plausible range", p)
	}
	if !slices.Contains(widths, p.Bits) {
		t.Fatalf("MeasureBest reports width %d, not one of %v", p.Bits, widths)
	}
	if got := MeasureWidth(128, 1, 10*time.Millisecond); got != 0 {
		t.Fatalf("MeasureWidth(128) = %v, want 0 (no such loop)", got)
	}
	t.Logf("widths %v, best %d bits: %.1f GFLOP/s", widths, p.Bits, p.GFLOPS)
}
