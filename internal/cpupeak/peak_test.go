package cpupeak

import (
	"testing"
	"time"
)

// TestMeasureIsPositive checks that the loop runs and reports a plausible
// figure where it is supported: above 1 GFLOP/s (any AVX2 core reaches
// tens) and below 10 TFLOP/s.
func TestMeasureIsPositive(t *testing.T) {
	t.Parallel()
	if !Supported() {
		if got := Measure(1, 10*time.Millisecond); got != 0 {
			t.Fatalf("Measure on an unsupported CPU = %v, want 0", got)
		}
		t.Skip("no AVX2/FMA on this CPU")
	}
	got := Measure(1, 50*time.Millisecond)
	if got < 1 || got > 10000 {
		t.Fatalf("Measure(1 thread) = %.1f GFLOP/s, outside any plausible range", got)
	}
	t.Logf("one thread: %.1f GFLOP/s", got)
}
