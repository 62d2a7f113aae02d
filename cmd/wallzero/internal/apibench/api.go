package apibench

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"sync"
	"time"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/loadgen"
	"github.com/wallzero/wallzero/cmd/wallzero/internal/program"
	"github.com/wallzero/wallzero/cmd/wallzero/internal/stats"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/service/analysis"
)

// API implements `wallzero bench api`: it serves the API in-process
// on a loopback port over the given PostgreSQL (or uses -url) and measures
// over real HTTP: /v1/analyze latency (distinct positions, cold cache) with
// 1 and 16 concurrent clients, the latency of cache hits (rotated or
// mirrored positions given as boards), and openings scored per minute by a
// batch job.
func API(args []string, stdout, stderr io.Writer) error {
	fs := program.NewFlagSet("bench api", stderr)
	var cfg program.ServeConfig
	cfg.Register(fs, false)
	url := fs.String("url", "", "benchmark a running server instead of an in-process one")
	visits := fs.Int("visits", 200, "maxVisits of the /analyze requests")
	requests := fs.Int("requests", 64, "cold /analyze requests per concurrency level")
	hits := fs.Int("hits", 400, "cache-hit requests")
	openings := fs.Int("openings", 1000, "openings in the batch")
	openingVisits := fs.Int("batch-visits", 32, "maxVisits of each opening of the batch")
	seed := fs.Uint64("seed", 1, "seed of the random positions")
	standard := fs.Bool("standard", true, "run the standard phases (latency at 1 and 16 clients, cache hits, an opening batch)")
	burst := fs.Int("burst", 0, "also send this many distinct /analyze requests all at once (0: no burst)")
	burstReps := fs.Int("burst-reps", 1, "bursts to send, one after another (each with new positions)")
	burstWarm := fs.Bool("burst-warm", true, "open the burst's connections before it (as pooled clients do); false: every request dials")
	sustain := fs.Duration("sustain", 0, "also keep -sustain-clients clients sending distinct requests for this long (0: none)")
	sustainClients := fs.Int("sustain-clients", 16, "clients of the sustained run")
	storm := fs.Int("storm", 0, "also measure a retry storm: this many clients, one distinct /analyze each, all at once, each retrying after the Retry-After it is told until served (0: none)")
	stormSteady := fs.Duration("storm-steady", 30*time.Second, "with -storm: how long 16 clients run first to measure the steady rate the storm is judged against")
	boardUsers := fs.Int("board-users", 0, "also simulate this many board users (each opens a streamed analysis, cancels it after 50-500 ms, opens the next) beside -board-hints hint clients (0: none)")
	boardHints := fs.Int("board-hints", 16, "with -board-users: clients asking hints at -visits meanwhile")
	boardDuration := fs.Duration("board-duration", time.Minute, "with -board-users: how long the simulation runs")
	boardVisits := fs.Int("board-visits", 400, "with -board-users: maxVisits of each stream (the board asks 400)")
	boardKeysDB := fs.String("board-keys-db", "", "with -board-users: create one API key per user and hint client in this database (the server runs -auth required); empty: all anonymous")
	nice := fs.Int("nice", 0, "run this load generator at this niceness (0..19; Linux), so that on a shared machine it measures the server rather than itself")
	serverPID := fs.Int("server-pid", 0, "with -url: the server's process id, to report its peak memory")
	key := fs.String("key", "", "with -url: an API key (wz_...) sent as Authorization: Bearer (env WALLZERO_KEY)")
	versus := fs.Duration("versus", 0, "also compare the service with its own search in one run: -versus-clients HTTP clients against as many searches through the analyzer directly, on fresh positions, in interleaved windows of this long (0: no comparison; in-process server only)")
	versusClients := fs.Int("versus-clients", 16, "with -versus: clients, and searches")
	versusReps := fs.Int("versus-reps", 3, "with -versus: interleaved rounds (medians reported)")
	versusProfile := fs.String("versus-cpuprofile", "", "with -versus: write a CPU profile of the service's windows (server and load generator in one process) to this file")
	if err := program.ParseWithEnv(fs, args); err != nil {
		return err
	}
	cfg.LogLevel = "warn"
	if *nice > 0 {
		if err := loadgen.SetNice(*nice); err != nil {
			return fmt.Errorf("-nice %d: %w", *nice, err)
		}
	}
	if *versus > 0 && *url != "" {
		return fmt.Errorf("-versus: needs the in-process server (no -url): it calls the server's analyzer directly")
	}
	var analyzer *analysis.Analyzer
	base := *url
	if base == "" {
		a, err := program.StartLocal(context.Background(), &cfg, stderr)
		if err != nil {
			return err
		}
		defer a.Close(context.Background())
		base = a.URL
		fmt.Fprintf(stdout, "model=%s job_workers=%d job_parallel=%d\n", a.Svc.Models()[0].ID, cfg.JobWorkers, a.Svc.Config().JobParallel)
		analyzer = a.Svc.Analyses().Analyzer()
	}
	var transport http.RoundTripper = &http.Transport{MaxIdleConnsPerHost: 1024}
	if *key != "" {
		transport = bearer{token: *key, next: transport}
	}
	client := &http.Client{Transport: transport, Timeout: 5 * time.Minute}
	post := func(path string, body any) ([]byte, time.Duration, error) {
		data, _ := json.Marshal(body)
		start := time.Now()
		res, err := client.Post(base+path, "application/json", bytes.NewReader(data))
		if err != nil {
			return nil, 0, err
		}
		defer res.Body.Close()
		out, err := io.ReadAll(res.Body)
		el := time.Since(start)
		if res.StatusCode >= 300 {
			return nil, el, fmt.Errorf("%s: %d %s", path, res.StatusCode, out)
		}
		return out, el, err
	}

	// Distinct mid-game positions (random legal play, 10 to 30 moves).
	rng := rand.New(rand.NewPCG(*seed, 7))
	rules := engine.DefaultRules()
	var positions []engine.Position
	var records [][]string
	seenPos := map[uint64]bool{}
	want := 0
	if *standard {
		want = 2 * *requests
	}
	boardPool := 0
	if *boardUsers > 0 {
		boardPool = sustainPool(*boardHints, *boardDuration)
	}
	stormPool := 0
	if *storm > 0 {
		stormPool = *storm + sustainPool(stormSteadyClients, *stormSteady)
	}
	versusPool := 0
	if *versus > 0 {
		versusPool = 2 * *versusReps * max(sustainPool(*versusClients, *versus), 64)
	}
	for len(positions) < want+*burst**burstReps+sustainPool(*sustainClients, *sustain)+stormPool+boardPool+versusPool {
		p := engine.NewPosition(rules)
		n := 10 + rng.IntN(21)
		var moves []string
		for i := 0; i < n && !p.IsOver(); i++ {
			legal := p.LegalMoves(nil)
			m := legal[rng.IntN(len(legal))]
			p.Apply(m)
			moves = append(moves, m.String())
		}
		if h, _ := p.CanonicalHash(); p.IsOver() || seenPos[h] {
			continue
		} else {
			seenPos[h] = true
		}
		positions, records = append(positions, p), append(records, moves)
	}
	mem := processMemory(*serverPID)
	if *url == "" {
		mem = processMemory(0)
	}
	failures := 0
	for r := range *burstReps {
		if *burst > 0 {
			failures += runBurst(stdout, client, base, records[want+r**burst:want+(r+1)**burst], *visits, *burstWarm, mem)
		}
	}
	if *sustain > 0 {
		failures += runSustained(stdout, client, base, records[want+*burst**burstReps:], *visits, *sustainClients, *sustain, mem)
	}
	if *boardUsers > 0 {
		tokens, err := boardKeys(context.Background(), *boardKeysDB, *boardUsers+*boardHints)
		if err != nil {
			return err
		}
		pool := records[len(records)-stormPool-boardPool : len(records)-stormPool]
		failures += runBoard(stdout, client, base, pool, tokens, *boardUsers, *boardHints, *boardVisits, *visits, *boardDuration, mem)
	}
	if *storm > 0 {
		pool := records[len(records)-stormPool:]
		failures += runStorm(stdout, client, base, pool[*storm:], pool[:*storm], *visits, *stormSteady, mem)
	}
	if *versus > 0 {
		if err := runVersus(stdout, client, base, analyzer, records[len(records)-stormPool-boardPool-versusPool:len(records)-stormPool-boardPool],
			*visits, *versusClients, *versusReps, *versus, *versusProfile); err != nil {
			return err
		}
	}
	if failures > 0 {
		return fmt.Errorf("bench api: %d requests failed", failures)
	}
	if !*standard {
		return nil
	}
	next := 0
	for _, clients := range []int{1, 16} {
		batch := records[next : next+*requests]
		next += *requests
		lat, wall, err := runClients(clients, len(batch), func(i int) (time.Duration, error) {
			_, d, err := post("/v1/analyze", map[string]any{"moves": batch[i], "maxVisits": *visits})
			return d, err
		})
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "analyze_cold visits=%d clients=%d requests=%d p50_ms=%.1f p99_ms=%.1f throughput_rps=%.1f\n",
			*visits, clients, len(batch), stats.Ms(stats.Percentile(lat, 50)), stats.Ms(stats.Percentile(lat, 99)), float64(len(batch))/wall.Seconds())
	}
	// Cache hits: the analysed positions again, as rotated or mirrored
	// boards (a different hash, the same canonical one).
	for _, clients := range []int{1, 4} {
		lat, _, err := runClients(clients, *hits, func(i int) (time.Duration, error) {
			p := positions[i%next]
			q := p.Transformed(grid.AllSymmetries[1+i%7])
			b := engine.DiagramOf(&q)
			out, d, err := post("/v1/analyze", map[string]any{"board": b, "moves": []string{}, "maxVisits": *visits, "topK": 10})
			if err == nil && !bytes.Contains(out, []byte(`"hit":true`)) {
				err = fmt.Errorf("request %d was not a cache hit", i)
			}
			return d, err
		})
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "analyze_cache_hit clients=%d requests=%d p50_ms=%.2f p99_ms=%.2f\n", clients, *hits, stats.Ms(stats.Percentile(lat, 50)), stats.Ms(stats.Percentile(lat, 99)))
	}

	// Openings: distinct sequences of two or three placements of the
	// four-stone opening.
	seen := map[uint64]bool{}
	var batch [][]string
	for len(batch) < *openings {
		p := engine.NewPosition(rules)
		var moves []string
		for k := 0; k < 2+rng.IntN(2); k++ {
			legal := p.LegalMoves(nil)
			m := legal[rng.IntN(len(legal))]
			p.Apply(m)
			moves = append(moves, m.String())
		}
		if h, _ := p.CanonicalHash(); !seen[h] {
			seen[h] = true
			batch = append(batch, moves)
		}
	}
	out, _, err := post("/v1/openings/batch", map[string]any{"openings": batch, "maxVisits": *openingVisits})
	if err != nil {
		return err
	}
	var job struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(out, &job); err != nil {
		return fmt.Errorf("openings batch: %w", err)
	}
	start := time.Now()
	for {
		res, err := client.Get(base + "/v1/jobs/" + job.ID)
		if err != nil {
			return err
		}
		var st struct {
			Status string `json:"status"`
			Error  string `json:"error"`
		}
		err = json.NewDecoder(res.Body).Decode(&st)
		res.Body.Close()
		if err != nil {
			return fmt.Errorf("job %s: %w", job.ID, err)
		}
		if st.Status == "succeeded" {
			break
		}
		if st.Status == "failed" || st.Status == "cancelled" {
			return fmt.Errorf("opening batch %s: %s", st.Status, st.Error)
		}
		time.Sleep(100 * time.Millisecond)
	}
	el := time.Since(start)
	fmt.Fprintf(stdout, "openings_batch openings=%d unique=%d visits=%d seconds=%.1f openings_per_minute=%.0f\n",
		len(batch), len(batch), *openingVisits, el.Seconds(), float64(len(batch))/el.Minutes())
	return nil
}

// runClients runs n requests on `clients` goroutines and returns their
// latencies and the wall time.
func runClients(clients, n int, do func(i int) (time.Duration, error)) ([]time.Duration, time.Duration, error) {
	var mu sync.Mutex
	var lat []time.Duration
	var firstErr error
	work := make(chan int)
	var wg sync.WaitGroup
	start := time.Now()
	for range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				d, err := do(i)
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
				}
				lat = append(lat, d)
				mu.Unlock()
			}
		}()
	}
	for i := 0; i < n; i++ {
		work <- i
	}
	close(work)
	wg.Wait()
	return lat, time.Since(start), firstErr
}

// bearer is a RoundTripper that sends an API key with every request.
type bearer struct {
	token string
	next  http.RoundTripper
}

// RoundTrip implements http.RoundTripper.
func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return b.next.RoundTrip(r)
}

// sustainPool is how many distinct positions a sustained run of d with
// clients clients gets: 50 per client and second (800 requests/s for 16
// clients, far above what a few cores analyse), at least 200 per client, none
// without a sustained run. A run that still gets through them all repeats
// them from the start, and says so (analyze_sustained repeated=N): those
// repeats are cache hits.
func sustainPool(clients int, d time.Duration) int {
	if d < time.Second || clients < 1 {
		return 0
	}
	return max(clients*200, clients*50*int(d/time.Second))
}
