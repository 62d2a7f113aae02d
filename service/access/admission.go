package access

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"sync"
	"time"

	"github.com/wallzero/wallzero"
)

// AdmissionConfig bounds the synchronous analyses (POST /v1/analyze and
// the pictures that search), so that under overload the requests the
// service can serve are served at full speed and the others are refused at
// once, instead of every request slowing down together until all of them
// miss their deadline.
type AdmissionConfig struct {
	// MaxSearches is the number of synchronous requests searching at once.
	// The batching evaluator is busiest with about this many searches
	// feeding it (docs/admission.md has the measurement); more only add
	// latency.
	MaxSearches int
	// MaxQueue caps the requests waiting for a search slot (negative: none
	// wait; zero: the default).
	MaxQueue int
	// MaxQueueWait is the longest estimated wait a request is queued for;
	// beyond it the request is refused at once with Retry-After.
	MaxQueueWait time.Duration
	// MaxRequestVisits caps the work of one request: maxVisits times the
	// positions it asks for (cache hits included).
	MaxRequestVisits int
	// VisitsPerSecond is the throughput assumed at start; each request
	// that finishes while the service is busy then moves the estimate
	// towards the measured one (its visits per second times the searches
	// running beside it).
	VisitsPerSecond float64
}

// DefaultAdmissionConfig returns the defaults for a 2-core machine with the
// shipped model: 8 searches, 64 waiting at most 5 s, 50,000 visits per
// request, 1,000 visits per second until measured.
func DefaultAdmissionConfig() AdmissionConfig {
	return AdmissionConfig{MaxSearches: 8, MaxQueue: 64, MaxQueueWait: 5 * time.Second, MaxRequestVisits: 50000, VisitsPerSecond: 1000}
}

// WithDefaults fills the zero fields of c from the defaults.
func (c AdmissionConfig) WithDefaults() AdmissionConfig {
	d := DefaultAdmissionConfig()
	c.MaxSearches = orDefault(c.MaxSearches, d.MaxSearches)
	c.MaxQueue = cmp.Or(c.MaxQueue, d.MaxQueue) // negative: no queue
	c.MaxQueueWait = orDefault(c.MaxQueueWait, d.MaxQueueWait)
	c.MaxRequestVisits = orDefault(c.MaxRequestVisits, d.MaxRequestVisits)
	c.VisitsPerSecond = orDefault(c.VisitsPerSecond, d.VisitsPerSecond)
	return c
}

// AdmissionStats is a snapshot of the admission controller for /metrics.
type AdmissionStats struct {
	// Searching and Queued count the requests holding a slot and waiting.
	Searching, Queued int
	// MaxSearches and MaxQueue are the configured bounds.
	MaxSearches, MaxQueue int
	// VisitsPerSecond is the throughput the wait estimates use.
	VisitsPerSecond float64
	// Admitted, Waited and Refused count requests since start: admitted at
	// once or after a wait, waited (a subset of admitted), refused.
	Admitted, Waited, Refused int64
}

// Admission is a counting semaphore of search slots with a bounded FIFO
// queue in front of it. A request is queued only when the work ahead of it
// (queued and running visits over the measured throughput) lets it start
// within MaxQueueWait and finish before its deadline; otherwise it is
// refused at once. Slots are handed to waiters in arrival order.
type Admission struct {
	cfg AdmissionConfig

	mu        sync.Mutex
	searching int
	queue     []*waiter
	// queuedVisits and runningVisits are the visits asked by the queued
	// and the running requests.
	queuedVisits, runningVisits int64
	// rate is the throughput in visits per second (all searches together)
	// the estimates use: the assumed one at first, then an exponentially
	// weighted average of one sample per finished request that ran busy
	// (at least busyMin searches on average while it ran, so that a quiet
	// service does not read as a slow one).
	rate    float64
	busyMin int
	// lastChange is when searching last changed, and conc the integral of
	// searching over time (search-seconds) up to then.
	lastChange time.Time
	conc       float64
	// promised is the end of the schedule of returns promised to refused
	// requests (retry.go): the next refusal is told to come back no
	// earlier.
	promised time.Time

	admitted, waited, refused int64
}

// waiter is a queued request.
type waiter struct {
	cost    int64
	ready   chan struct{} // closed when the slot is handed over
	granted bool
	run     runStart // set when granted
}

// runStart is when a request got its slot, with the concurrency integral
// then, to measure its run.
type runStart struct {
	at   time.Time
	conc float64
}

// NewAdmission returns an admission controller (zero fields of cfg: the
// defaults).
func NewAdmission(cfg AdmissionConfig) *Admission {
	cfg = cfg.WithDefaults()
	return &Admission{cfg: cfg, rate: cfg.VisitsPerSecond, busyMin: max(1, cfg.MaxSearches/2), lastChange: time.Now()}
}

// account brings the concurrency integral up to now. Called with a.mu
// held, before a.searching changes.
func (a *Admission) account(now time.Time) runStart {
	a.conc += float64(a.searching) * now.Sub(a.lastChange).Seconds()
	a.lastChange = now
	return runStart{at: now, conc: a.conc}
}

// finished takes a throughput sample from a request that searched visits
// since start: its own speed times the searches that ran beside it on
// average, which is the service's throughput while it ran. Requests that
// ran with fewer than busyMin searches on average are not samples.
// Called with a.mu held, after account.
func (a *Admission) finished(visits int64, start runStart) {
	el := a.lastChange.Sub(start.at).Seconds()
	if visits <= 0 || el < 0.001 {
		return
	}
	avg := (a.conc - start.conc) / el
	if avg < float64(a.busyMin) {
		return
	}
	a.rate = math.Max(1, 0.8*a.rate+0.2*float64(visits)/el*avg)
}

// errOverloaded returns the refusal of a request when the service is full,
// with the Retry-After of the schedule (retryLocked).
func errOverloaded(why string, retry time.Duration) *wallzero.Error {
	return &wallzero.Error{Code: wallzero.CodeOverloaded, Message: "the service is at capacity: " + why + "; try again after the Retry-After delay",
		RetryAfter: retry}
}

// Acquire waits for a search slot for a request of cost visits and returns
// the function that gives it back; or it refuses the request at once with
// a wallzero.CodeOverloaded error carrying Retry-After.
func (a *Admission) Acquire(ctx context.Context, cost int64) (release func(), err error) {
	a.mu.Lock()
	if a.searching < a.cfg.MaxSearches && len(a.queue) == 0 {
		start := a.account(time.Now())
		a.promised = time.Time{} // room now: the returns promised are served or lapsed
		a.searching++
		a.runningVisits += cost
		a.admitted++
		a.mu.Unlock()
		return a.releaser(cost, start), nil
	}
	if refusal := a.refusalLocked(ctx, cost); refusal != nil {
		a.refused++
		a.mu.Unlock()
		return nil, refusal
	}
	w := &waiter{cost: cost, ready: make(chan struct{})}
	a.queue = append(a.queue, w)
	a.queuedVisits += cost
	a.mu.Unlock()

	select {
	case <-w.ready:
		return a.releaser(cost, w.run), nil
	case <-ctx.Done():
	}
	a.mu.Lock()
	if w.granted { // the slot came as the context ended: give it back
		a.releaseLocked(cost, 0, w.run) // nothing was searched: no sample
		a.mu.Unlock()
		return nil, wallzero.TimeoutOr(ctx.Err())
	}
	for i, q := range a.queue {
		if q == w {
			a.queue = append(a.queue[:i], a.queue[i+1:]...)
			break
		}
	}
	a.queuedVisits -= cost
	a.mu.Unlock()
	return nil, wallzero.TimeoutOr(ctx.Err())
}

// Precheck refuses a request of cost visits at once, as Acquire would,
// without taking or waiting for a slot: the service calls it before any
// database work, so that under overload a refusal costs next to nothing.
func (a *Admission) Precheck(ctx context.Context, cost int64) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.searching < a.cfg.MaxSearches && len(a.queue) == 0 {
		return nil
	}
	if refusal := a.refusalLocked(ctx, cost); refusal != nil {
		a.refused++
		return refusal
	}
	return nil
}

// Full refuses at once, before the request is even read, when no request
// could be queued whatever its cost: every slot is busy and either the
// queue is full or the work ahead already exceeds MaxQueueWait. Refusing
// here costs next to nothing, which keeps refusals fast in a burst.
// ctx names the client (WithClient) for the Retry-After's rounding.
func (a *Admission) Full(ctx context.Context) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.searching < a.cfg.MaxSearches && len(a.queue) == 0 {
		return nil
	}
	if refusal := a.refusalLocked(ctx, 0); refusal != nil {
		a.refused++
		return refusal
	}
	return nil
}

// refusalLocked returns why a request of cost visits cannot be queued now
// (nil when it can): the queue is full, the estimated wait is longer than
// MaxQueueWait, or the request would not finish before its deadline.
// Called with a.mu held.
func (a *Admission) refusalLocked(ctx context.Context, cost int64) *wallzero.Error {
	ahead := a.queuedVisits + a.runningVisits
	wait := a.duration(ahead)
	var why string
	switch {
	case len(a.queue) >= max(a.cfg.MaxQueue, 0):
		why = fmt.Sprintf("%d searches running and %d requests waiting", a.searching, len(a.queue))
	case wait > a.cfg.MaxQueueWait:
		why = fmt.Sprintf("the work queued ahead would take about %.1f s", wait.Seconds())
	default:
		dl, ok := ctx.Deadline()
		if !ok || time.Until(dl) >= a.duration(ahead+cost) {
			return nil
		}
		why = fmt.Sprintf("the analysis would not finish before its deadline (about %.1f s of work is ahead)", wait.Seconds())
	}
	return errOverloaded(why, a.retryLocked(time.Now(), cost, ClientFrom(ctx)))
}

// duration estimates how long visits of work take at the measured rate.
// Called with a.mu held.
func (a *Admission) duration(visits int64) time.Duration {
	return time.Duration(float64(visits) / a.rate * float64(time.Second))
}

// releaser returns the function that gives back a slot held since start
// by a request of cost visits.
func (a *Admission) releaser(cost int64, start runStart) func() {
	var once sync.Once
	return func() {
		once.Do(func() {
			a.mu.Lock()
			defer a.mu.Unlock()
			a.releaseLocked(cost, cost, start)
		})
	}
}

// releaseLocked gives back the slot of a request of cost visits that ran
// since start and searched done of them (a throughput sample), and hands
// the slot to the first waiter. Called with a.mu held.
func (a *Admission) releaseLocked(cost, done int64, start runStart) {
	now := a.account(time.Now())
	a.finished(done, start)
	a.searching--
	a.runningVisits -= cost
	if len(a.queue) > 0 {
		w := a.queue[0]
		a.queue = a.queue[1:]
		a.queuedVisits -= w.cost
		a.searching++
		a.runningVisits += w.cost
		a.admitted++
		a.waited++
		w.granted, w.run = true, now
		close(w.ready)
	}
}

// Stats returns a snapshot.
func (a *Admission) Stats() AdmissionStats {
	a.mu.Lock()
	defer a.mu.Unlock()
	return AdmissionStats{Searching: a.searching, Queued: len(a.queue), MaxSearches: a.cfg.MaxSearches, MaxQueue: max(a.cfg.MaxQueue, 0),
		VisitsPerSecond: a.rate, Admitted: a.admitted, Waited: a.waited, Refused: a.refused}
}

// orDefault returns v, or def when v is zero or negative (a config's
// "unset").
func orDefault[T int | int64 | float64 | time.Duration](v, def T) T { return cmp.Or(max(v, 0), def) }

// Charge charges the caller's visits quota for positions x visits
// (ChargeVisits), so that an *Admission serves as the analyses' admission.
func (a *Admission) Charge(ctx context.Context, positions, visits int) error {
	return ChargeVisits(ctx, positions, visits)
}
