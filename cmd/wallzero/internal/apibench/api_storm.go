package apibench

import (
	"fmt"
	"io"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/stats"
)

// stormSteadyClients is the number of clients of the steady phase a
// storm is measured against.
const stormSteadyClients = 16

// stormOutcome is one storm client: how many requests it sent until it
// was served, its last status and the Retry-After delays it was told.
type stormOutcome struct {
	tries  int
	status int
	err    string
	waits  []time.Duration
}

// stormVerdict is the storm's goal: every client served within
// maxRatio times the ideal time (clients over the steady rate) with at
// most maxTries requests per client on average.
type stormVerdict struct {
	maxRatio, maxTries float64
}

// stormGoal is the storm's goal: within 1.25 times the ideal time, at
// most 3 tries per request on average.
var stormGoal = stormVerdict{maxRatio: 1.25, maxTries: 3}

// judge returns "pass" or what failed.
func (v stormVerdict) judge(ratio, tries float64, failures int) string {
	switch {
	case failures > 0:
		return "fail (failures)"
	case ratio > v.maxRatio:
		return fmt.Sprintf("fail (took %.2f times the ideal, goal %.2f)", ratio, v.maxRatio)
	case tries > v.maxTries:
		return fmt.Sprintf("fail (%.2f tries per request, goal %.0f)", tries, v.maxTries)
	}
	return "pass"
}

// steadyRate runs stormSteadyClients clients back to back for d (a
// refused one waits its Retry-After) and returns the answers with 200
// per second.
func steadyRate(client *http.Client, base string, records [][]string, visits int, d time.Duration) (rate float64, failures int) {
	var next, ok atomic.Int64
	var bad atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	deadline := start.Add(d)
	for range stormSteadyClients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for time.Now().Before(deadline) {
				i := int(next.Add(1)-1) % len(records)
				r := postAnalyze(client, base, records[i], visits)
				switch r.status {
				case http.StatusOK:
					ok.Add(1)
				case http.StatusTooManyRequests, http.StatusServiceUnavailable:
					time.Sleep(max(r.retryAfter, time.Second))
				default:
					bad.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	return float64(ok.Load()) / time.Since(start).Seconds(), int(bad.Load())
}

// runStorm measures a retry storm: first the steady rate of 16 clients
// for steady, then one request per record sent all at once by clients
// that honour Retry-After (each retries its own request after the delay
// it is told, until it is served). It reports how long the storm took
// against the ideal (clients over the steady rate), the tries per
// request, the statuses of every try and the spread of the Retry-After
// delays, with the verdict against stormGoal.
func runStorm(stdout io.Writer, client *http.Client, base string, steadyRecords, records [][]string, visits int, steady time.Duration, mem func() string) (failures int) {
	rate, bad := steadyRate(client, base, steadyRecords, visits, steady)
	fmt.Fprintf(stdout, "storm_steady clients=%d seconds=%.0f visits=%d rate_rps=%.2f failures=%d\n", stormSteadyClients, steady.Seconds(), visits, rate, bad)
	failures += bad
	time.Sleep(2 * time.Second) // let the steady phase's last requests end

	out := make([]stormOutcome, len(records))
	var all []loadResult
	var mu sync.Mutex
	var wg sync.WaitGroup
	gate := make(chan struct{})
	for i := range records {
		wg.Add(1)
		body := analyzeBody(records[i], visits)
		go func() {
			defer wg.Done()
			<-gate
			o := &out[i]
			for {
				r := postBody(client, base, body)
				o.tries++
				mu.Lock()
				all = append(all, r)
				mu.Unlock()
				o.status, o.err = r.status, r.err
				if r.status != http.StatusTooManyRequests && r.status != http.StatusServiceUnavailable {
					break
				}
				wait := max(r.retryAfter, time.Second) // a refusal without Retry-After: 1 s
				o.waits = append(o.waits, wait)
				time.Sleep(wait)
			}
		}()
	}
	start := time.Now()
	close(gate)
	wg.Wait()
	wall := time.Since(start)

	tries, served := 0, 0
	var done, waits []time.Duration
	var firstErr string
	for _, o := range out {
		tries += o.tries
		waits = append(waits, o.waits...)
		if o.status == http.StatusOK {
			served++
		} else {
			failures++
			if firstErr == "" {
				firstErr = fmt.Sprintf("%d %s", o.status, o.err)
			}
		}
	}
	for _, r := range all {
		if r.status == http.StatusOK {
			done = append(done, r.latency)
		}
	}
	ideal := float64(len(records)) / rate
	ratio := wall.Seconds() / ideal
	meanTries := float64(tries) / float64(len(records))
	fmt.Fprintf(stdout, "storm clients=%d visits=%d served=%d failures=%d seconds=%.1f ideal_seconds=%.1f ratio=%.3f tries_mean=%.2f tries_max=%d statuses=%q retry_after_s_p50=%.0f retry_after_s_p90=%.0f retry_after_s_max=%.0f served_latency_p50_ms=%.0f served_latency_p99_ms=%.0f %s verdict=%q\n",
		len(records), visits, served, failures, wall.Seconds(), ideal, ratio, meanTries, maxTries(out), statusCounts(all),
		stats.Percentile(waits, 50).Seconds(), stats.Percentile(waits, 90).Seconds(), stats.Max(waits).Seconds(),
		stats.Ms(stats.Percentile(done, 50)), stats.Ms(stats.Percentile(done, 99)), mem(), stormGoal.judge(ratio, meanTries, failures))
	if firstErr != "" {
		fmt.Fprintf(stdout, "storm first_failure=%q\n", firstErr)
	}
	return failures
}

// maxTries returns the most tries one storm client needed.
func maxTries(out []stormOutcome) int {
	m := 0
	for _, o := range out {
		m = max(m, o.tries)
	}
	return m
}
