package inference_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/inference/format"
	"github.com/wallzero/wallzero/internal/testkit/inferencetest"
	"github.com/wallzero/wallzero/search"
)

// evaluatorFunc adapts a function evaluating one request at a time.
type evaluatorFunc func(req *search.Request)

// Evaluate calls f on every request.
func (f evaluatorFunc) Evaluate(ctx context.Context, reqs []*search.Request) error {
	for _, r := range reqs {
		if err := ctx.Err(); err != nil {
			return err
		}
		f(r)
	}
	return nil
}

// direct evaluates one request through the runner without batching.
func direct(r inference.Runner) evaluatorFunc {
	return func(req *search.Request) {
		in := make([]float32, format.TwoPlayer.FeatureSize())
		format.TwoPlayer.Encode(in, req)
		out := r.NewOutputs(1)
		if err := r.Run(in, 1, out); err != nil {
			panic(err)
		}
		inference.Decode(format.TwoPlayer, out, 0, req)
	}
}

func TestBatcherMatchesDirectEvaluation(t *testing.T) {
	t.Parallel()
	runner := &inferencetest.FakeRunner{}
	b := inference.NewBatcher(runner, inference.BatcherConfig{MaxBatch: 16, Workers: 2})
	defer b.Close()
	var reqs []*search.Request
	for _, moves := range [][]string{
		nil,
		{"C3"},
		{"C3", "E3", "C5", "E5"},
		{"C3", "E3", "C5", "E5", "E5-E4:N", "E3-D3:S"},
	} {
		reqs = append(reqs, inference.RequestAfter(t, moves...))
	}
	if err := b.Evaluate(context.Background(), reqs); err != nil {
		t.Fatal(err)
	}
	checkDirect(t, runner, reqs)
}

// checkDirect checks that every request holds what evaluating it directly
// through runner gives: the utilities and the priors, which sum to 1.
func checkDirect(t *testing.T, runner inference.Runner, reqs []*search.Request) {
	t.Helper()
	for i, r := range reqs {
		want := *r
		direct(runner)(&want)
		if r.Out.Utility != want.Out.Utility || len(r.Out.Priors) != len(r.Moves) {
			t.Fatalf("request %d: batched %+v, direct %+v", i, r.Out.Utility, want.Out.Utility)
		}
		var sum float32
		for j := range r.Out.Priors {
			sum += r.Out.Priors[j]
			if r.Out.Priors[j] != want.Out.Priors[j] {
				t.Fatalf("request %d move %d: prior %v, direct %v", i, j, r.Out.Priors[j], want.Out.Priors[j])
			}
		}
		if sum < 0.999 || sum > 1.001 {
			t.Errorf("request %d: priors sum to %v", i, sum)
		}
	}
}

func TestBatcherCache(t *testing.T) {
	t.Parallel()
	var calls atomic.Int64
	runner := &inferencetest.FakeRunner{Delay: func(int) { calls.Add(1) }}
	b := inference.NewBatcher(runner, inference.BatcherConfig{MaxBatch: 8, Workers: 1, CacheSize: 1000})
	defer b.Close()
	r1 := inference.RequestAfter(t, "C3", "E3")
	if err := b.Evaluate(context.Background(), []*search.Request{r1}); err != nil {
		t.Fatal(err)
	}
	r2 := inference.RequestAfter(t, "C3", "E3")
	if err := b.Evaluate(context.Background(), []*search.Request{r2}); err != nil {
		t.Fatal(err)
	}
	if calls.Load() != 1 {
		t.Errorf("%d network calls, want 1 (second from the cache)", calls.Load())
	}
	st := b.Stats()
	if st.CacheHits != 1 || st.CacheMisses != 1 || st.Samples != 1 {
		t.Errorf("stats %+v", st)
	}
	if r2.Out.Utility != r1.Out.Utility {
		t.Error("cached evaluation differs")
	}
}

// recordingRunner notes, for each batch, whether it held a Red stone on
// D4 (the marker of the interactive request in TestInteractiveFirst). Its
// first Run reports its batch size on entered and waits for hold.
type recordingRunner struct {
	inferencetest.FakeRunner
	mu      sync.Mutex
	batches []bool
	entered chan int
	hold    chan struct{}
	first   sync.Once
}

func (r *recordingRunner) Run(input []float32, count int, out *inference.Outputs) error {
	r.first.Do(func() {
		r.entered <- count
		<-r.hold
	})
	d4 := 3*7 + 3
	marked := false
	for i := 0; i < count; i++ {
		marked = marked || input[i*format.TwoPlayer.FeatureSize()+d4] == 1
	}
	r.mu.Lock()
	r.batches = append(r.batches, marked)
	r.mu.Unlock()
	return r.FakeRunner.Run(input, count, out)
}

// TestInteractiveFirst queues a large batch job behind a held network call,
// then one interactive request: it must run in the very next batch.
func TestInteractiveFirst(t *testing.T) {
	t.Parallel()
	runner := &recordingRunner{entered: make(chan int, 1), hold: make(chan struct{})}
	b := inference.NewBatcher(runner, inference.BatcherConfig{MaxBatch: 4, Workers: 1})
	defer b.Close()
	var batchReqs []*search.Request
	moves := []string{"C3", "E3", "C5", "E5"}
	for i := 0; i < 40; i++ {
		batchReqs = append(batchReqs, inference.RequestAfter(t, moves[:i%4]...))
	}
	interactive := inference.RequestAfter(t, "D4")
	batchDone := make(chan error, 1)
	go func() {
		batchDone <- b.Evaluate(inference.WithPriority(context.Background(), inference.Batch), batchReqs)
	}()
	// The worker is now inside its first (held) batch of batch work; wait
	// until the rest of the batch work is queued behind it.
	first := <-runner.entered
	for {
		if _, n := b.QueueDepth(); n+first == len(batchReqs) {
			break
		}
		time.Sleep(time.Millisecond)
	}
	interactiveDone := make(chan error, 1)
	go func() {
		interactiveDone <- b.Evaluate(context.Background(), []*search.Request{interactive})
	}()
	for {
		if n, _ := b.QueueDepth(); n == 1 {
			break
		}
		time.Sleep(time.Millisecond)
	}
	close(runner.hold)
	if err := <-interactiveDone; err != nil {
		t.Fatal(err)
	}
	if err := <-batchDone; err != nil {
		t.Fatal(err)
	}
	runner.mu.Lock()
	defer runner.mu.Unlock()
	if len(runner.batches) < 2 || runner.batches[0] || !runner.batches[1] {
		t.Fatalf("interactive request ran in batches %v, want the second", runner.batches)
	}
	for i, marked := range runner.batches[2:] {
		if marked {
			t.Fatalf("interactive request ran again in batch %d: %v", i+2, runner.batches)
		}
	}
}

func TestBatcherCancel(t *testing.T) {
	t.Parallel()
	block := make(chan struct{})
	runner := &inferencetest.FakeRunner{Delay: func(int) { <-block }}
	b := inference.NewBatcher(runner, inference.BatcherConfig{MaxBatch: 1, Workers: 1})
	defer b.Close()
	defer close(block)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	err := b.Evaluate(ctx, []*search.Request{inference.RequestAfter(t, "C3"), inference.RequestAfter(t, "D3")})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("got %v, want the context's deadline", err)
	}
}

// TestConcurrentSearchesThroughBatcher runs many searches over one batcher
// (race detector) and checks each equals the same search evaluated
// directly: batching changes nothing but speed.
func TestConcurrentSearchesThroughBatcher(t *testing.T) {
	t.Parallel()
	b := searchesThroughBatcher(t, 12, 3, func(cfg *search.Config) { cfg.MaxVisits = 120 })
	if st := b.Stats(); st.MeanBatch() <= 1 {
		t.Logf("mean batch %.2f", st.MeanBatch())
	}
}

// searchesThroughBatcher runs n searches at once over one batcher (seeds
// 0..seeds-1 in turn, settings from DefaultConfig changed by set) and
// checks that each gives the analysis of the same search evaluated
// directly. It returns the batcher, closed.
func searchesThroughBatcher(t *testing.T, n, seeds int, set func(*search.Config)) *inference.Batcher {
	t.Helper()
	runner := &inferencetest.FakeRunner{}
	b := inference.NewBatcher(runner, inference.BatcherConfig{MaxBatch: 32, Workers: 2, CacheSize: 10000})
	defer b.Close()
	pos := inference.RequestAfter(t, "C3", "E3", "C5", "E5", "E5-E4:N").Position
	run := func(ev search.Evaluator, seed uint64) *search.Result {
		cfg := search.DefaultConfig()
		set(&cfg)
		cfg.Seed = seed
		s, err := search.New(ev, cfg, pos, nil)
		if err != nil {
			t.Error(err)
			return nil
		}
		r, err := s.Run(context.Background())
		if err != nil {
			t.Error(err)
		}
		return r
	}
	results := make([]*search.Result, n)
	var wg sync.WaitGroup
	for i := range results {
		wg.Add(1)
		go func() { defer wg.Done(); results[i] = run(b, uint64(i%seeds)) }()
	}
	wg.Wait()
	for i, r := range results {
		want := run(direct(runner), uint64(i%seeds))
		if r == nil || want == nil {
			t.Fatal("search failed")
		}
		if r.Best != want.Best || r.Winrate != want.Winrate || r.Visits != want.Visits {
			t.Errorf("search %d: batched %s %.4f (%d), direct %s %.4f (%d)", i, r.Best, r.Winrate, r.Visits, want.Best, want.Winrate, want.Visits)
		}
	}
	return b
}

// TestBatcherLargeBatchesMatchDirect: batches large enough that encoding
// and decoding are spread over several goroutines answer every request
// with its own evaluation (no position gets another's priors or value).
func TestBatcherLargeBatchesMatchDirect(t *testing.T) {
	t.Parallel()
	runner := &inferencetest.FakeRunner{}
	b := inference.NewBatcher(runner, inference.BatcherConfig{MaxBatch: 1024, Workers: 1})
	defer b.Close()
	rng := rand.New(rand.NewPCG(3, 4))
	var reqs []*search.Request
	for len(reqs) < 700 {
		pos := engine.NewPosition(engine.DefaultRules())
		for ply := 0; ply < 40 && !pos.IsOver(); ply++ {
			moves := pos.LegalMoves(nil)
			reqs = append(reqs, &search.Request{Position: pos, Moves: moves})
			pos.Apply(moves[rng.IntN(len(moves))])
		}
	}
	if err := b.Evaluate(context.Background(), reqs); err != nil {
		t.Fatal(err)
	}
	if st := b.Stats(); st.Batches != 1 {
		t.Fatalf("%d batches, want the 700 requests in one", st.Batches)
	}
	checkDirect(t, runner, reqs)
}

// sizeGateRunner holds every call of gateSize positions until gate is
// closed, counting the calls that entered.
type sizeGateRunner struct {
	inferencetest.FakeRunner
	gateSize int
	gate     chan struct{}
	entered  atomic.Int32
}

func (r *sizeGateRunner) Run(input []float32, count int, out *inference.Outputs) error {
	if count == r.gateSize {
		r.entered.Add(1)
		<-r.gate
	}
	return r.FakeRunner.Run(input, count, out)
}

// TestInteractiveWorkers: with a worker reserved for interactive work, a
// hint is answered while background work holds every other worker, and
// the reserved worker leaves background work queued.
func TestInteractiveWorkers(t *testing.T) {
	t.Parallel()
	runner := &sizeGateRunner{gateSize: 3, gate: make(chan struct{})}
	b := inference.NewBatcher(runner, inference.BatcherConfig{MaxBatch: 3, Workers: 2, InteractiveWorkers: 1})
	defer b.Close()
	bg := inference.WithPriority(context.Background(), inference.Batch)
	batchReqs := func(moves ...string) []*search.Request {
		return []*search.Request{inference.RequestAfter(t, moves...), inference.RequestAfter(t, append(moves, "E3")...), inference.RequestAfter(t, append(moves, "E3", "C5")...)}
	}
	first, second := make(chan error, 1), make(chan error, 1)
	go func() { first <- b.Evaluate(bg, batchReqs("C3")) }()
	for runner.entered.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	// The general worker is held; a second background call stays queued.
	go func() { second <- b.Evaluate(bg, batchReqs("D3")) }()
	time.Sleep(50 * time.Millisecond)
	if n := runner.entered.Load(); n != 1 {
		t.Fatalf("%d background calls entered the network, want 1: the reserved worker took background work", n)
	}
	// A hint is answered at once by the reserved worker.
	hint := []*search.Request{inference.RequestAfter(t, "C3", "E3", "C5", "E5")}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := b.Evaluate(ctx, hint); err != nil {
		t.Fatalf("the hint waited behind background work: %v", err)
	}
	checkDirect(t, runner, hint)
	close(runner.gate)
	for _, ch := range []chan error{first, second} {
		if err := <-ch; err != nil {
			t.Fatal(err)
		}
	}
}
