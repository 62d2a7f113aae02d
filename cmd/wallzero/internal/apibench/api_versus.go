package apibench

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"runtime/pprof"
	"sync"
	"sync/atomic"
	"time"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/stats"
	"github.com/wallzero/wallzero/service/analysis"
)

// versusPhase is one window of the service-against-search comparison:
// analyses finished and how long the window lasted.
type versusPhase struct {
	analyses int64
	seconds  float64
}

func (p versusPhase) rate() float64 { return float64(p.analyses) / p.seconds }

// runVersus measures the service against its own search in one run: the
// same number of clients (or searches), the same visits, the same model
// and evaluator, distinct positions never seen before in each window, in
// -versus-reps interleaved rounds of d each:
//   - search: clients goroutines calling the analyzer directly (the
//     search and what it builds of an analysis, no HTTP, JSON, admission
//     or cache);
//   - service: clients HTTP clients posting /v1/analyze.
//
// It prints each phase's median rate of analyses and the ratio, the share
// of its own search's rate the service delivers; profile, when set,
// receives a CPU profile of the first service window.
func runVersus(stdout io.Writer, client *http.Client, base string, an *analysis.Analyzer, records [][]string, visits, clients, reps int, d time.Duration, profile string) error {
	var prof *os.File
	if profile != "" {
		var err error
		if prof, err = os.Create(profile); err != nil {
			return fmt.Errorf("-versus-cpuprofile: %w", err)
		}
		defer prof.Close()
	}
	per := len(records) / (2 * reps)
	var search, service []float64
	for r := range reps {
		pool := records[2*r*per : (2*r+1)*per]
		p, err := versusSearch(an, pool, visits, clients, d)
		if err != nil {
			return err
		}
		search = append(search, p.rate())
		pool = records[(2*r+1)*per : (2*r+2)*per]
		if prof != nil && r == 0 {
			if err := pprof.StartCPUProfile(prof); err != nil {
				return err
			}
		}
		q, err := versusService(client, base, pool, visits, clients, d)
		if prof != nil && r == 0 {
			pprof.StopCPUProfile()
		}
		if err != nil {
			return err
		}
		service = append(service, q.rate())
		fmt.Fprintf(stdout, "versus_round=%d search_analyses_per_sec=%.1f service_analyses_per_sec=%.1f\n", r+1, p.rate(), q.rate())
	}
	s, v := stats.Median(search), stats.Median(service)
	fmt.Fprintf(stdout, "versus clients=%d visits=%d rounds=%d seconds=%.0f search_analyses_per_sec=%.1f search_visits_per_sec=%.0f service_analyses_per_sec=%.1f service_visits_per_sec=%.0f service_share_of_search=%.2f\n",
		clients, visits, reps, d.Seconds(), s, s*float64(visits), v, v*float64(visits), v/s)
	return nil
}

// versusSearch runs clients goroutines analysing pool's positions through
// the analyzer directly for d.
func versusSearch(an *analysis.Analyzer, pool [][]string, visits, clients int, d time.Duration) (versusPhase, error) {
	return versusRun(pool, clients, d, func(moves []string) error {
		_, err := an.Analyze(context.Background(), &analysis.Query{Moves: moves, MaxVisits: visits})
		return err
	})
}

// versusService runs clients HTTP clients posting pool's positions to
// /v1/analyze for d.
func versusService(client *http.Client, base string, pool [][]string, visits, clients int, d time.Duration) (versusPhase, error) {
	return versusRun(pool, clients, d, func(moves []string) error {
		r := postAnalyze(client, base, moves, visits)
		if r.status != http.StatusOK {
			return fmt.Errorf("/v1/analyze: %d %s", r.status, r.err)
		}
		return nil
	})
}

// versusRun calls analyse from clients goroutines on pool's records, each
// once, until d has passed, and counts the analyses finished.
func versusRun(pool [][]string, clients int, d time.Duration, analyse func([]string) error) (versusPhase, error) {
	var next, done atomic.Int64
	var mu sync.Mutex
	var first error
	var wg sync.WaitGroup
	start := time.Now()
	deadline := start.Add(d)
	for range clients {
		wg.Go(func() {
			for time.Now().Before(deadline) {
				i := int(next.Add(1) - 1)
				if i >= len(pool) {
					return
				}
				if err := analyse(pool[i]); err != nil {
					mu.Lock()
					first = cmpOr(first, err)
					mu.Unlock()
					return
				}
				done.Add(1)
			}
		})
	}
	wg.Wait()
	if first != nil {
		return versusPhase{}, first
	}
	if int(next.Load()) >= len(pool) {
		return versusPhase{}, fmt.Errorf("the %d positions of a window ran out: raise the pool", len(pool))
	}
	return versusPhase{analyses: done.Load(), seconds: time.Since(start).Seconds()}, nil
}

// cmpOr returns a when it is not nil, else b.
func cmpOr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}
