package soak

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/loadgen"
	"github.com/wallzero/wallzero/cmd/wallzero/internal/program"
	"github.com/wallzero/wallzero/cmd/wallzero/internal/stats"
	"github.com/wallzero/wallzero/store"
)

// soakSample is one sample of the server under the soak's load.
type soakSample struct {
	// Seconds since the load started.
	Seconds float64 `json:"t"`
	// RSSMB is the server's resident memory, Threads its OS threads, FDs
	// its open descriptors (from /proc).
	RSSMB   float64 `json:"rssMB"`
	Threads int     `json:"threads"`
	FDs     int     `json:"fds"`
	// Goroutines is go_goroutines of the server's /metrics.
	Goroutines int `json:"goroutines"`
	// DBConns counts the connections to the database (the soak's own
	// excluded); TablesMB the size of every table, TableMB each one's.
	DBConns  int                `json:"dbConns"`
	TablesMB float64            `json:"tablesMB"`
	TableMB  map[string]float64 `json:"tableMB,omitempty"`
	// Requests and Errors are the load's answers so far and its errors.
	Requests int `json:"requests"`
	Errors   int `json:"errors"`
}

// Soak implements `wallzero bench soak`: a mixed load (hints, board users
// cancelling streams, reviews, opening batches, explorer reads, hostile
// requests) on a running server for -duration, sampling every -every the
// server's memory, threads, descriptors, goroutines, database connections
// and table sizes; it writes the samples (CSV and JSON), an SVG plot, and
// a verdict on growth after the warm-up.
func Soak(args []string, stdout, stderr io.Writer) error {
	fs := program.NewFlagSet("bench soak", stderr)
	url := fs.String("url", "", "the server's base URL, e.g. http://127.0.0.1:8080 (required)")
	pid := fs.Int("server-pid", 0, "the server's process id, for its memory, threads and descriptors (required)")
	dbURL := fs.String("database-url", "", "the server's PostgreSQL, for connections and table sizes (empty: not sampled)")
	duration := fs.Duration("duration", 30*time.Minute, "how long the load runs")
	every := fs.Duration("every", 5*time.Second, "time between samples")
	warmup := fs.Duration("warmup", 0, "the warm-up the verdict leaves out (0: a sixth of -duration)")
	out := fs.String("out", "soak", "prefix of the output files: PREFIX.csv, PREFIX.json, PREFIX.svg")
	nice := fs.Int("nice", 10, "niceness of this load generator (0..19; Linux): the server keeps priority on a shared machine")
	seed := fs.Uint64("seed", 1, "seed of the positions")
	mix := DefaultMix()
	fs.IntVar(&mix.Hints, "hints", mix.Hints, "clients sending /v1/analyze back to back")
	fs.IntVar(&mix.Streams, "streams", mix.Streams, "board users: a streamed analysis cancelled after 50-500 ms, then the next")
	fs.IntVar(&mix.Reviews, "reviews", mix.Reviews, "clients submitting a review and polling it to its end")
	fs.IntVar(&mix.Openings, "openings", mix.Openings, "clients submitting a batch of 10 openings and polling it")
	fs.IntVar(&mix.Explorer, "explorer", mix.Explorer, "clients reading the opening explorer")
	fs.IntVar(&mix.Hostile, "hostile", mix.Hostile, "clients sending hostile requests (each must get a 4xx)")
	fs.IntVar(&mix.Visits, "visits", mix.Visits, "maxVisits of the hints (streams ask 4 times as many)")
	fs.IntVar(&mix.JobVisits, "job-visits", mix.JobVisits, "maxVisits of the reviews and opening batches")
	if err := program.ParseWithEnv(fs, args); err != nil {
		return err
	}
	if *url == "" || *pid <= 0 {
		return errors.New("bench soak: -url and -server-pid are required")
	}
	if *warmup <= 0 {
		*warmup = *duration / 6
	}
	if *nice > 0 {
		if err := loadgen.SetNice(*nice); err != nil {
			return fmt.Errorf("-nice %d: %w", *nice, err)
		}
	}
	ctx := context.Background()
	var st *store.Store
	if *dbURL != "" {
		var err error
		if st, err = store.Open(ctx, *dbURL, store.Options{MaxConns: 2}); err != nil {
			return err
		}
		defer st.Close()
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 256}, Timeout: 2 * time.Minute}
	load := NewMixedLoad(*url, client, mix)
	lctx, stop := context.WithTimeout(ctx, *duration)
	defer stop()
	done := make(chan struct{})
	go func() { load.Run(lctx, *seed); close(done) }()

	start := time.Now()
	var samples []soakSample
	tick := time.NewTicker(*every)
	defer tick.Stop()
	fmt.Fprintf(stdout, "soak duration=%s every=%s warmup=%s mix=%+v\n", *duration, *every, *warmup, mix)
	lastPrint := time.Time{}
	for running := true; running; {
		select {
		case <-lctx.Done():
			running = false
		case <-tick.C:
		}
		s := sampleServer(ctx, client, *url, *pid, st)
		s.Seconds = time.Since(start).Seconds()
		ls := load.Stats()
		for _, byStatus := range ls.Counts {
			for _, n := range byStatus {
				s.Requests += n
			}
		}
		s.Errors = ls.Errors
		samples = append(samples, s)
		if time.Since(lastPrint) >= time.Minute || !running {
			lastPrint = time.Now()
			fmt.Fprintf(stdout, "soak_sample t=%.0fs rss_mb=%.1f threads=%d goroutines=%d fds=%d db_conns=%d tables_mb=%.1f requests=%d errors=%d\n",
				s.Seconds, s.RSSMB, s.Threads, s.Goroutines, s.FDs, s.DBConns, s.TablesMB, s.Requests, s.Errors)
		}
	}
	<-done
	ls := load.Stats()
	v := judgeSoak(samples, warmup.Seconds(), ls.Errors)
	fmt.Fprintf(stdout, "soak_requests %s\n", ls)
	fmt.Fprintf(stdout, "soak_hints ok=%d p50_ms=%.0f p99_ms=%.0f\n", len(ls.Hints), stats.Ms(stats.Percentile(ls.Hints, 50)), stats.Ms(stats.Percentile(ls.Hints, 99)))
	for _, e := range ls.FirstErrors {
		fmt.Fprintf(stdout, "soak_error %q\n", e)
	}
	for _, f := range v.Findings {
		fmt.Fprintf(stdout, "soak_growth %s\n", f)
	}
	fmt.Fprintf(stdout, "soak_verdict %s\n", v.Verdict)
	return writeSoak(*out, samples, *warmup, v, ls)
}

// sampleServer reads the server's process from /proc, its goroutines from
// /metrics and, with st, the database's connections and table sizes.
// What cannot be read stays zero.
func sampleServer(ctx context.Context, client *http.Client, base string, pid int, st *store.Store) soakSample {
	var s soakSample
	dir := "/proc/" + strconv.Itoa(pid)
	if data, err := os.ReadFile(dir + "/status"); err == nil {
		for _, l := range strings.Split(string(data), "\n") {
			if v, ok := strings.CutPrefix(l, "VmRSS:"); ok {
				kb, _ := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 64)
				s.RSSMB = kb / 1024
			}
			if v, ok := strings.CutPrefix(l, "Threads:"); ok {
				s.Threads, _ = strconv.Atoi(strings.TrimSpace(v))
			}
		}
	}
	if fds, err := os.ReadDir(dir + "/fd"); err == nil {
		s.FDs = len(fds)
	}
	if res, err := client.Get(base + "/metrics"); err == nil {
		data, _ := io.ReadAll(res.Body)
		res.Body.Close()
		for _, l := range strings.Split(string(data), "\n") {
			if v, ok := strings.CutPrefix(l, "go_goroutines "); ok {
				f, _ := strconv.ParseFloat(strings.TrimSpace(v), 64)
				s.Goroutines = int(f)
			}
		}
	}
	if st != nil {
		qctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		if f, err := st.Footprint(qctx); err == nil {
			s.DBConns = f.Connections
			s.TableMB = map[string]float64{}
			for name, b := range f.TableBytes {
				s.TableMB[name] = float64(b) / (1 << 20)
				s.TablesMB += float64(b) / (1 << 20)
			}
		}
	}
	return s
}

// writeSoak writes PREFIX.csv, PREFIX.json and PREFIX.svg.
func writeSoak(prefix string, samples []soakSample, warmup time.Duration, v soakVerdict, ls MixedStats) error {
	var csv strings.Builder
	csv.WriteString("t_s,rss_mb,threads,goroutines,fds,db_conns,tables_mb,requests,errors\n")
	for _, s := range samples {
		fmt.Fprintf(&csv, "%.1f,%.1f,%d,%d,%d,%d,%.2f,%d,%d\n", s.Seconds, s.RSSMB, s.Threads, s.Goroutines, s.FDs, s.DBConns, s.TablesMB, s.Requests, s.Errors)
	}
	if err := os.WriteFile(prefix+".csv", []byte(csv.String()), 0o644); err != nil {
		return err
	}
	doc := map[string]any{"warmupSeconds": warmup.Seconds(), "verdict": v, "requests": ls.Counts, "errors": ls.Errors,
		"firstErrors": ls.FirstErrors, "hintP50Ms": stats.Ms(stats.Percentile(ls.Hints, 50)), "hintP99Ms": stats.Ms(stats.Percentile(ls.Hints, 99)), "samples": samples}
	data, err := json.MarshalIndent(doc, "", " ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(prefix+".json", data, 0o644); err != nil {
		return err
	}
	return os.WriteFile(prefix+".svg", []byte(soakSVG(samples, warmup.Seconds(), v)), 0o644)
}
