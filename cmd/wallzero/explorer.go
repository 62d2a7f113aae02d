package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/internal/program"
	"github.com/wallzero/wallzero/internal/selfplay"
	"github.com/wallzero/wallzero/internal/stats"
	"github.com/wallzero/wallzero/service"
	"github.com/wallzero/wallzero/store"
)

// runExplorer implements `wallzero explorer fill|selfplay|bench`: the
// opening explorer's table (docs/openings.md).
func runExplorer(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	usage := "usage: wallzero explorer fill|selfplay|bench [flags] (-h for the flags of each)"
	if len(args) == 0 {
		fmt.Fprintln(stderr, usage)
		return errUsage
	}
	switch args[0] {
	case "fill":
		return explorerFill(args[1:], stdout, stderr)
	case "selfplay":
		return explorerSelfplay(args[1:], stdout, stderr)
	case "bench":
		return explorerBench(args[1:], stdout, stderr)
	}
	fmt.Fprintln(stderr, usage)
	return errUsage
}

// explorerEnv is the service the explorer commands work with: the
// serve command's model choice (so the model id matches the server's) and
// the database.
type explorerEnv struct {
	ev  *program.Evaluators
	st  *store.Store
	svc *service.Service
}

// explorerFlags are the flags every explorer command shares.
type explorerFlags struct {
	model    program.ModelFlags
	dbURL    string
	opening  string
	parallel int
}

func (f *explorerFlags) register(name string, stderr io.Writer) *flag.FlagSet {
	fs := newFlagSet("explorer "+name, stderr)
	f.model.RegisterService(fs)
	fs.StringVar(&f.dbURL, "database-url", "", "PostgreSQL URL (env DATABASE_URL)")
	fs.StringVar(&f.opening, "opening", "four-stone", "opening: empty or four-stone")
	fs.IntVar(&f.parallel, "parallel", 4, "searches (or games) in flight at once")
	return fs
}

// open wires the service (migrating the database first).
func (f *explorerFlags) open(ctx context.Context) (*explorerEnv, error) {
	if f.dbURL == "" {
		return nil, fmt.Errorf("no database: set -database-url or DATABASE_URL")
	}
	if _, err := store.Migrate(ctx, f.dbURL); err != nil {
		return nil, err
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	env := &explorerEnv{ev: program.NewServiceEvaluators(f.model)}
	net, models, _, err := program.ChooseModel(env.ev, f.model, log)
	if err != nil {
		env.ev.Close()
		return nil, err
	}
	an := service.NewAnalyzer(service.Evaluators{Network: net, NetworkModel: models[0].ID,
		Heuristic: inference.Heuristic{}, HeuristicModel: inference.HeuristicModelID}, service.DefaultLimits())
	env.st, err = store.Open(ctx, f.dbURL, store.Options{Logger: log})
	if err != nil {
		env.ev.Close()
		return nil, err
	}
	cfg := service.DefaultConfig()
	cfg.JobParallel = max(1, f.parallel)
	env.svc = service.New(cfg, service.Deps{Analyzer: an, Store: env.st, Models: models, Logger: log})
	return env, nil
}

func (e *explorerEnv) close() {
	e.st.Close()
	e.ev.Close()
}

// explorerFill implements `wallzero explorer fill`.
func explorerFill(args []string, stdout, stderr io.Writer) error {
	var f explorerFlags
	fs := f.register("fill", stderr)
	depth := fs.Int("depth", 2, "placements from the start to fill (0: the start only)")
	visits := fs.Int("visits", 100, "visits of each position's search")
	queue := fs.Bool("queue", false, "queue the fill as a job for the workers of `wallzero serve` or `wallzero worker`, print it and return")
	if err := program.ParseWithEnv(fs, args); err != nil {
		return err
	}
	ctx := context.Background()
	env, err := f.open(ctx)
	if err != nil {
		return err
	}
	defer env.close()
	if *queue {
		j, err := env.svc.SubmitExplorerFill(ctx, &service.ExplorerFillRequest{Opening: f.opening, Depth: *depth, Visits: *visits})
		if err != nil {
			return err
		}
		return json.NewEncoder(stdout).Encode(j)
	}
	start := time.Now()
	last := time.Now()
	st, err := env.svc.FillExplorer(ctx, f.opening, *depth, *visits, func(d, done, total int) {
		if time.Since(last) > 5*time.Second || done == total {
			last = time.Now()
			fmt.Fprintf(stderr, "explorer fill: depth %d: %d/%d searched, %.0f s\n", d, done, total, time.Since(start).Seconds())
		}
	})
	if err != nil {
		return err
	}
	return json.NewEncoder(stdout).Encode(map[string]any{
		"opening": f.opening, "depth": *depth, "visits": *visits, "parallel": f.parallel,
		"positions": st.Positions, "searched": st.Searched, "seconds": round2(time.Since(start).Seconds()),
		"tableRows": st.Size.Positions, "rowsByPlaced": st.Size.ByPlaced, "tableBytes": st.Size.Bytes,
		"tableMB": round2(float64(st.Size.Bytes) / (1 << 20)),
	})
}

// explorerSelfplay implements `wallzero explorer selfplay`: it plays
// games with the model and counts their opening states.
func explorerSelfplay(args []string, stdout, stderr io.Writer) error {
	var f explorerFlags
	fs := f.register("selfplay", stderr)
	games := fs.Int("games", 100, "games to play")
	visits := fs.Int("visits", 32, "visits per move")
	sample := fs.Int("sample-moves", 12, "plies sampled in proportion to visits (variety); the rest play the best move")
	seed := fs.Uint64("seed", uint64(time.Now().UnixNano()), "seed of game 0 (game i uses seed+i)")
	if err := program.ParseWithEnv(fs, args); err != nil {
		return err
	}
	rules, err := engine.Rules{Players: 2, Opening: engine.Opening(f.opening)}.Normalize()
	if err != nil {
		return fmt.Errorf("-opening: %w", err)
	}
	ctx := context.Background()
	env, err := f.open(ctx)
	if err != nil {
		return err
	}
	defer env.close()
	eval, info, err := env.ev.Get("")
	if err != nil {
		return err
	}
	cfg := selfplay.Config{FullVisits: *visits, FastVisits: *visits, FullProb: 0, SampleMoves: *sample, LeafBatch: 8}
	ctx = inference.WithPriority(ctx, inference.Batch)
	start := time.Now()
	out := make([]service.SelfplayOpening, *games)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	next := make(chan int)
	for range max(1, f.parallel) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				g, err := selfplay.PlayGame(ctx, eval, cfg, rules, *seed+uint64(i))
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
				}
				if err == nil {
					startPos := engine.NewPosition(rules)
					_, total := startPos.SetupPlacements()
					out[i] = service.SelfplayOpening{Moves: g.Moves[:total], Winner: g.Winner}
				}
				mu.Unlock()
			}
		}()
	}
	for i := range *games {
		next <- i
	}
	close(next)
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	if err := env.svc.RecordSelfplayOpenings(ctx, f.opening, *visits, out); err != nil {
		return err
	}
	res, err := env.svc.Explore(ctx, &service.ExplorerQuery{Opening: f.opening})
	if err != nil {
		return err
	}
	return json.NewEncoder(stdout).Encode(map[string]any{
		"opening": f.opening, "model": info.ID, "games": *games, "visits": *visits, "seconds": round2(time.Since(start).Seconds()),
		"gamesCounted": res.SelfplayGames, "frequent": res.Frequent,
	})
}

// explorerBench implements `wallzero explorer bench`: the latency of
// explorer answers read from the table (the service call, no HTTP).
func explorerBench(args []string, stdout, stderr io.Writer) error {
	var f explorerFlags
	fs := f.register("bench", stderr)
	n := fs.Int("n", 200, "lookups")
	moves := fs.String("moves", "", "the node to look up, comma-separated placements (its path must be in the table)")
	if err := program.ParseWithEnv(fs, args); err != nil {
		return err
	}
	ctx := context.Background()
	env, err := f.open(ctx)
	if err != nil {
		return err
	}
	defer env.close()
	q := &service.ExplorerQuery{Opening: f.opening}
	if *moves != "" {
		q.Moves = strings.Split(*moves, ",")
	}
	// Warm up (and make sure the path is in the table).
	if _, err := env.svc.Explore(ctx, q); err != nil {
		return err
	}
	times := make([]time.Duration, *n)
	for i := range times {
		t0 := time.Now()
		res, err := env.svc.Explore(ctx, q)
		if err != nil {
			return err
		}
		times[i] = time.Since(t0)
		for _, st := range res.Steps {
			if st.Computed {
				return fmt.Errorf("lookup %d searched step %d: not a cache hit", i, st.Placed)
			}
		}
	}
	ms := func(q float64) float64 {
		return round2(float64(stats.Quantile(times, q).Microseconds()) / 1000)
	}
	return json.NewEncoder(stdout).Encode(map[string]any{"opening": f.opening, "moves": q.Moves, "lookups": *n,
		"p50ms": ms(0.5), "p90ms": ms(0.9), "p99ms": ms(0.99), "maxms": ms(1)})
}

func round2(v float64) float64 { return float64(int64(v*100+0.5)) / 100 }
