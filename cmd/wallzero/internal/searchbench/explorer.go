package searchbench

import (
	"context"
	"fmt"
	"time"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/stats"
	"github.com/wallzero/wallzero/service/explorer"
)

// ExplorerLatency is the result of Explorer: quantiles of the lookup
// time in milliseconds.
type ExplorerLatency struct {
	P50, P90, P99, Max float64
}

// Explorer measures `wallzero explorer bench`: the latency of n explorer
// answers to q read from the table (the explorer called directly, no HTTP). Every
// lookup must be a cache hit: the node's path must be in the table.
func Explorer(ctx context.Context, ex *explorer.Explorer, q *explorer.Query, n int) (ExplorerLatency, error) {
	// Warm up (and make sure the path is in the table).
	if _, err := ex.Explore(ctx, q); err != nil {
		return ExplorerLatency{}, err
	}
	times := make([]time.Duration, n)
	for i := range times {
		t0 := time.Now()
		res, err := ex.Explore(ctx, q)
		if err != nil {
			return ExplorerLatency{}, err
		}
		times[i] = time.Since(t0)
		for _, st := range res.Steps {
			if st.Computed {
				return ExplorerLatency{}, fmt.Errorf("lookup %d searched step %d: not a cache hit", i, st.Placed)
			}
		}
	}
	ms := func(q float64) float64 {
		return stats.Round2(float64(stats.Quantile(times, q).Microseconds()) / 1000)
	}
	return ExplorerLatency{P50: ms(0.5), P90: ms(0.9), P99: ms(0.99), Max: ms(1)}, nil
}
