package inference

import "sync"

// The fast lane: a lone search's calls skip the niced workers.
//
// A worker with a lower thread priority (BatcherConfig.Nice) is locked to
// its OS thread, and handing work to a locked goroutine and back costs
// thread wake-ups that Go's scheduler cannot overlap with anything: on the
// 2-core development VM about 100 µs per round trip of two workers, beside
// a network call of about 1 ms for a lone search's 16 leaves
// (docs/performance.md, "The fast lane"). So when every worker waits for
// work, nothing is queued and the process is quiet (SetQuiet), a call is
// run by the fast lane's helpers instead: ordinary goroutines, one per
// worker, that the Go scheduler runs on whichever thread is free, at the
// process's normal priority. Under load the workers are busy and calls
// queue for them as before, so the niced workers keep the network behind
// request handling whenever both want the cores.

// laneSlot is the buffers of one helper of the fast lane.
type laneSlot struct {
	input []float32
	out   *Outputs
}

// laneJob is one piece of a fast-lane call for a helper.
type laneJob struct {
	items []*item
	slot  *laneSlot
	wg    *sync.WaitGroup
}

// fastLane is the batcher's fast lane. Its mutex is held for a whole call
// (one call at a time); the helpers and their buffers are made by the
// first call.
type fastLane struct {
	mu     sync.Mutex
	slots  []*laneSlot
	jobs   chan laneJob
	closed bool
}

// SetQuiet sets the function the fast lane asks before each call: false
// keeps the call on the workers (at their niceness). The service passes
// its admission controller's view (at most one search, no request
// waiting or refused lately). Without it, the batcher's own idleness
// decides alone.
func (b *Batcher) SetQuiet(quiet func() bool) { b.quiet.Store(&quiet) }

// tryFastLane runs items on the fast lane when it is allowed now and
// reports whether it did; every item is then answered (or failed), and
// the caller still holds the call's submitter hold.
func (b *Batcher) tryFastLane(items []*item) bool {
	if !b.laneAllowed(len(items)) || !b.lane.mu.TryLock() {
		return false
	}
	defer b.lane.mu.Unlock()
	// Checked again with the lane held: a worker may have taken work.
	if b.lane.closed || !b.laneAllowed(len(items)) {
		return false
	}
	b.inLane.Store(true)
	defer b.inLane.Store(false)
	b.startLane()
	pieces := min(b.cfg.Workers, (len(items)+minChunk-1)/minChunk)
	items[0].call.pending.Add(int32(len(items)))
	var wg sync.WaitGroup
	wg.Add(pieces)
	for k := range pieces {
		lo, hi := k*len(items)/pieces, (k+1)*len(items)/pieces
		b.lane.jobs <- laneJob{items: items[lo:hi], slot: b.lane.slots[k], wg: &wg}
	}
	wg.Wait()
	b.stats.fastLane.Add(1)
	return true
}

// startLane makes the helpers and their buffers on first use. Called with
// the lane held.
func (b *Batcher) startLane() {
	if b.lane.jobs != nil {
		return
	}
	b.lane.jobs = make(chan laneJob, b.cfg.Workers)
	for range b.cfg.Workers {
		slot := &laneSlot{input: make([]float32, b.cfg.MaxBatch*FeatureSize), out: b.runner.NewOutputs(b.cfg.MaxBatch)}
		b.lane.slots = append(b.lane.slots, slot)
		b.wg.Add(1)
		go b.laneHelper(b.lane.jobs)
	}
}

// laneHelper runs pieces of fast-lane calls until the lane closes. It is
// not locked to a thread, so handing it a piece wakes no thread when a
// core is free.
func (b *Batcher) laneHelper(jobs <-chan laneJob) {
	defer b.wg.Done()
	for j := range jobs {
		b.run(j.items, j.slot.input, j.slot.out)
		j.wg.Done()
	}
}

// closeLane stops the helpers once no call uses the lane.
func (b *Batcher) closeLane() {
	b.lane.mu.Lock()
	defer b.lane.mu.Unlock()
	if !b.lane.closed && b.lane.jobs != nil {
		close(b.lane.jobs)
	}
	b.lane.closed = true
}

// laneAllowed reports whether a call of n uncached positions may take the
// fast lane now: the option is on, every worker waits for work, nothing
// is queued, the call fits the workers' batches, and the quiet function
// (if set) agrees.
func (b *Batcher) laneAllowed(n int) bool {
	if !b.cfg.FastLane || n == 0 || n > b.cfg.Workers*b.cfg.MaxBatch {
		return false
	}
	if int(b.idle.Load()) < b.cfg.Workers {
		return false
	}
	for p := range b.queued {
		if b.queued[p].Load() > 0 {
			return false
		}
	}
	if q := b.quiet.Load(); q != nil && *q != nil && !(*q)() {
		return false
	}
	return true
}
