package inference

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/inference/format"
	"github.com/wallzero/wallzero/search"
)

// Runner runs a network on a batch of encoded positions. *Network is the
// real one; tests use fakes.
type Runner interface {
	// Run evaluates count samples of input into out; it may overwrite
	// the rows of both after count (Network.Run).
	Run(input []float32, count int, out *Outputs) error
	NewOutputs(count int) *Outputs
	ModelInfo() ModelInfo
}

// BatcherConfig sets how the batching evaluator runs.
type BatcherConfig struct {
	// MaxBatch is the largest batch one network call gets.
	MaxBatch int
	// MaxWait is how long a worker holding a partial batch waits for more
	// requests before running it; 0 runs whatever is queued at once (the
	// batch grows by itself while the workers are busy). A worker never
	// waits or merges while another worker waits for work.
	MaxWait time.Duration
	// Workers is the number of goroutines calling the network at once.
	Workers int
	// CacheSize is the evaluation cache's capacity (0 disables it).
	CacheSize int
	// WarmUp runs the network once per power-of-two batch size up to
	// MaxBatch in every worker before it takes work, so that the first
	// requests do not pay for the runtime's first-run allocations.
	WarmUp bool
	// OneWorkerPerCall turns off spreading a call over the idle workers:
	// a call's leaves go to whichever worker wakes first. An accelerator
	// wants it (a call's cost hardly grows with its size there), and the
	// benchmarks set it to measure the difference in one run.
	OneWorkerPerCall bool
	// InteractiveWorkers of the Workers take interactive work alone, so
	// that a hint never waits behind the large batches of background
	// work on an accelerator (the others take both, interactive first).
	// At most Workers-1.
	InteractiveWorkers int
	// Nice, when positive, is the OS niceness of the worker threads (Linux;
	// 1..19): network evaluation then yields the cores to the rest of the
	// process (answering requests, refusing them under overload) whenever
	// both want them, and takes them all when nothing else does.
	Nice int
}

// DefaultBatcherConfig returns settings for a 2-core CPU: two workers of
// up to 128 positions, no wait, a 200k-entry cache.
func DefaultBatcherConfig() BatcherConfig {
	return BatcherConfig{MaxBatch: 128, Workers: 2, CacheSize: 200_000}
}

// ErrClosed is returned by Evaluate after Close.
var ErrClosed = errors.New("inference: evaluator closed")

// Batcher is a search.Evaluator that queues requests from any number of
// searches and runs them through the network in batches, interactive work
// first, with an evaluation cache in front.
type Batcher struct {
	runner Runner
	// format is the runner's model's: what its tensors mean.
	format format.Format
	cfg    BatcherConfig
	queues [numPriorities]chan chunk
	queued [numPriorities]atomic.Int64 // positions waiting per priority
	idle   atomic.Int32                // workers of both priorities waiting for work
	// idleReserved counts the InteractiveWorkers waiting for work.
	idleReserved atomic.Int32
	cache        *Cache
	closed       chan struct{}
	once         sync.Once
	wg           sync.WaitGroup
	stats        batchStats
	// inFlight counts Evaluate calls waiting for the network, and
	// overlapAt (Unix nanoseconds) is when one last started while another
	// waited: split spreads a call over idle workers only when no call
	// overlapped another within overlapWindow (a lone search).
	inFlight  atomic.Int32
	overlapAt atomic.Int64
}

// overlapWindow is how long after two calls last overlapped the batcher
// still counts several searches as active and so does not spread a call
// over the idle workers. A search's calls follow each other about every
// millisecond, so a few milliseconds tell a lone search from several.
const overlapWindow = 5 * time.Millisecond

// item is one queued request.
type item struct {
	req  *search.Request
	call *call
}

// chunk is the unit of the queues: some items of one Evaluate call, which
// a worker takes whole. A lone search's call is split into as many chunks
// as there are idle workers, so that its leaves run on every core instead
// of one worker taking them all while the others wait (see split).
type chunk []*item

// call is one Evaluate call waiting for its items. pending counts the
// items not yet answered plus one held by the submitter while it queues;
// whoever brings it to zero closes done, sends the outcome to notify (an
// asynchronous call) and takes the call off the batcher's in-flight count.
type call struct {
	ctx     context.Context
	batcher *Batcher
	pending atomic.Int32
	done    chan struct{}
	notify  chan<- error
	mu      sync.Mutex
	err     error
}

// release marks one item (or the submitter's hold) finished.
func (c *call) release() {
	if c.pending.Add(-1) == 0 {
		c.batcher.inFlight.Add(-1)
		close(c.done)
		if c.notify != nil {
			c.notify <- c.result()
		}
	}
}

func (c *call) fail(err error) {
	c.mu.Lock()
	if c.err == nil {
		c.err = err
	}
	c.mu.Unlock()
}

// result returns the call's error, if any.
func (c *call) result() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// NewBatcher starts the workers of a batching evaluator over runner.
func NewBatcher(runner Runner, cfg BatcherConfig) *Batcher {
	if cfg.MaxBatch <= 0 {
		cfg.MaxBatch = 1
	}
	if cfg.Workers <= 0 {
		cfg.Workers = 1
	}
	b := &Batcher{runner: runner, format: runner.ModelInfo().Format(), cfg: cfg, cache: NewCache(cfg.CacheSize), closed: make(chan struct{})}
	for p := range b.queues {
		b.queues[p] = make(chan chunk, 1<<14)
	}
	b.stats.sizes = make([]atomic.Int64, cfg.MaxBatch+1)
	cfg.InteractiveWorkers = min(max(cfg.InteractiveWorkers, 0), cfg.Workers-1)
	b.cfg = cfg
	for i := range cfg.Workers {
		b.wg.Add(1)
		go b.work(i < cfg.InteractiveWorkers)
	}
	return b
}

// ModelInfo returns the model's metadata.
func (b *Batcher) ModelInfo() ModelInfo { return b.runner.ModelInfo() }

// Close stops the workers after the queued work and waits for them.
func (b *Batcher) Close() {
	b.once.Do(func() { close(b.closed) })
	b.wg.Wait()
}

// Evaluate fills the Out of every request, from the cache or the network,
// at the priority of ctx (see WithPriority). Only positions of the player
// counts the model's format encodes can be evaluated.
func (b *Batcher) Evaluate(ctx context.Context, reqs []*search.Request) error {
	c, err := b.start(ctx, reqs, nil)
	if err != nil || c == nil {
		return err
	}
	select {
	case <-c.done:
	case <-ctx.Done():
		return ctx.Err()
	}
	return c.result()
}

// EvaluateAsync implements search.AsyncEvaluator: it queues reqs as
// Evaluate does and returns; the worker that answers the last of them
// sends the outcome on done, so a search with several calls in flight
// needs no goroutine per call.
func (b *Batcher) EvaluateAsync(ctx context.Context, reqs []*search.Request, done chan<- error) {
	c, err := b.start(ctx, reqs, done)
	if err != nil || c == nil {
		done <- err
	}
}

// start answers what it can of reqs from the cache and queues the rest as
// one call, whose outcome goes to notify (when not nil) once its last item
// is answered. It returns nil and no error when the cache answered
// everything; on an error nothing stays queued and notify is not used.
func (b *Batcher) start(ctx context.Context, reqs []*search.Request, notify chan<- error) (*call, error) {
	select {
	case <-b.closed:
		return nil, ErrClosed
	default:
	}
	for _, r := range reqs {
		if n := r.Position.Players(); !b.format.Serves(n) {
			return nil, fmt.Errorf("inference: model %s evaluates %v-player positions, not %d-player ones (use another model or the heuristic evaluator)", b.runner.ModelInfo().ID, b.format.Players(), n)
		}
	}
	c := &call{ctx: ctx, done: make(chan struct{}), batcher: b}
	c.pending.Store(1)
	var items []*item
	for _, r := range reqs {
		if e, ok := b.cache.Get(b.format.Key(r)); ok {
			r.Out = e
			continue
		}
		items = append(items, &item{req: r, call: c})
	}
	if len(items) == 0 {
		return nil, nil
	}
	if b.inFlight.Add(1) > 1 {
		b.overlapAt.Store(time.Now().UnixNano())
	}
	prio := PriorityOf(ctx)
	for _, ch := range b.split(items, prio) {
		c.pending.Add(int32(len(ch)))
		b.queued[prio].Add(int64(len(ch)))
		select {
		case b.queues[prio] <- ch:
		case <-ctx.Done():
			// The chunks queued before stay with the workers, who drop
			// them (their context is done) and release them.
			b.queued[prio].Add(-int64(len(ch)))
			c.fail(ctx.Err())
			for range len(ch) + 1 {
				c.release()
			}
			return nil, ctx.Err()
		}
	}
	c.notify = notify
	c.release()
	return c, nil
}

// work is one worker: take a batch, run it, answer, repeat. A reserved
// worker takes interactive chunks alone.
func (b *Batcher) work(reserved bool) {
	defer b.wg.Done()
	if b.cfg.Nice > 0 {
		// The network runs on this goroutine's thread (one intra-op
		// thread per worker): make that thread yield to request handling.
		// Raising one's own niceness is always allowed on Linux, so an
		// error here could only mean the platform has no such thing.
		_ = lowerThreadPriority(b.cfg.Nice)
	}
	input := make([]float32, b.cfg.MaxBatch*b.format.FeatureSize())
	out := b.runner.NewOutputs(b.cfg.MaxBatch)
	batch := make([]*item, 0, b.cfg.MaxBatch)
	if b.cfg.WarmUp {
		for n := 1; ; n = min(2*n, b.cfg.MaxBatch) {
			_ = b.runner.Run(input, n, out) // on empty boards; an error shows on the first real batch
			if n == b.cfg.MaxBatch {
				break
			}
		}
	}
	var carry chunk // taken but did not fit the last batch
	for {
		batch = batch[:0]
		if carry != nil {
			batch, carry = append(batch, carry...), nil
		} else {
			ch, ok := b.takeFor(reserved, nil)
			if !ok {
				return
			}
			batch = append(batch, ch...)
		}
		var timer *time.Timer
		var deadline <-chan time.Time
		if b.cfg.MaxWait > 0 {
			timer = time.NewTimer(b.cfg.MaxWait)
			deadline = timer.C
		}
		for len(batch) < b.cfg.MaxBatch {
			if b.idle.Load() > 0 {
				// Another worker waits for work: leave what is queued
				// to it rather than merge a call split for spreading.
				break
			}
			ch, ok := b.pollFor(reserved)
			if !ok {
				if deadline == nil {
					break
				}
				if ch, ok = b.takeFor(reserved, deadline); !ok {
					break
				}
			}
			if len(batch)+len(ch) > b.cfg.MaxBatch {
				carry = ch
				break
			}
			batch = append(batch, ch...)
		}
		if timer != nil {
			timer.Stop()
		}
		b.run(batch, input, out)
	}
}

// split cuts one call's items into chunks of at most MaxBatch. For a lone
// search (no other call overlapped one within overlapWindow) it makes as
// many near-equal chunks as there are idle workers, so that the search
// keeps every worker busy; otherwise one chunk: with several searches the
// workers are kept busy by the other calls, and spreading each call only
// makes smaller batches and more thread wake-ups (docs/performance.md,
// "Spreading only a lone search's calls").
func (b *Batcher) split(items []*item, prio Priority) []chunk {
	if len(items) == 0 {
		return nil
	}
	pieces := 1
	if !b.cfg.OneWorkerPerCall && time.Now().UnixNano()-b.overlapAt.Load() > int64(overlapWindow) {
		idle := b.idle.Load()
		if prio == Interactive {
			idle += b.idleReserved.Load()
		}
		pieces = max(1, int(idle))
	}
	pieces = min(pieces, (len(items)+minChunk-1)/minChunk)
	pieces = max(pieces, (len(items)+b.cfg.MaxBatch-1)/b.cfg.MaxBatch)
	chunks := make([]chunk, 0, pieces)
	for i := range pieces {
		lo, hi := i*len(items)/pieces, (i+1)*len(items)/pieces
		chunks = append(chunks, chunk(items[lo:hi]))
	}
	return chunks
}

// minChunk is the smallest chunk split makes: below it, running a call on
// one worker costs less than spreading it.
const minChunk = 2

// pollFor is poll, or pollInteractive for a reserved worker.
func (b *Batcher) pollFor(reserved bool) (chunk, bool) {
	if reserved {
		return b.pollInteractive()
	}
	return b.poll()
}

// takeFor is take, or for a reserved worker a wait for interactive work
// alone.
func (b *Batcher) takeFor(reserved bool, deadline <-chan time.Time) (chunk, bool) {
	if !reserved {
		return b.take(deadline)
	}
	if ch, ok := b.pollInteractive(); ok {
		return ch, true
	}
	b.idleReserved.Add(1)
	defer b.idleReserved.Add(-1)
	select {
	case ch := <-b.queues[Interactive]:
		b.queued[Interactive].Add(-int64(len(ch)))
		return ch, true
	case <-deadline:
		return nil, false
	case <-b.closed:
		return b.pollInteractive()
	}
}

// poll returns a queued chunk without waiting, interactive first.
func (b *Batcher) poll() (chunk, bool) {
	for p, q := range b.queues {
		select {
		case ch := <-q:
			b.queued[p].Add(-int64(len(ch)))
			return ch, true
		default:
		}
	}
	return nil, false
}

// take waits for a chunk (interactive first) until deadline fires or the
// batcher closes with nothing queued. While it waits, the worker counts as
// idle.
func (b *Batcher) take(deadline <-chan time.Time) (chunk, bool) {
	if ch, ok := b.poll(); ok {
		return ch, true
	}
	b.idle.Add(1)
	defer b.idle.Add(-1)
	select {
	case ch := <-b.queues[Interactive]:
		b.queued[Interactive].Add(-int64(len(ch)))
		return ch, true
	case ch := <-b.queues[Batch]:
		b.queued[Batch].Add(-int64(len(ch)))
		if ch2, ok := b.pollInteractive(); ok { // an interactive chunk raced in
			b.queued[Batch].Add(int64(len(ch)))
			b.queues[Batch] <- ch
			return ch2, true
		}
		return ch, true
	case <-deadline:
		return nil, false
	case <-b.closed:
		return b.poll()
	}
}

func (b *Batcher) pollInteractive() (chunk, bool) {
	select {
	case ch := <-b.queues[Interactive]:
		b.queued[Interactive].Add(-int64(len(ch)))
		return ch, true
	default:
		return nil, false
	}
}

// run evaluates a batch and answers its items.
func (b *Batcher) run(batch []*item, input []float32, out *Outputs) {
	live := batch[:0]
	for _, it := range batch {
		if it.call.ctx.Err() != nil {
			it.call.fail(it.call.ctx.Err())
			it.call.release()
			continue
		}
		live = append(live, it)
	}
	if len(live) == 0 {
		return
	}
	fs := b.format.FeatureSize()
	inParallel(len(live), func(lo, hi int) {
		for i := lo; i < hi; i++ {
			b.format.Encode(input[i*fs:(i+1)*fs], live[i].req)
		}
	})
	start := time.Now()
	err := b.runner.Run(input, len(live), out)
	b.stats.record(len(live), time.Since(start))
	if err == nil {
		inParallel(len(live), func(lo, hi int) {
			for i := lo; i < hi; i++ {
				decode(b.format, out, i, live[i].req)
				b.cache.Put(b.format.Key(live[i].req), live[i].req.Out)
			}
		})
	}
	for _, it := range live {
		if err != nil {
			it.call.fail(err)
		}
		it.call.release()
	}
}

// codecSpan is the fewest positions one goroutine encodes or decodes in a
// batch: below it, starting a goroutine costs more than it saves.
const codecSpan = 128

// inParallel calls f over [0, n) cut into spans of at least codecSpan
// positions, on up to GOMAXPROCS goroutines, and waits for them. A large
// batch's encoding and decoding (the policy softmax over each position's
// legal moves) then use the idle cores instead of holding the network
// idle: on a GPU one worker spent about twice as long on them as on its
// network call (docs/notes/2026-12-04-gpu-first-measurements.md). Small
// batches, the only ones on a CPU provider's default -max-batch, stay on
// the worker's goroutine.
func inParallel(n int, f func(lo, hi int)) {
	pieces := min(runtime.GOMAXPROCS(0), n/codecSpan)
	if pieces <= 1 {
		f(0, n)
		return
	}
	var wg sync.WaitGroup
	for p := 1; p < pieces; p++ {
		wg.Go(func() { f(p*n/pieces, (p+1)*n/pieces) })
	}
	f(0, n/pieces)
	wg.Wait()
}

// decode converts sample i of the outputs into req.Out: the policy softmax
// over the legal moves, utilities from the value row (win/draw/loss, or a
// value per seat), margin and ownership; a network without a margin head
// playing three or four gets its seats' leads from the Voronoi split
// (VoronoiLeads).
func decode(f format.Format, out *Outputs, i int, req *search.Request) {
	e := search.Eval{Priors: Priors(f, out, i, req.Moves)}
	vs := f.ValueSize()
	f.Utility(out.Value[vs*i:vs*(i+1)], &req.Position, &e.Utility)
	if out.Margin != nil {
		e.Margin, e.HasMargin = out.Margin[i], true
	} else if req.Position.Players() > 2 {
		e.Leads, e.HasLeads = VoronoiLeads(&req.Position), true
	}
	if out.Ownership != nil {
		var own [grid.NumSquares]float32
		copy(own[:], out.Ownership[i*49:(i+1)*49])
		e.Ownership = &own
	}
	req.Out = e
}

// Priors returns the policy of sample i of out, in format f, over moves
// (in their order): the softmax of their logits.
func Priors(f format.Format, out *Outputs, i int, moves []grid.Move) []float32 {
	na := f.NumActions()
	logits := out.Policy[i*na : (i+1)*na]
	priors := make([]float32, len(moves))
	for j, m := range moves {
		if a := f.ActionOf(m); a >= 0 {
			priors[j] = logits[a]
		} else {
			priors[j] = float32(math.Inf(-1))
		}
	}
	search.Softmax(priors)
	return priors
}

// QueueDepth returns the number of queued positions per priority.
func (b *Batcher) QueueDepth() (interactive, batch int) {
	return int(b.queued[Interactive].Load()), int(b.queued[Batch].Load())
}

// Cache returns the evaluation cache (nil when disabled).
func (b *Batcher) Cache() *Cache { return b.cache }
