package searchbench

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/gameinput"
	"github.com/wallzero/wallzero/cmd/wallzero/internal/program"
	"github.com/wallzero/wallzero/cmd/wallzero/internal/stats"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/internal/testkit/inferencetest"
	"github.com/wallzero/wallzero/search"
)

// Accel implements `wallzero bench accel`: the batcher and the search
// over a stand-in accelerator (inferencetest.AccelRunner with the H200's
// measured cost per call), so that batch formation and priorities can be
// designed without the device. It measures
//   - simulations per second and the mean batch with -searches concurrent
//     background searches;
//   - the latency of interactive -visits analyses, one after another,
//     alone and while -load background searches keep the device full,
//     with each of -interactive-workers workers reserved for them.
//
// The searches themselves run on this machine's cores, so where those are
// few the host, not the stand-in, can bound the throughput; the mean
// batch and the interactive latency are the figures it is for.
func Accel(args []string, stdout, stderr io.Writer) error {
	fs := program.NewFlagSet("bench accel", stderr)
	seconds := fs.Float64("seconds", 3, "duration of each throughput measurement")
	searchCounts := fs.String("searches", "16,64,256", "numbers of concurrent background searches of the throughput measurements")
	load := fs.Int("load", 256, "background searches during the interactive latency measurement")
	analyses := fs.Int("analyses", 20, "interactive analyses of each latency measurement")
	visits := fs.Int("visits", 400, "visits of an interactive analysis")
	leafBatch := fs.Int("leaf-batch", 16, "leaves in flight per search")
	maxBatch := fs.Int("max-batch", 1024, "largest network batch")
	workers := fs.Int("eval-workers", 4, "network calls in flight at once")
	reservedList := fs.String("interactive-workers", "0,1", "workers reserved for interactive work, one latency measurement each (0 allowed)")
	lanes := fs.Int("lanes", inferencetest.H200Lanes, "calls the stand-in runs at once")
	if err := fs.Parse(args); err != nil {
		return err
	}
	counts, err := program.PositiveInts("searches", *searchCounts)
	if err != nil {
		return err
	}
	var reserved []int
	for _, f := range strings.Split(*reservedList, ",") {
		r, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || r < 0 || r >= *workers {
			return fmt.Errorf("-interactive-workers: %q is not a number from 0 to -eval-workers minus one (%d)", f, *workers-1)
		}
		reserved = append(reserved, r)
	}
	runner, err := inferencetest.NewAccelRunner(inferencetest.H200Costs, *lanes)
	if err != nil {
		return err
	}
	g, err := gameinput.ReplayMoves(engine.DefaultRules(), benchMidgame)
	if err != nil {
		return err
	}
	dur := time.Duration(*seconds * float64(time.Second))
	fmt.Fprintf(stdout, "stand-in=H200 lanes=%d workers=%d max_batch=%d leaf_batch=%d\n", *lanes, *workers, *maxBatch, *leafBatch)
	for _, n := range counts {
		b := inference.NewBatcher(runner, inference.BatcherConfig{MaxBatch: *maxBatch, Workers: *workers})
		start := time.Now()
		v := runSearches(inference.WithPriority(context.Background(), inference.Batch), b, g.Final, n, *leafBatch, 0, start.Add(dur))
		st := b.Stats()
		b.Close()
		fmt.Fprintf(stdout, "accel_sims_per_sec searches=%d %.0f mean_batch=%.1f\n", n, float64(v)/time.Since(start).Seconds(), st.MeanBatch())
	}
	// A lone analysis, its calls spread over the idle workers (the
	// service's way on the CPU) against one worker per call: on an
	// accelerator four calls of four positions cost more than one of
	// sixteen.
	for _, one := range []bool{false, true} {
		cfg := inference.BatcherConfig{MaxBatch: *maxBatch, Workers: *workers, OneWorkerPerCall: one}
		idle, err := interactiveLatencies(runner, cfg, g.Final, 0, *analyses, *visits, *leafBatch)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "lone_analysis_ms one_worker_per_call=%v visits=%d p50=%.1f mean_batch=%.1f\n", one, *visits, stats.Ms(idle.quantile(0.5)), idle.meanBatch)
	}
	for _, r := range reserved {
		cfg := inference.BatcherConfig{MaxBatch: *maxBatch, Workers: *workers, InteractiveWorkers: r}
		idle, err := interactiveLatencies(runner, cfg, g.Final, 0, *analyses, *visits, *leafBatch)
		if err != nil {
			return err
		}
		busy, err := interactiveLatencies(runner, cfg, g.Final, *load, *analyses, *visits, *leafBatch)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "interactive_latency_ms interactive_workers=%d visits=%d idle_p50=%.1f load=%d p50=%.1f p99=%.1f max=%.1f background_mean_batch=%.1f\n",
			r, *visits, stats.Ms(stats.Median(idle.times)), *load, stats.Ms(busy.quantile(0.5)), stats.Ms(busy.quantile(0.99)), stats.Ms(busy.quantile(1)), busy.meanBatch)
	}
	return nil
}

// hintTimes are the interactive analyses' times of one measurement.
type hintTimes struct {
	times     []time.Duration
	meanBatch float64
}

// quantile returns the q-quantile of the times (nearest rank).
func (l hintTimes) quantile(q float64) time.Duration {
	d := append([]time.Duration(nil), l.times...)
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	i := int(q*float64(len(d))+0.5) - 1
	return d[min(max(i, 0), len(d)-1)]
}

// interactiveLatencies times n interactive analyses of pos, one after
// another, while load background searches run on the same batcher.
func interactiveLatencies(runner inference.Runner, cfg inference.BatcherConfig, pos engine.Position, load, n, visits, leafBatch int) (hintTimes, error) {
	b := inference.NewBatcher(runner, cfg)
	defer b.Close()
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		if load > 0 {
			runSearches(inference.WithPriority(ctx, inference.Batch), b, pos, load, leafBatch, 0, time.Now().Add(time.Hour))
		}
	}()
	if load > 0 {
		time.Sleep(200 * time.Millisecond) // the background fills the device first
	}
	var out hintTimes
	before := b.Stats()
	for i := range n {
		cfg := search.DefaultConfig()
		cfg.MaxVisits, cfg.LeafBatch, cfg.Seed = visits, leafBatch, uint64(i)
		cfg.DirichletAlpha, cfg.DirichletWeight = 0.3, 0.25 // a fresh tree each time, nothing from the cache
		d, _, err := timedSearch(b, cfg, pos, nil)
		if err != nil {
			stop()
			<-done
			return out, err
		}
		out.times = append(out.times, d)
	}
	after := b.Stats()
	stop()
	<-done
	if calls := after.Batches - before.Batches; calls > 0 {
		out.meanBatch = float64(after.Samples-before.Samples) / float64(calls)
	}
	return out, nil
}
