package apibench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/stats"
)

// loadResult is one request of a burst or a sustained run.
type loadResult struct {
	status  int // 0: a transport error
	latency time.Duration
	err     string
	// retryAfter is the Retry-After of a 429 or 503.
	retryAfter time.Duration
}

// analyzeBody returns the /v1/analyze body of a record.
func analyzeBody(moves []string, visits int) []byte {
	data, _ := json.Marshal(map[string]any{"moves": moves, "maxVisits": visits, "topK": 5})
	return data
}

// postAnalyze sends one /v1/analyze request and returns its outcome.
func postAnalyze(client *http.Client, base string, moves []string, visits int) loadResult {
	return postBody(client, base, analyzeBody(moves, visits))
}

// postBody sends one /v1/analyze request body and returns its outcome.
func postBody(client *http.Client, base string, data []byte) loadResult {
	req, err := http.NewRequest(http.MethodPost, base+"/v1/analyze", bytes.NewReader(data))
	if err != nil {
		return loadResult{err: err.Error()}
	}
	req.Header.Set("Content-Type", "application/json")
	return doLoad(client, req)
}

// doLoad sends a request and returns its outcome: the status, the
// latency, the Retry-After it asked for and, unless 200, the body as the
// error.
func doLoad(client *http.Client, req *http.Request) loadResult {
	start := time.Now()
	res, err := client.Do(req)
	if err != nil {
		return loadResult{latency: time.Since(start), err: err.Error()}
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	r := loadResult{status: res.StatusCode, latency: time.Since(start)}
	if secs, err := strconv.Atoi(res.Header.Get("Retry-After")); err == nil {
		r.retryAfter = time.Duration(secs) * time.Second
	}
	if res.StatusCode != http.StatusOK {
		r.err = strings.TrimSpace(string(body))
	}
	return r
}

// statusCounts formats the statuses of results as "200=412 503=188".
func statusCounts(results []loadResult) string {
	counts := map[int]int{}
	for _, r := range results {
		counts[r.status]++
	}
	keys := make([]int, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%d=%d", k, counts[k]))
	}
	return strings.Join(parts, " ")
}

// latencies returns the latencies of the results whose status satisfies keep.
func latencies(results []loadResult, keep func(int) bool) []time.Duration {
	var out []time.Duration
	for _, r := range results {
		if keep(r.status) {
			out = append(out, r.latency)
		}
	}
	return out
}

// runBurst sends one request per record all at once and reports how the
// service answered: the statuses (anything but 200, 429 and 503 is a
// failure), how fast refusals came, the latency of the admitted requests
// against the burst's duration, and the server's peak memory.
//
// With warm set, every client first opens its connection (GET /healthz on
// as many connections as requests), as the connection pools of app
// servers do, so the burst measures the service and not TCP handshakes.
func runBurst(stdout io.Writer, client *http.Client, base string, records [][]string, visits int, warm bool, mem func() string) (failures int) {
	results := make([]loadResult, len(records))
	var wg sync.WaitGroup
	if warm {
		for range records {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if res, err := client.Get(base + "/healthz"); err == nil {
					_, _ = io.Copy(io.Discard, res.Body) // drained for the connection's reuse
					res.Body.Close()
				}
			}()
		}
		wg.Wait()
		time.Sleep(500 * time.Millisecond) // let the server settle
	}
	before := refusalBuckets(client, base)
	gate := make(chan struct{})
	for i := range records {
		wg.Add(1)
		body := analyzeBody(records[i], visits)
		go func() {
			defer wg.Done()
			<-gate
			results[i] = postBody(client, base, body)
		}()
	}
	start := time.Now()
	close(gate)
	wg.Wait()
	wall := time.Since(start)
	server := serverRefusals(before, refusalBuckets(client, base))
	var firstErr string
	for _, r := range results {
		if r.status != 200 && r.status != 429 && r.status != 503 {
			failures++
			if firstErr == "" {
				firstErr = fmt.Sprintf("%d %s", r.status, r.err)
			}
		}
	}
	ok := latencies(results, func(s int) bool { return s == 200 })
	refused := latencies(results, func(s int) bool { return s == 429 || s == 503 })
	fmt.Fprintf(stdout, "analyze_burst requests=%d warm_connections=%v visits=%d statuses=%q failures=%d burst_seconds=%.1f admitted=%d admitted_p50_ms=%.0f admitted_p99_ms=%.0f refused=%d refused_p50_ms=%.1f refused_p99_ms=%.1f refused_max_ms=%.1f refused_within_100ms_pct=%.1f %s %s\n",
		len(records), warm, visits, statusCounts(results), failures, wall.Seconds(), len(ok), stats.Ms(stats.Percentile(ok, 50)), stats.Ms(stats.Percentile(ok, 99)),
		len(refused), stats.Ms(stats.Percentile(refused, 50)), stats.Ms(stats.Percentile(refused, 99)), stats.Ms(stats.Max(refused)), within(refused, 100*time.Millisecond), server, mem())
	if firstErr != "" {
		fmt.Fprintf(stdout, "analyze_burst first_failure=%q\n", firstErr)
	}
	return failures
}

// runSustained keeps `clients` clients sending distinct requests back to
// back for d (a refused client waits its Retry-After) and reports errors
// (any answer but 200), latency and throughput.
func runSustained(stdout io.Writer, client *http.Client, base string, records [][]string, visits, clients int, d time.Duration, mem func() string) (failures int) {
	var next atomic.Int64
	var mu sync.Mutex
	var results []loadResult
	var wg sync.WaitGroup
	deadline := time.Now().Add(d)
	start := time.Now()
	for range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for time.Now().Before(deadline) {
				i := int(next.Add(1)-1) % len(records)
				r := postAnalyze(client, base, records[i], visits)
				mu.Lock()
				results = append(results, r)
				mu.Unlock()
				time.Sleep(r.retryAfter) // a refused client backs off, as clients must
			}
		}()
	}
	wg.Wait()
	wall := time.Since(start)
	repeated := max(0, int(next.Load())-len(records))
	var firstErr string
	for _, r := range results {
		if r.status != 200 {
			failures++
			if firstErr == "" {
				firstErr = fmt.Sprintf("%d %s", r.status, r.err)
			}
		}
	}
	lat := latencies(results, func(int) bool { return true })
	fmt.Fprintf(stdout, "analyze_sustained clients=%d seconds=%.0f visits=%d requests=%d statuses=%q errors=%d p50_ms=%.0f p99_ms=%.0f throughput_rps=%.1f %s\n",
		clients, wall.Seconds(), visits, len(results), statusCounts(results), failures, stats.Ms(stats.Percentile(lat, 50)), stats.Ms(stats.Percentile(lat, 99)),
		float64(len(results))/wall.Seconds(), mem())
	if repeated > 0 {
		fmt.Fprintf(stdout, "analyze_sustained repeated=%d (the %d distinct positions ran out: repeats are cache hits)\n", repeated, len(records))
	}
	if firstErr != "" {
		fmt.Fprintf(stdout, "analyze_sustained first_error=%q\n", firstErr)
	}
	return failures
}

// processMemory returns a function that reports the peak and current
// resident memory of process pid (0: this process) from /proc.
func processMemory(pid int) func() string {
	path := "/proc/self/status"
	who := "process"
	if pid > 0 {
		path, who = "/proc/"+strconv.Itoa(pid)+"/status", "server"
	}
	return func() string {
		data, err := os.ReadFile(path)
		if err != nil {
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			return fmt.Sprintf("go_heap_sys_mb=%.0f", float64(m.HeapSys)/(1<<20))
		}
		field := func(name string) float64 {
			for _, l := range strings.Split(string(data), "\n") {
				if v, ok := strings.CutPrefix(l, name+":"); ok {
					kb, _ := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 64)
					return kb / 1024
				}
			}
			return 0
		}
		return fmt.Sprintf("%s_peak_rss_mb=%.0f %s_rss_mb=%.0f", who, field("VmHWM"), who, field("VmRSS"))
	}
}

// refusalBuckets reads the server's latency histogram of refused
// /v1/analyze requests (status 503) from /metrics: the cumulative count
// per upper bound (seconds, as the "le" label gives it).
func refusalBuckets(client *http.Client, base string) map[string]float64 {
	out := map[string]float64{}
	res, err := client.Get(base + "/metrics")
	if err != nil {
		return out
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	const prefix = `wallzero_http_request_duration_seconds_bucket{method="POST",route="/v1/analyze",status="503",le="`
	for _, l := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(l, prefix); ok {
			le, val, _ := strings.Cut(rest, `"} `)
			out[le], _ = strconv.ParseFloat(strings.TrimSpace(val), 64)
		}
	}
	return out
}

// serverRefusals formats the share of the burst's refusals the server
// answered within 10 ms and 100 ms by its own clock (from reading the
// request to writing the answer).
func serverRefusals(before, after map[string]float64) string {
	total := after["+Inf"] - before["+Inf"]
	if total <= 0 {
		return "server_refusals=0"
	}
	share := func(le string) float64 { return 100 * (after[le] - before[le]) / total }
	return fmt.Sprintf("server_refused_within_10ms_pct=%.1f server_refused_within_100ms_pct=%.1f", share("0.01"), share("0.1"))
}

// within returns the percentage of latencies at most d.
func within(lat []time.Duration, d time.Duration) float64 {
	if len(lat) == 0 {
		return 100
	}
	n := 0
	for _, l := range lat {
		if l <= d {
			n++
		}
	}
	return 100 * float64(n) / float64(len(lat))
}
