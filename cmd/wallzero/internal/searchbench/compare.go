package searchbench

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"runtime"
	"time"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/cpupeak"
	"github.com/wallzero/wallzero/cmd/wallzero/internal/gameinput"
	"github.com/wallzero/wallzero/cmd/wallzero/internal/program"
	"github.com/wallzero/wallzero/cmd/wallzero/internal/stats"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/search"
)

// Compare implements `wallzero bench compare`: how closely model B
// (say, an INT8 quantization) follows model A on held-out positions, and
// how fast each runs, measured side by side in one run.
//
// The positions come from games the reference model's raw policy plays
// against itself, moves sampled from the policy (both openings), so they
// follow the network's own distribution and were not used to calibrate
// anything.
func Compare(args []string, stdout, stderr io.Writer) error {
	fs := program.NewFlagSet("bench compare", stderr)
	var mf program.ModelFlags
	mf.Register(fs)
	modelA := fs.String("a", program.DefaultModel, "reference model")
	modelB := fs.String("b", "models/wallzero-fast.onnx", "model compared with it (the distilled student by default)")
	games := fs.Int("games", 200, "policy self-play games that give the positions")
	seed := fs.Uint64("seed", 9, "seed of the games")
	seconds := fs.Float64("seconds", 2, "duration of each throughput measurement")
	reps := fs.Int("reps", 3, "interleaved rounds of the speed measurements (medians reported)")
	visits := fs.Int("visits", 400, "visits of the latency measurement")
	runs := fs.Int("runs", 9, "analyses per model in the latency measurement (median reported)")
	optA := fs.String("opt-a", "all", "ONNX Runtime graph optimization level of model a (all, extended, basic, none)")
	optB := fs.String("opt-b", "all", "graph optimization level of model b")
	leafBatch := fs.Int("leaf-batch", search.DefaultConfig().LeafBatch, "leaves in flight per search in the latency measurement")
	if err := fs.Parse(args); err != nil {
		return err
	}
	lib, err := mf.Library()
	if err != nil {
		return err
	}
	if err := inference.InitRuntime(lib); err != nil {
		return err
	}
	cfgA, cfgB := mf.NetworkConfig(), mf.NetworkConfig()
	cfgA.Optimization, cfgB.Optimization = *optA, *optB
	a, err := inference.LoadNetwork(*modelA, cfgA)
	if err != nil {
		return err
	}
	defer a.Close()
	b, err := inference.LoadNetwork(*modelB, cfgB)
	if err != nil {
		return err
	}
	defer b.Close()
	// Each model's own size: a smaller network does fewer operations per
	// position, a quantized one of the same size as many.
	flopsA, flopsB := float64(inference.FLOPsPerPosition(a.Info)), float64(inference.FLOPsPerPosition(b.Info))
	fmt.Fprintf(stdout, "a=%s (%s, %s) b=%s (%s, %s) flops_per_position a=%.1fM b=%.1fM\n", a.Info.ID, *modelA, *optA, b.Info.ID, *modelB, *optB,
		flopsA/1e6, flopsB/1e6)

	start := time.Now()
	reqs, err := policyGamePositions(a, *games, *seed)
	if err != nil {
		return err
	}
	f, byOpening, err := compareOutputs(a, b, reqs)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "positions=%d games=%d (%.1f s)\n", len(reqs), *games, time.Since(start).Seconds())
	f.print(stdout)
	for _, op := range []engine.Opening{engine.OpeningFourStone, engine.OpeningEmpty} {
		if o := byOpening[op]; o != nil {
			fmt.Fprintf(stdout, "opening=%s positions=%d policy_top1_agreement=%.4f policy_tv_mean=%.4f value_abs_error_mean=%.4f\n",
				op, o.n, float64(o.top1)/float64(o.n), stats.Mean(o.tv), stats.Mean(o.value))
		}
	}

	dur := time.Duration(*seconds * float64(time.Second))
	g, err := gameinput.ReplayMoves(engine.DefaultRules(), benchMidgame)
	if err != nil {
		return err
	}
	sizes := []int{1, 8, 32}
	rawA, rawB := make([][]float64, len(sizes)), make([][]float64, len(sizes))
	var latA, latB []time.Duration
	cpuA, cpuB := make([][]float64, len(sizes)), make([][]float64, len(sizes))
	for range *reps {
		for i, bs := range sizes {
			ra, err := cpuThroughput(a, g.Final, bs, dur)
			if err != nil {
				return err
			}
			rb, err := cpuThroughput(b, g.Final, bs, dur)
			if err != nil {
				return err
			}
			cpuA[i], cpuB[i] = append(cpuA[i], ra), append(cpuB[i], rb)
		}
		for i, bs := range sizes {
			rawA[i] = append(rawA[i], rawThroughput(a, g.Final, bs, mf.Workers, dur))
			rawB[i] = append(rawB[i], rawThroughput(b, g.Final, bs, mf.Workers, dur))
		}
		for range max(1, *runs / *reps) {
			d, err := coldAnalysis(a, mf, batchMode{name: "spread"}, g.Final, *visits, *leafBatch)
			if err != nil {
				return err
			}
			latA = append(latA, d)
			if d, err = coldAnalysis(b, mf, batchMode{name: "spread"}, g.Final, *visits, *leafBatch); err != nil {
				return err
			}
			latB = append(latB, d)
		}
	}
	for i, bs := range sizes {
		ma, mb := stats.Median(rawA[i]), stats.Median(rawB[i])
		fmt.Fprintf(stdout, "raw_evals_per_sec batch=%d a=%.0f b=%.0f ratio_b_to_a=%.2f\n", bs, ma, mb, mb/ma)
	}
	for i, bs := range sizes {
		ma, mb := stats.Median(cpuA[i]), stats.Median(cpuB[i])
		fmt.Fprintf(stdout, "evals_per_cpu_sec batch=%d a=%.0f b=%.0f ratio_b_to_a=%.2f gflops_a=%.1f gflops_b=%.1f\n", bs, ma, mb, mb/ma,
			ma*flopsA/1e9, mb*flopsB/1e9)
	}
	la, lb := stats.Median(latA), stats.Median(latB)
	fmt.Fprintf(stdout, "analysis_latency_ms visits=%d leaf_batch=%d a=%.1f b=%.1f speedup=%.2f\n", *visits, *leafBatch, stats.Ms(la), stats.Ms(lb), float64(la)/float64(lb))
	return nil
}

// policyGamePositions plays games with net's raw policy on both sides,
// moves sampled from it, half of them from each opening, all games in
// lockstep so that each ply is one batch, and returns every position
// with a move to make as an evaluation request.
func policyGamePositions(net *inference.Network, games int, seed uint64) ([]*search.Request, error) {
	fm := net.Info.Format()
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	type game struct{ history []engine.Position }
	gs := make([]*game, games)
	for i := range gs {
		r := engine.DefaultRules()
		r.Opening = engine.OpeningEmpty
		if i%2 == 1 {
			r.Opening = engine.OpeningFourStone
		}
		gs[i] = &game{history: []engine.Position{engine.NewPosition(r)}}
	}
	var all []*search.Request
	input := make([]float32, games*fm.FeatureSize())
	out := net.NewOutputs(games)
	for {
		var live []*game
		var reqs []*search.Request
		for _, g := range gs {
			pos := g.history[len(g.history)-1]
			if pos.IsOver() {
				continue
			}
			live = append(live, g)
			reqs = append(reqs, newRequest(g.history))
		}
		if len(live) == 0 {
			return all, nil
		}
		for i, r := range reqs {
			fm.Encode(input[i*fm.FeatureSize():(i+1)*fm.FeatureSize()], r)
		}
		if err := net.Run(input, len(reqs), out); err != nil {
			return nil, err
		}
		for i, g := range live {
			r := reqs[i]
			p := inference.Priors(fm, out, i, r.Moves)
			x, k := rng.Float32(), 0
			for k < len(p)-1 && x >= p[k] {
				x -= p[k]
				k++
			}
			next := r.Position
			next.Apply(r.Moves[k])
			g.history = append(g.history, next)
		}
		all = append(all, reqs...)
	}
}

// newRequest returns the request for the last position of history.
func newRequest(history []engine.Position) *search.Request {
	n := len(history) - 1
	r := &search.Request{Position: history[n], Moves: history[n].LegalMoves(nil)}
	r.HistoryCount = copy(r.History[:], recentFirst(history))
	return r
}

// fidelity sums how far model B's outputs are from model A's.
type fidelity struct {
	n                 int
	top1              int
	tv                []float64 // total variation distance of the policies
	value             []float64 // |utility_b - utility_a| of the side to move
	margin, ownership float64
	hasMargin, hasOwn bool
}

// add records one position: whether the policies' top moves agree, their
// total variation, and the absolute value, margin and mean ownership
// errors.
func (f *fidelity) add(top1 bool, tv, value, margin, ownership float64) {
	if top1 {
		f.top1++
	}
	f.tv = append(f.tv, tv)
	f.value = append(f.value, value)
	f.margin += margin
	f.ownership += ownership
	f.n++
}

// compareOutputs runs both networks on reqs and returns the fidelity over
// all of them and per opening (the students of docs/performance.md lose
// games of one opening more than the other).
func compareOutputs(a, b *inference.Network, reqs []*search.Request) (*fidelity, map[engine.Opening]*fidelity, error) {
	fm := a.Info.Format()
	const batch = 64
	input := make([]float32, batch*fm.FeatureSize())
	oa, ob := a.NewOutputs(batch), b.NewOutputs(batch)
	hasMargin, hasOwn := oa.Margin != nil && ob.Margin != nil, oa.Ownership != nil && ob.Ownership != nil
	f := &fidelity{hasMargin: hasMargin, hasOwn: hasOwn}
	byOpening := map[engine.Opening]*fidelity{}
	for lo := 0; lo < len(reqs); lo += batch {
		chunk := reqs[lo:min(lo+batch, len(reqs))]
		for i, r := range chunk {
			fm.Encode(input[i*fm.FeatureSize():(i+1)*fm.FeatureSize()], r)
		}
		if err := a.Run(input, len(chunk), oa); err != nil {
			return nil, nil, err
		}
		if err := b.Run(input, len(chunk), ob); err != nil {
			return nil, nil, err
		}
		for i, r := range chunk {
			pa, pb := inference.Priors(fm, oa, i, r.Moves), inference.Priors(fm, ob, i, r.Moves)
			tv := 0.0
			for j := range pa {
				tv += math.Abs(float64(pa[j] - pb[j]))
			}
			ua := oa.Value[3*i] + oa.Value[3*i+1]/2
			ub := ob.Value[3*i] + ob.Value[3*i+1]/2
			var margin, own float64
			if hasMargin {
				margin = math.Abs(float64(oa.Margin[i] - ob.Margin[i]))
			}
			if hasOwn {
				for s := range grid.NumSquares {
					own += math.Abs(float64(oa.Ownership[i*49+s]-ob.Ownership[i*49+s])) / grid.NumSquares
				}
			}
			op := r.Position.Rules().Opening
			if byOpening[op] == nil {
				byOpening[op] = &fidelity{hasMargin: hasMargin, hasOwn: hasOwn}
			}
			for _, into := range []*fidelity{f, byOpening[op]} {
				into.add(argmax(pa) == argmax(pb), tv/2, math.Abs(float64(ua-ub)), margin, own)
			}
		}
	}
	return f, byOpening, nil
}

func argmax(p []float32) int {
	best := 0
	for i, v := range p {
		if v > p[best] {
			best = i
		}
	}
	return best
}

func (f *fidelity) print(w io.Writer) {
	n := float64(f.n)
	fmt.Fprintf(w, "policy_top1_agreement=%.4f policy_tv_mean=%.4f policy_tv_p99=%.4f\n", float64(f.top1)/n, stats.Mean(f.tv), stats.Quantile(f.tv, 0.99))
	fmt.Fprintf(w, "value_abs_error_mean=%.4f value_abs_error_p99=%.4f value_abs_error_max=%.4f\n", stats.Mean(f.value), stats.Quantile(f.value, 0.99), stats.Quantile(f.value, 1))
	if f.hasMargin {
		fmt.Fprintf(w, "margin_abs_error_mean=%.3f\n", f.margin/n)
	}
	if f.hasOwn {
		fmt.Fprintf(w, "ownership_abs_error_mean=%.4f\n", f.ownership/n)
	}
}

// cpuThroughput runs batches of bs copies of pos on one locked OS thread
// for dur and returns evaluations per CPU second of that thread (the
// network runs on the calling thread: one intra-op thread). Unlike wall
// time, this stays comparable when other processes share the cores.
func cpuThroughput(net *inference.Network, pos engine.Position, bs int, dur time.Duration) (float64, error) {
	fm := net.Info.Format()
	req := &search.Request{Position: pos, Moves: pos.LegalMoves(nil)}
	in := make([]float32, bs*fm.FeatureSize())
	for i := range bs {
		fm.Encode(in[i*fm.FeatureSize():(i+1)*fm.FeatureSize()], req)
	}
	out := net.NewOutputs(bs)
	type result struct {
		rate float64
		err  error
	}
	done := make(chan result, 1)
	go func() {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		t0, err := cpupeak.ThreadCPUTime()
		if err != nil {
			done <- result{err: err}
			return
		}
		n := 0
		for start := time.Now(); time.Since(start) < dur; n += bs {
			if err := net.Run(in, bs, out); err != nil {
				done <- result{err: err}
				return
			}
		}
		t1, err := cpupeak.ThreadCPUTime()
		done <- result{rate: float64(n) / (t1 - t0).Seconds(), err: err}
	}()
	r := <-done
	return r.rate, r.err
}
