package inferencetest

import (
	"sync"
	"testing"
	"time"

	"github.com/wallzero/wallzero/inference/format"
)

func TestAccelCost(t *testing.T) {
	t.Parallel()
	a, err := NewAccelRunner([]CallCost{{64, time.Millisecond}, {1024, 3 * time.Millisecond}, {1, 2 * time.Millisecond}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		n    int
		want time.Duration
	}{
		{1, 2 * time.Millisecond}, {32, 2*time.Millisecond - 31*time.Millisecond/63}, {64, time.Millisecond},
		{544, 2 * time.Millisecond}, {1024, 3 * time.Millisecond}, {2048, 6 * time.Millisecond},
	} {
		if got := a.Cost(tc.n); got != tc.want {
			t.Errorf("Cost(%d) = %v, want %v", tc.n, got, tc.want)
		}
	}
	if _, err := NewAccelRunner(nil, 1); err == nil {
		t.Error("an empty cost table was accepted")
	}
	if _, err := NewAccelRunner(H200Costs, 0); err == nil {
		t.Error("zero lanes were accepted")
	}
}

// TestAccelLanes: no more calls run at once than there are lanes, and
// the lanes are used.
func TestAccelLanes(t *testing.T) {
	t.Parallel()
	a, err := NewAccelRunner([]CallCost{{1, 20 * time.Millisecond}}, 2)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	now, most := 0, 0
	a.Delay = func(int) {
		mu.Lock()
		now++
		most = max(most, now)
		mu.Unlock()
		time.Sleep(10 * time.Millisecond) // inside the lane, so calls overlap here
		mu.Lock()
		now--
		mu.Unlock()
	}
	in := make([]float32, format.TwoPlayer.FeatureSize())
	start := time.Now()
	var wg sync.WaitGroup
	for range 6 {
		wg.Go(func() {
			if err := a.Run(in, 1, a.NewOutputs(1)); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if most != 2 {
		t.Errorf("at most %d calls ran at once on two lanes, want 2", most)
	}
	// Six calls of 20 ms on two lanes take three rounds at least.
	if d := time.Since(start); d < 60*time.Millisecond {
		t.Errorf("six 20 ms calls on two lanes took %v, under three rounds", d)
	}
}
