package wsbench

import (
	"context"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/loadgen"
	"github.com/wallzero/wallzero/cmd/wallzero/internal/stats"
)

// hintLoad is what the hint clients of one phase saw.
type hintLoad struct {
	Latencies []time.Duration
	Hits      int      // answered by the cache
	Errors    int      // not 200 (a 503 of admission included) or no answer
	First     []string // the first few errors
	Wall      time.Duration
}

// hintSummary is a phase's hints in the report.
type hintSummary struct {
	Requests int     `json:"requests"`
	Hits     int     `json:"cacheHits"`
	Errors   int     `json:"errors"`
	P50Ms    float64 `json:"p50Ms"`
	P99Ms    float64 `json:"p99Ms"`
	MaxMs    float64 `json:"maxMs"`
	PerSec   float64 `json:"perSecond"`
}

func (h hintLoad) summary() hintSummary {
	return hintSummary{
		Requests: len(h.Latencies), Hits: h.Hits, Errors: h.Errors,
		P50Ms:  stats.Round2(stats.Ms(stats.Percentile(h.Latencies, 50))),
		P99Ms:  stats.Round2(stats.Ms(stats.Percentile(h.Latencies, 99))),
		MaxMs:  stats.Round2(stats.Ms(stats.Max(h.Latencies))),
		PerSec: stats.Round2(float64(len(h.Latencies)) / max(h.Wall.Seconds(), 1e-9)),
	}
}

// hintClients are the clients asking hints: each asks the analysis of a
// fresh random mid-game position (10 to 30 moves, its own seeded
// sequence), waits think, and asks the next, until ctx ends.
type hintClients struct {
	c       *Client
	clients int
	visits  int
	think   time.Duration
	seed    uint64
	phase   uint64 // a new sequence of positions per phase
}

// run keeps the clients asking until ctx ends and returns what they saw.
func (h *hintClients) run(ctx context.Context) hintLoad {
	h.phase++
	var mu sync.Mutex
	var out hintLoad
	var wg sync.WaitGroup
	start := time.Now()
	for i := range h.clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(h.seed, h.phase<<16|uint64(i)))
			for ctx.Err() == nil {
				moves := loadgen.RandomRecord(rng, 10, 30)
				// A hint under way when the phase ends is finished and
				// counted: cutting it would measure the cut, not the server.
				d, hit, err := h.c.Hint(context.WithoutCancel(ctx), moves, h.visits)
				mu.Lock()
				switch {
				case err != nil:
					out.Errors++
					if len(out.First) < 3 {
						out.First = append(out.First, err.Error())
					}
				default:
					out.Latencies = append(out.Latencies, d)
					if hit {
						out.Hits++
					}
				}
				mu.Unlock()
				loadgen.Sleep(ctx, h.think)
			}
		}()
	}
	wg.Wait()
	out.Wall = time.Since(start)
	return out
}
