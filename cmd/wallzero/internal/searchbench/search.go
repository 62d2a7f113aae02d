package searchbench

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/cpupeak"
	"github.com/wallzero/wallzero/cmd/wallzero/internal/gameinput"
	"github.com/wallzero/wallzero/cmd/wallzero/internal/program"
	"github.com/wallzero/wallzero/cmd/wallzero/internal/stats"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/search"
)

// benchMidgame is the mid-game position of the search benchmarks.
var benchMidgame = []string{"C3", "E3", "C5", "E5", "E5-E4:N", "E3-D3:S", "C3-C2:E", "C5-C6:E", "B6-B7:E", "F6-F5:W"}

// Search implements `wallzero bench search`: raw batched network
// throughput and its share of the cores' measured FMA peak, MCTS
// simulations per second with 1, 4 and 16 concurrent searches and the
// latency of one 400-visit analysis (each with the batcher's current and
// former way of handing out a search's leaves, interleaved), and hints
// along a game with the evaluation cache. -batches and -searches change
// the batch sizes and the numbers of concurrent searches (a GPU wants
// larger ones).
func Search(args []string, stdout, stderr io.Writer) error {
	fs := program.NewFlagSet("bench search", stderr)
	var mf program.ModelFlags
	mf.Register(fs)
	seconds := fs.Float64("seconds", 3, "duration of each throughput measurement")
	visits := fs.Int("visits", 400, "visits of the latency measurement")
	runs := fs.Int("runs", 9, "repetitions of the latency measurement (median reported)")
	leafBatch := fs.Int("leaf-batch", 16, "leaves in flight per search")
	leafCalls := fs.Int("leaf-calls", 2, "evaluator calls the leaves in flight are split into in the pipelined measurements (0 or 1: no pipelined measurements)")
	reps := fs.Int("reps", 3, "rounds of the throughput measurements (medians reported)")
	beforeModel := fs.String("before-model", "", "ONNX model of the one-worker (before) measurements, e.g. an earlier file of the same network (default: the model)")
	cpuProfile := fs.String("cpuprofile", "", "instead of the measurements, run -profile-searches concurrent searches for -seconds under Go's CPU profiler and write the profile to this file")
	searchCounts := fs.String("searches", "1,4,16", "numbers of concurrent searches of the throughput measurements")
	batchSizes := fs.String("batches", "1,8,32,128", "batch sizes of the raw network throughput measurement (a GPU wants up to 1024 or more)")
	profileSearches := fs.Int("profile-searches", 16, "concurrent searches of the -cpuprofile run")
	oneWorker := fs.Bool("one-worker", true, "also measure the one-worker batching (the behaviour before spreading); false halves the run, as a sweep of settings wants")
	hints := fs.Bool("hints", true, "also measure hints along a game with the evaluation cache")
	if err := fs.Parse(args); err != nil {
		return err
	}
	sizes, err := program.PositiveInts("batches", *batchSizes)
	if err != nil {
		return err
	}
	counts, err := program.PositiveInts("searches", *searchCounts)
	if err != nil {
		return err
	}
	path, err := program.NewEvaluators(mf).ResolveModel("")
	if err != nil {
		return err
	}
	lib, err := mf.Library()
	if err != nil {
		return err
	}
	if err := inference.InitRuntime(lib); err != nil {
		return err
	}
	netCfg := mf.NetworkConfig()
	net, err := inference.LoadNetwork(path, netCfg)
	if err != nil {
		return err
	}
	defer net.Close()
	before := net
	if *beforeModel != "" {
		if before, err = inference.LoadNetwork(*beforeModel, netCfg); err != nil {
			return err
		}
		defer before.Close()
	}
	g, err := gameinput.ReplayMoves(engine.DefaultRules(), benchMidgame)
	if err != nil {
		return err
	}
	dur := time.Duration(*seconds * float64(time.Second))
	fmt.Fprintf(stdout, "model=%s blocks=%d channels=%d workers=%d max_batch=%d provider=%s\n", net.Info.ID, net.Info.Blocks, net.Info.Channels, mf.Workers, mf.MaxBatch, mf.Provider)
	if inference.Provider(mf.Provider) == inference.ProviderCUDA {
		fmt.Fprintf(stdout, "cuda_options=%s\n", inference.FormatCUDAOptions(netCfg.CUDAOptions))
	}
	if sizes := net.FixedBatches(); sizes != nil {
		fmt.Fprintf(stdout, "fixed_batches=%s\n", strings.Trim(strings.Join(strings.Fields(fmt.Sprint(sizes)), ","), "[]"))
	}
	if *cpuProfile != "" {
		return profileSearch(net, g.Final, *profileSearches, *leafBatch, mf, dur, *cpuProfile, stdout)
	}
	if before != net {
		fmt.Fprintf(stdout, "before_model=%s file=%s (the one-worker measurements)\n", before.Info.ID, *beforeModel)
	}

	// The machine's speed drifts (shared cores), so the measurements are
	// interleaved over -reps rounds and their medians compared. Every
	// search measurement runs twice, with the batcher spreading a call
	// over the idle workers (the service's setting) and with one worker
	// per call (the behaviour before), so the two are compared in one run,
	// and a third time spread with each search's leaves in -leaf-calls
	// calls (search.Config.LeafCalls).
	modes := []batchMode{{name: "spread", net: net}}
	if *oneWorker {
		modes = append(modes, batchMode{name: "one-worker", oneWorker: true, net: before})
	}
	if *leafCalls > 1 {
		modes = append(modes, batchMode{name: fmt.Sprintf("pipelined-%d", *leafCalls), leafCalls: *leafCalls, net: net})
	}
	raw := make([][]float64, len(sizes))
	sims := make([][][]float64, len(modes))
	batches := make([][][]float64, len(modes))
	lat := make([][]time.Duration, len(modes))
	for m := range modes {
		sims[m], batches[m] = make([][]float64, len(counts)), make([][]float64, len(counts))
	}
	perRep := max(1, (*runs+*reps-1) / *reps)
	for range *reps {
		for i, bs := range sizes {
			raw[i] = append(raw[i], rawThroughput(net, g.Final, bs, mf.Workers, dur))
		}
		for m, mode := range modes {
			for i, n := range counts {
				rate, st := searchThroughput(mode.net, g.Final, n, *leafBatch, mf, mode, dur)
				sims[m][i] = append(sims[m][i], rate)
				batches[m][i] = append(batches[m][i], st.MeanBatch())
			}
		}
		for range perRep {
			for m, mode := range modes {
				d, err := coldAnalysis(mode.net, mf, mode, g.Final, *visits, *leafBatch)
				if err != nil {
					return err
				}
				lat[m] = append(lat[m], d)
			}
		}
	}
	best := 0.0
	for i, bs := range sizes {
		m := stats.Median(raw[i])
		best = max(best, m)
		fmt.Fprintf(stdout, "raw_evals_per_sec batch=%d %.0f\n", bs, m)
	}
	flops := float64(inference.FLOPsPerPosition(net.Info))
	if net.Info.Quantized() {
		fmt.Fprintf(stdout, "network_mflops_per_position=%.1f (8-bit model: integer multiply-adds, no float peak to compare with) best_raw_gop_per_sec=%.1f\n", flops/1e6, best*flops/1e9)
	} else if peak := cpupeak.MeasureBest(mf.Workers, time.Second); peak.GFLOPS > 0 {
		fmt.Fprintf(stdout, "network_mflops_per_position=%.1f peak_gflops threads=%d vector_bits=%d %.1f best_raw_gflops=%.1f share_of_peak=%.2f\n",
			flops/1e6, mf.Workers, peak.Bits, peak.GFLOPS, best*flops/1e9, best*flops/1e9/peak.GFLOPS)
	} else {
		fmt.Fprintf(stdout, "network_mflops_per_position=%.1f best_raw_gflops=%.1f (no AVX2/FMA peak measurement on this CPU)\n", flops/1e6, best*flops/1e9)
	}
	for m, mode := range modes {
		for i, n := range counts {
			r := stats.Median(sims[m][i])
			fmt.Fprintf(stdout, "mcts_sims_per_sec batching=%s searches=%d %.0f mean_batch=%.1f ratio_to_best_raw=%.2f\n", mode.name, n, r, stats.Median(batches[m][i]), r/best)
		}
	}
	for m, mode := range modes {
		d := append([]time.Duration(nil), lat[m]...)
		sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
		fmt.Fprintf(stdout, "analysis_latency_ms batching=%s visits=%d leaf_batch=%d median=%.1f min=%.1f max=%.1f\n", mode.name, *visits, *leafBatch,
			stats.Ms(d[len(d)/2]), stats.Ms(d[0]), stats.Ms(d[len(d)-1]))
	}
	for m, mode := range modes[1:] {
		if mode.oneWorker {
			fmt.Fprintf(stdout, "analysis_speedup spread_vs_one_worker=%.2f\n", float64(stats.Median(lat[m+1]))/float64(stats.Median(lat[0])))
		} else {
			fmt.Fprintf(stdout, "analysis_speedup %s_vs_spread=%.2f\n", mode.name, float64(stats.Median(lat[0]))/float64(stats.Median(lat[m+1])))
		}
	}
	if !*hints {
		return nil
	}
	return benchHints(net, mf, g, *visits, *leafBatch, *runs, stdout)
}

// batchMode names a way the batcher hands calls to its workers, and the
// network it runs.
type batchMode struct {
	name      string
	oneWorker bool
	leafCalls int // search.Config.LeafCalls
	net       *inference.Network
}

// coldAnalysis times one analysis of pos on a fresh batcher without an
// evaluation cache.
func coldAnalysis(net *inference.Network, mf program.ModelFlags, mode batchMode, pos engine.Position, visits, leafBatch int) (time.Duration, error) {
	b := inference.NewBatcher(net, inference.BatcherConfig{MaxBatch: mf.MaxBatch, Workers: mf.Workers, Nice: mf.Nice, OneWorkerPerCall: mode.oneWorker})
	defer b.Close()
	cfg := search.DefaultConfig()
	cfg.MaxVisits, cfg.LeafBatch, cfg.LeafCalls = visits, leafBatch, mode.leafCalls
	d, _, err := timedSearch(b, cfg, pos, nil)
	return d, err
}

// benchHints measures hints along a game, as an app asks for one after
// every move: each analysis is of the position two plies after the
// previous one (its best move and the best reply), on one batcher with the
// evaluation cache on, as the service runs, so that the subtree the last
// search explored is not evaluated again. The same positions analysed cold
// (no cache) are the comparison.
func benchHints(net *inference.Network, mf program.ModelFlags, g *engine.Game, visits, leafBatch, runs int, stdout io.Writer) error {
	cfg := search.DefaultConfig()
	cfg.MaxVisits, cfg.LeafBatch = visits, leafBatch
	history := []engine.Position{g.Final}
	warm := inference.NewBatcher(net, inference.BatcherConfig{MaxBatch: mf.MaxBatch, Workers: mf.Workers, Nice: mf.Nice, CacheSize: 200_000})
	defer warm.Close()
	var warmTimes, coldTimes []time.Duration
	var warmEvals, coldEvals int64
	for i := 0; i < runs && !history[len(history)-1].IsOver(); i++ {
		pos := history[len(history)-1]
		before := warm.Stats().Samples
		d, res, err := timedSearch(warm, cfg, pos, recentFirst(history))
		if err != nil {
			return err
		}
		warmTimes, warmEvals = append(warmTimes, d), warmEvals+warm.Stats().Samples-before
		cold := inference.NewBatcher(net, inference.BatcherConfig{MaxBatch: mf.MaxBatch, Workers: mf.Workers, Nice: mf.Nice})
		d, _, err = timedSearch(cold, cfg, pos, recentFirst(history))
		coldEvals += cold.Stats().Samples
		cold.Close()
		if err != nil {
			return err
		}
		coldTimes = append(coldTimes, d)
		// Play the best move and the best reply of its line.
		next := pos
		next.Apply(res.Best)
		history = append(history, next)
		if len(res.Moves) > 0 && len(res.Moves[0].PV) > 1 && !next.IsOver() {
			after := next
			after.Apply(res.Moves[0].PV[1])
			history = append(history, after)
		}
	}
	if len(warmTimes) == 0 {
		return nil
	}
	n := int64(len(warmTimes))
	fmt.Fprintf(stdout, "hint_latency_ms visits=%d positions=%d cached=%.1f cold=%.1f speedup=%.2f network_evals_per_hint cached=%d cold=%d\n",
		visits, n, stats.Ms(stats.Median(warmTimes)), stats.Ms(stats.Median(coldTimes)),
		float64(stats.Median(coldTimes))/float64(stats.Median(warmTimes)), warmEvals/n, coldEvals/n)
	return nil
}

// timedSearch runs one search and times it.
func timedSearch(ev search.Evaluator, cfg search.Config, pos engine.Position, history []engine.Position) (time.Duration, *search.Result, error) {
	s, err := search.New(ev, cfg, pos, history)
	if err != nil {
		return 0, nil, err
	}
	start := time.Now()
	res, err := s.Run(context.Background())
	return time.Since(start), res, err
}

// recentFirst returns the positions before the last one of h, most recent
// first (a search's history).
func recentFirst(h []engine.Position) []engine.Position {
	var out []engine.Position
	for i := len(h) - 2; i >= 0 && len(out) < search.HistoryLen; i-- {
		out = append(out, h[i])
	}
	return out
}

// rawThroughput runs batches of bs copies of pos on workers goroutines for
// dur and returns evaluations per second.
func rawThroughput(net *inference.Network, pos engine.Position, bs, workers int, dur time.Duration) float64 {
	fm := net.Info.Format()
	req := &search.Request{Position: pos, Moves: pos.LegalMoves(nil)}
	one := make([]float32, fm.FeatureSize())
	fm.Encode(one, req)
	var total int64
	var mu sync.Mutex
	var wg sync.WaitGroup
	start := time.Now()
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			in := make([]float32, bs*fm.FeatureSize())
			for i := 0; i < bs; i++ {
				copy(in[i*fm.FeatureSize():], one)
			}
			out := net.NewOutputs(bs)
			n := int64(0)
			// At least one call each, so that a short window on a busy
			// machine still measures something.
			for first := true; first || time.Since(start) < dur; first = false {
				if err := net.Run(in, bs, out); err != nil {
					panic(err)
				}
				n += int64(bs)
			}
			mu.Lock()
			total += n
			mu.Unlock()
		}()
	}
	wg.Wait()
	return float64(total) / time.Since(start).Seconds()
}

// searchThroughput runs n searches at once, each restarting when done, for
// dur and returns visits per second and the batcher's counters. Every
// search stops at the end of the window (its time limit), so that all n
// run until then: letting the last ones finish their 800 visits would add
// a tail with fewer searches in flight (up to a whole search's length),
// which is not the load being measured.
func searchThroughput(net *inference.Network, pos engine.Position, n, leafBatch int, mf program.ModelFlags, mode batchMode, dur time.Duration) (float64, inference.BatchStats) {
	b := inference.NewBatcher(net, inference.BatcherConfig{MaxBatch: mf.MaxBatch, Workers: mf.Workers, Nice: mf.Nice, OneWorkerPerCall: mode.oneWorker})
	defer b.Close()
	start := time.Now()
	total := runSearches(context.Background(), b, pos, n, leafBatch, mode.leafCalls, start.Add(dur))
	return float64(total) / time.Since(start).Seconds(), b.Stats()
}

// runSearches runs n searches of pos at once on ev, each restarting with
// a new seed (and Dirichlet noise, so that their trees differ) when done,
// until the deadline, when every search stops where it is, or until ctx
// ends; it returns their visits.
func runSearches(ctx context.Context, ev search.Evaluator, pos engine.Position, n, leafBatch, leafCalls int, until time.Time) int64 {
	var total atomic.Int64
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			for seed := uint64(i); time.Now().Before(until); seed += uint64(n) {
				cfg := search.DefaultConfig()
				cfg.MaxVisits, cfg.LeafBatch, cfg.LeafCalls, cfg.Seed = 800, leafBatch, leafCalls, seed
				cfg.MaxTime = time.Until(until)
				if cfg.MaxTime <= 0 {
					break
				}
				cfg.DirichletAlpha, cfg.DirichletWeight = 0.3, 0.25 // different trees per search
				s, err := search.New(ev, cfg, pos, nil)
				if err != nil {
					panic(err)
				}
				res, err := s.Run(ctx)
				if err != nil {
					if ctx.Err() != nil {
						return // stopped by the caller
					}
					panic(err)
				}
				total.Add(int64(res.Visits))
			}
		})
	}
	wg.Wait()
	return total.Load()
}
