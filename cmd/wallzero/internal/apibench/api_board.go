package apibench

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/loadgen"
	"github.com/wallzero/wallzero/cmd/wallzero/internal/stats"
	"github.com/wallzero/wallzero/service/access"
	"github.com/wallzero/wallzero/store"
)

// boardGoal is the hints' p99 the board simulation must keep.
const boardGoal = 2 * time.Second

// boardRun is what a board simulation saw.
type boardRun struct {
	mu      sync.Mutex
	streams map[string]int // outcome: 200, 429 key, 503 streams, 503 admission, 499 cancelled, 5xx...
	hints   []loadResult
	errs    []string
	// maxOpen, maxSearching and maxQueued are the highest
	// wallzero_streams_open, wallzero_admission_searching and _queued
	// polled during the run.
	maxOpen, maxSearching, maxQueued float64
}

func (b *boardRun) stream(outcome, err string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.streams[outcome]++
	if err != "" && len(b.errs) < 10 {
		b.errs = append(b.errs, err)
	}
}

// boardKeys creates n API keys (zero quotas: the server's defaults) in the
// database at url and returns their tokens, for a server run with -auth
// required; without a url it returns n empty tokens (anonymous users).
func boardKeys(ctx context.Context, url string, n int) ([]string, error) {
	tokens := make([]string, n)
	if url == "" {
		return tokens, nil
	}
	st, err := store.Open(ctx, url, store.Options{MaxConns: 2})
	if err != nil {
		return nil, err
	}
	defer st.Close()
	run := strconv.FormatInt(time.Now().UnixNano(), 36)
	for i := range tokens {
		tokens[i], _, err = access.CreateKey(ctx, st, fmt.Sprintf("board-%s-%d", run, i), store.KeyQuotas{})
		if err != nil {
			return nil, fmt.Errorf("board key %d: %w", i, err)
		}
	}
	return tokens, nil
}

// withKey sets the bearer token of a request (none when empty).
func withKey(req *http.Request, token string) {
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
}

// runBoard simulates users of the analysis board for d: each opens a
// streamed analysis at visits (as a click does), cancels it after 50-500
// ms and opens the next, while hintClients clients ask hints (distinct
// positions at hintVisits, back to back, honouring Retry-After). It polls
// /metrics for the streams open and the admission, and reports the
// streams' outcomes, the hints' latency against boardGoal and the
// failures (5xx other than 503, transport errors).
func runBoard(stdout io.Writer, client *http.Client, base string, records [][]string, tokens []string, users, hintClients int,
	visits, hintVisits int, d time.Duration, mem func() string) (failures int) {
	b := &boardRun{streams: map[string]int{}}
	ctx, stop := context.WithTimeout(context.Background(), d)
	defer stop()
	var wg sync.WaitGroup
	for u := range users {
		wg.Add(1)
		rng := rand.New(rand.NewPCG(uint64(u), 11))
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				moves := loadgen.RandomRecord(rng, 10, 30)
				b.click(ctx, client, base, tokens[u], moves, visits, time.Duration(50+rng.IntN(451))*time.Millisecond)
			}
		}()
	}
	var next int
	var nextMu sync.Mutex
	for h := range hintClients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				nextMu.Lock()
				moves := records[next%len(records)]
				next++
				nextMu.Unlock()
				req, _ := http.NewRequest(http.MethodPost, base+"/v1/analyze", bytes.NewReader(analyzeBody(moves, hintVisits)))
				req.Header.Set("Content-Type", "application/json")
				withKey(req, tokens[users+h])
				r := doLoad(client, req)
				if ctx.Err() != nil && r.status == 0 {
					return
				}
				b.mu.Lock()
				b.hints = append(b.hints, r)
				b.mu.Unlock()
				time.Sleep(r.retryAfter)
			}
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		for ctx.Err() == nil {
			m := scrape(client, base, "wallzero_streams_open", "wallzero_admission_searching", "wallzero_admission_queued")
			b.mu.Lock()
			b.maxOpen, b.maxSearching, b.maxQueued = max(b.maxOpen, m[0]), max(b.maxSearching, m[1]), max(b.maxQueued, m[2])
			b.mu.Unlock()
			loadgen.Sleep(ctx, 100*time.Millisecond)
		}
	}()
	wg.Wait()

	limits := scrape(client, base, `wallzero_streams_max{limit="global"}`, `wallzero_streams_max{limit="key"}`,
		`wallzero_streams_refused_total{limit="global"}`, `wallzero_streams_refused_total{limit="key"}`)
	ok := latencies(b.hints, func(s int) bool { return s == http.StatusOK })
	for _, r := range b.hints {
		if r.status != http.StatusOK && r.status != http.StatusTooManyRequests && r.status != http.StatusServiceUnavailable {
			failures++
			if len(b.errs) < 10 {
				b.errs = append(b.errs, fmt.Sprintf("hint %d %.200s", r.status, r.err))
			}
		}
	}
	for outcome, n := range b.streams {
		if strings.HasPrefix(outcome, "5") && !strings.HasPrefix(outcome, "503") || outcome == "0" {
			failures += n
		}
	}
	p99 := stats.Percentile(ok, 99)
	verdict := "pass"
	switch {
	case failures > 0:
		verdict = "fail (failures)"
	case p99 > boardGoal:
		verdict = fmt.Sprintf("fail (hint p99 %.0f ms over %.0f ms)", stats.Ms(p99), stats.Ms(boardGoal))
	case b.maxOpen > limits[0]:
		verdict = "fail (more streams open than -max-streams)"
	}
	fmt.Fprintf(stdout, "board users=%d hint_clients=%d seconds=%.0f visits=%d streams=%q max_streams_open=%.0f max_streams=%.0f max_streams_per_key=%.0f refused_global=%.0f refused_key=%.0f max_searching=%.0f max_queued=%.0f hints=%d hint_statuses=%q hint_p50_ms=%.0f hint_p99_ms=%.0f failures=%d %s verdict=%q\n",
		users, hintClients, d.Seconds(), visits, outcomes(b.streams), b.maxOpen, limits[0], limits[1], limits[2], limits[3], b.maxSearching, b.maxQueued,
		len(ok), statusCounts(b.hints), stats.Ms(stats.Percentile(ok, 50)), stats.Ms(p99), failures, mem(), verdict)
	for _, e := range b.errs {
		fmt.Fprintf(stdout, "board first_failures %q\n", e)
	}
	return failures
}

// click opens one streamed analysis and cancels it after `after`; the
// outcome is the status, with the refusing bound for 429 and 503 ("429
// key", "503 streams", "503 admission"), or 499 when the cancel came
// before the answer's head. A refused click waits out its time: the
// user's next click comes when it comes.
func (b *boardRun) click(ctx context.Context, client *http.Client, base, token string, moves []string, visits int, after time.Duration) {
	cctx, cancel := context.WithTimeout(ctx, after)
	defer cancel()
	data, _ := json.Marshal(map[string]any{"moves": moves, "maxVisits": visits, "topK": 6, "analysisPVLen": 8, "reportDuringSearchEvery": 0.1})
	req, _ := http.NewRequestWithContext(cctx, http.MethodPost, base+"/v1/analyze", bytes.NewReader(data))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "text/event-stream")
	withKey(req, token)
	res, err := client.Do(req)
	if err != nil {
		switch {
		case ctx.Err() != nil:
		case cctx.Err() != nil:
			b.stream("499", "")
		default:
			b.stream("0", err.Error())
		}
		return
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body) // until the cancel, or the end of the stream
	outcome := strconv.Itoa(res.StatusCode)
	switch {
	case res.StatusCode == http.StatusTooManyRequests:
		outcome += " key"
	case res.StatusCode == http.StatusServiceUnavailable && bytes.Contains(body, []byte("-max-streams")):
		outcome += " streams"
	case res.StatusCode == http.StatusServiceUnavailable:
		outcome += " admission"
	}
	msg := ""
	if res.StatusCode >= 500 && res.StatusCode != http.StatusServiceUnavailable {
		msg = fmt.Sprintf("stream %d %.200s", res.StatusCode, body)
	}
	b.stream(outcome, msg)
	<-cctx.Done()
}

// scrape reads the named series (name with labels, as /metrics writes
// them) from the server's /metrics; a missing one is 0.
func scrape(client *http.Client, base string, names ...string) []float64 {
	out := make([]float64, len(names))
	res, err := client.Get(base + "/metrics")
	if err != nil {
		return out
	}
	data, _ := io.ReadAll(res.Body)
	res.Body.Close()
	for _, l := range strings.Split(string(data), "\n") {
		for i, n := range names {
			if v, ok := strings.CutPrefix(l, n+" "); ok {
				out[i], _ = strconv.ParseFloat(strings.TrimSpace(v), 64)
			}
		}
	}
	return out
}

// outcomes formats the streams' outcomes as "200=812 429 key=3 ...".
func outcomes(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s=%d", k, m[k]))
	}
	return strings.Join(parts, " ")
}
