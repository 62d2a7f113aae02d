package wsbench

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"time"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/loadgen"
	"github.com/wallzero/wallzero/cmd/wallzero/internal/program"
	"github.com/wallzero/wallzero/cmd/wallzero/internal/stats"
)

// Goals of the workspace under load (docs/workspace.md): hints' p99 while
// an import is reviewed within P99Goal times the idle p99, and the
// import's games per minute under the hints at least ThroughputGoal of
// its pace alone.
const (
	P99Goal        = 2.0
	ThroughputGoal = 0.9
)

// reviewRun is one collection's import and background reviews.
type reviewRun struct {
	Games          int     `json:"games"`
	Positions      int     `json:"positions"`
	Failed         int     `json:"failed"`
	ImportSeconds  float64 `json:"importSeconds"`
	Seconds        float64 `json:"seconds"`
	GamesPerMinute float64 `json:"gamesPerMinute"`
	// PositionsPerMinute is the same pace in positions, which does not
	// depend on the games' lengths.
	PositionsPerMinute float64 `json:"positionsPerMinute"`
}

// Report is the benchmark's JSON: the settings, the hints idle and under
// the import with their p99 ratio, the two imports with their pace ratio,
// and whether each goal was met.
type Report struct {
	Model           string      `json:"model,omitempty"`
	ReviewVisits    int         `json:"reviewVisits,omitempty"`
	HintVisits      int         `json:"hintVisits"`
	Clients         int         `json:"clients"`
	ThinkMs         float64     `json:"thinkMs"`
	JobWorkers      int         `json:"jobWorkers,omitempty"`
	Idle            hintSummary `json:"hintsIdle"`
	Loaded          hintSummary `json:"hintsUnderImport"`
	P99Ratio        float64     `json:"p99Ratio"`
	P99Met          bool        `json:"p99GoalMet"`
	UnderHints      reviewRun   `json:"importUnderHints"`
	Alone           reviewRun   `json:"importAlone"`
	ThroughputRatio float64     `json:"throughputRatio"`
	ThroughputMet   bool        `json:"throughputGoalMet"`
}

// Workspace implements `wallzero bench workspace`: it serves the API
// in-process over the given PostgreSQL (or uses -url) and measures, over
// real HTTP, (a) the latency of hints (/v1/analyze) from -clients clients
// on an idle server; (b) the same clients while one import of -games
// games is reviewed in the background, and (c) that import's games per
// minute against another -games games imported and reviewed with no hint
// clients. The two imports are different games of one source (so neither
// reads the other's reviews from the cache); the import under the hints
// runs first, so positions the two share favour the one alone.
func Workspace(args []string, stdout, stderr io.Writer) error {
	fs := program.NewFlagSet("bench workspace", stderr)
	var cfg program.ServeConfig
	cfg.Register(fs, false)
	url := fs.String("url", "", "benchmark a running server (-auth off) instead of an in-process one")
	games := fs.Int("games", 500, "games of each of the two imports")
	gamesFile := fs.String("games-file", "", "JSON lines of games (`wallzero match -save-games`); it needs 2 x -games lines (fewer: -games is halved to fit); empty: generated games")
	minPlies := fs.Int("min-plies", 20, "generated games: fewest moves")
	maxPlies := fs.Int("max-plies", 60, "generated games: most moves")
	clients := fs.Int("clients", 16, "hint clients")
	hintVisits := fs.Int("hint-visits", 0, "maxVisits of each hint (0: the service's default, -default-visits)")
	think := fs.Duration("think", time.Second, "each hint client's pause between hints")
	idle := fs.Duration("idle", 30*time.Second, "how long the hints run against the idle server")
	timeout := fs.Duration("timeout", time.Hour, "longest wait for one import's reviews")
	seed := fs.Uint64("seed", 1, "seed of the generated games and the hints' positions")
	jsonOut := fs.String("json", "", "also write the report's JSON to this file (it is always printed last)")
	nice := fs.Int("nice", 0, "run at this niceness (0..19; Linux)")
	if err := program.ParseWithEnv(fs, args); err != nil {
		return err
	}
	cfg.LogLevel = "warn"
	if *nice > 0 {
		if err := loadgen.SetNice(*nice); err != nil {
			return fmt.Errorf("-nice %d: %w", *nice, err)
		}
	}
	lines, err := gameLines(*gamesFile, *games, *seed, *minPlies, *maxPlies)
	if err != nil {
		return err
	}
	n := len(lines) / 2
	rep := Report{HintVisits: *hintVisits, Clients: *clients, ThinkMs: stats.Ms(*think)}
	base := *url
	if base == "" {
		a, err := program.StartLocal(context.Background(), &cfg, stderr)
		if err != nil {
			return err
		}
		defer a.Close(context.Background())
		base = a.URL
		rep.Model, rep.ReviewVisits, rep.JobWorkers = a.Svc.Models()[0].ID, a.Svc.Config().ReviewVisits, cfg.JobWorkers
		if rep.HintVisits == 0 {
			rep.HintVisits = a.Svc.Analyses().Analyzer().Limits().DefaultVisits
		}
	}
	c := &Client{HTTP: &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 256}, Timeout: 10 * time.Minute}, Base: base}
	h := &hintClients{c: c, clients: *clients, visits: *hintVisits, think: *think, seed: *seed}
	ctx := context.Background()

	fmt.Fprintf(stderr, "hints against the idle server for %s\n", *idle)
	ictx, stop := context.WithTimeout(ctx, *idle)
	idleLoad := h.run(ictx)
	stop()
	rep.Idle = idleLoad.summary()

	fmt.Fprintf(stderr, "importing %d games, reviewed under the hints\n", n)
	lctx, stopHints := context.WithCancel(ctx)
	loadedc := make(chan hintLoad, 1)
	go func() { loadedc <- h.run(lctx) }()
	rep.UnderHints, err = importAndWait(ctx, c, "under hints", lines[:n], *timeout)
	stopHints()
	loaded := <-loadedc
	if err != nil {
		return err
	}
	rep.Loaded = loaded.summary()

	fmt.Fprintf(stderr, "importing %d other games, reviewed alone\n", n)
	if rep.Alone, err = importAndWait(ctx, c, "alone", lines[n:2*n], *timeout); err != nil {
		return err
	}
	if rep.Idle.P99Ms > 0 {
		rep.P99Ratio = stats.Round2(rep.Loaded.P99Ms / rep.Idle.P99Ms)
	}
	if rep.Alone.GamesPerMinute > 0 {
		rep.ThroughputRatio = stats.Round2(rep.UnderHints.GamesPerMinute / rep.Alone.GamesPerMinute)
	}
	rep.P99Met = rep.P99Ratio > 0 && rep.P99Ratio <= P99Goal
	rep.ThroughputMet = rep.ThroughputRatio >= ThroughputGoal
	printTable(stdout, rep)
	for _, e := range append(idleLoad.First, loaded.First...) {
		fmt.Fprintf(stdout, "hint error: %s\n", e)
	}
	data, _ := json.MarshalIndent(rep, "", "  ")
	fmt.Fprintf(stdout, "%s\n", data)
	if *jsonOut != "" {
		if err := os.WriteFile(*jsonOut, append(data, '\n'), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// gameLines returns 2n game lines: from the file (halving n to fit), or
// generated.
func gameLines(path string, n int, seed uint64, lo, hi int) ([]string, error) {
	if path == "" {
		if n < 1 || lo < 1 || hi < lo {
			return nil, fmt.Errorf("-games %d, -min-plies %d, -max-plies %d: want games >= 1 and 1 <= min <= max", n, lo, hi)
		}
		return Generate(2*n, seed, lo, hi), nil
	}
	lines, err := ReadGames(path)
	if err != nil {
		return nil, err
	}
	if len(lines) < 2 {
		return nil, fmt.Errorf("-games-file %s: %d games, need at least 2 (one for each import)", path, len(lines))
	}
	return lines[:2*min(n, len(lines)/2)], nil
}

// importAndWait makes a collection, imports lines into it in one call and
// waits until every review has ended.
func importAndWait(ctx context.Context, c *Client, name string, lines []string, timeout time.Duration) (reviewRun, error) {
	id, err := c.CreateCollection(ctx, "bench "+name)
	if err != nil {
		return reviewRun{}, err
	}
	start := time.Now()
	imp, err := c.Import(ctx, id, lines)
	if err != nil {
		return reviewRun{}, fmt.Errorf("import %s: %w", name, err)
	}
	imported := time.Since(start)
	wctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	col, err := c.WaitFinished(wctx, id, 250*time.Millisecond)
	if err != nil {
		return reviewRun{}, err
	}
	took := time.Since(start)
	return reviewRun{
		Games: imp.Imported, Positions: col.Progress.PositionsTotal, Failed: col.Progress.Failed + col.Progress.Cancelled,
		ImportSeconds: stats.Round2(imported.Seconds()), Seconds: stats.Round2(took.Seconds()),
		GamesPerMinute:     stats.Round2(float64(col.Progress.Done) / took.Minutes()),
		PositionsPerMinute: stats.Round2(float64(col.Progress.PositionsDone) / took.Minutes()),
	}, nil
}

// printTable writes the report as a table.
func printTable(w io.Writer, r Report) {
	fmt.Fprintf(w, "model=%s review_visits=%d hint_visits=%d clients=%d think_ms=%.0f job_workers=%d\n",
		r.Model, r.ReviewVisits, r.HintVisits, r.Clients, r.ThinkMs, r.JobWorkers)
	fmt.Fprintf(w, "%-28s %9s %9s %9s %9s %7s %7s\n", "hints", "requests", "p50_ms", "p99_ms", "max_ms", "per_s", "errors")
	for _, row := range []struct {
		name string
		s    hintSummary
	}{{"idle server", r.Idle}, {"while an import is reviewed", r.Loaded}} {
		fmt.Fprintf(w, "%-28s %9d %9.1f %9.1f %9.1f %7.1f %7d\n", row.name, row.s.Requests, row.s.P50Ms, row.s.P99Ms, row.s.MaxMs, row.s.PerSec, row.s.Errors)
	}
	fmt.Fprintf(w, "%-28s %9s %9s %9s %9s %9s %9s %7s\n", "import", "games", "positions", "import_s", "total_s", "games/min", "pos/min", "failed")
	for _, row := range []struct {
		name string
		r    reviewRun
	}{{"under the hint clients", r.UnderHints}, {"alone", r.Alone}} {
		fmt.Fprintf(w, "%-28s %9d %9d %9.1f %9.1f %9.1f %9.0f %7d\n", row.name, row.r.Games, row.r.Positions, row.r.ImportSeconds, row.r.Seconds, row.r.GamesPerMinute, row.r.PositionsPerMinute, row.r.Failed)
	}
	verdict := map[bool]string{true: "met", false: "NOT met"}
	fmt.Fprintf(w, "hints p99 under the import / idle: %.2f (goal <= %.1f: %s)\n", r.P99Ratio, P99Goal, verdict[r.P99Met])
	fmt.Fprintf(w, "games per minute under the hints / alone: %.2f (goal >= %.2f: %s)\n", r.ThroughputRatio, ThroughputGoal, verdict[r.ThroughputMet])
}
