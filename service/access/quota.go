package access

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"time"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/store"
)

// Quotas are the limits of one API key. A zero field is no limit.
type Quotas struct {
	// VisitsPerSecond refills the key's token bucket, which synchronous
	// analyses (/v1/analyze, the picture endpoints that search) draw
	// visits x positions from; Burst is the bucket's size, and so the
	// largest single request.
	VisitsPerSecond int
	Burst           int
	// MaxJobs caps the key's queued and running jobs.
	MaxJobs int
	// MaxBatch caps the work of one job: positions x visits for a review,
	// openings x visits for an opening batch.
	MaxBatch int64
}

// DefaultKeyQuotas are the limits of a key created without its own: 2000
// visits per second (about what two cores search), bursts of 20000 (100
// analyses at 200 visits), 4 jobs at once and 2,000,000 visits per job
// (10000 openings at 200 visits).
func DefaultKeyQuotas() Quotas {
	return Quotas{VisitsPerSecond: 2000, Burst: 20000, MaxJobs: 4, MaxBatch: 2_000_000}
}

// effectiveQuotas fills the key's unset quotas from the defaults.
func effectiveQuotas(own store.KeyQuotas, def Quotas) Quotas {
	q := def
	if own.VisitsPerSecond > 0 {
		q.VisitsPerSecond = own.VisitsPerSecond
	}
	if own.Burst > 0 {
		q.Burst = own.Burst
	}
	if own.MaxJobs > 0 {
		q.MaxJobs = own.MaxJobs
	}
	if own.MaxBatch > 0 {
		q.MaxBatch = own.MaxBatch
	}
	if q.VisitsPerSecond > 0 && q.Burst <= 0 {
		q.Burst = q.VisitsPerSecond // a bucket needs a size
	}
	return q
}

// bucket is a token bucket of visits: it holds at most size, refills at
// rate per second, and starts full. Safe for concurrent use.
type bucket struct {
	mu     sync.Mutex
	rate   float64
	size   float64
	tokens float64
	last   time.Time
}

func newBucket(rate, size int) *bucket {
	return &bucket{rate: float64(rate), size: float64(size), tokens: float64(size), last: time.Now()}
}

// take removes n tokens and returns 0, or, when the bucket holds fewer,
// removes nothing and returns how long until it holds n. n must not exceed
// the size.
func (b *bucket) take(n float64, now time.Time) time.Duration {
	b.mu.Lock()
	defer b.mu.Unlock()
	if el := now.Sub(b.last); el > 0 {
		b.tokens = math.Min(b.size, b.tokens+el.Seconds()*b.rate)
		b.last = now
	}
	if b.tokens >= n {
		b.tokens -= n
		return 0
	}
	wait := time.Duration((n - b.tokens) / b.rate * float64(time.Second))
	return max(wait, time.Millisecond)
}

// ChargeVisits charges a synchronous analysis of positions x visits to the
// caller's bucket: a wallzero.CodeTooLarge error naming maxVisits when it exceeds
// the burst (it could never pass), wallzero.CodeRateLimited with RetryAfter when
// the bucket does not hold enough yet.
func ChargeVisits(ctx context.Context, positions, visits int) error {
	c := CallerFrom(ctx)
	if c == nil {
		return nil
	}
	work := int64(positions) * int64(visits)
	if c.bucket != nil {
		if work > int64(c.Quotas.Burst) {
			return &wallzero.Error{Code: wallzero.CodeTooLarge, Field: "maxVisits", Message: fmt.Sprintf(
				"this request asks for %d visits (%d positions x %d visits), more than the %d visits per request (burst) of API key %q: ask for fewer visits or positions",
				work, positions, visits, c.Quotas.Burst, c.Name)}
		}
		if wait := c.bucket.take(float64(work), time.Now()); wait > 0 {
			c.stats.rateLimited.Add(1)
			return &wallzero.Error{Code: wallzero.CodeRateLimited, Field: "maxVisits", RetryAfter: wait, Message: fmt.Sprintf(
				"API key %q is over its %d visits per second (this request asks for %d); retry after %.1f s",
				c.Name, c.Quotas.VisitsPerSecond, work, wait.Seconds())}
		}
	}
	c.stats.visits.Add(work)
	return nil
}

// jobRetryAfter is the Retry-After of a refusal for too many jobs: the
// service cannot know when one ends, so it suggests polling this often.
const jobRetryAfter = 5 * time.Second

// AdmitJob checks a job of work visits over items against the caller's
// largest batch (naming field when it is too large) and returns the owner
// and active-job cap to store the job with.
func AdmitJob(ctx context.Context, work int64, items int, field string) (owner int64, maxActive int, err error) {
	c := CallerFrom(ctx)
	if c == nil {
		return store.AnyOwner, 0, nil
	}
	if c.Quotas.MaxBatch > 0 && work > c.Quotas.MaxBatch {
		return 0, 0, &wallzero.Error{Code: wallzero.CodeTooLarge, Field: field, Message: fmt.Sprintf(
			"this job asks for %d visits (%d items x %d visits), more than the %d visits per job of API key %q: send fewer items or visits, or split it",
			work, items, work/int64(max(items, 1)), c.Quotas.MaxBatch, c.Name)}
	}
	return c.KeyID, c.Quotas.MaxJobs, nil
}

// JobQuotaError maps store.CreateJob's refusal for too many jobs (nil for
// any other error).
func JobQuotaError(ctx context.Context, err error) error {
	var tm *store.TooManyJobsError
	if !errors.As(err, &tm) {
		return nil
	}
	c := CallerFrom(ctx)
	name, limit := "", 0
	if c != nil {
		c.stats.rateLimited.Add(1)
		name, limit = c.Name, c.Quotas.MaxJobs
	}
	return &wallzero.Error{Code: wallzero.CodeRateLimited, RetryAfter: jobRetryAfter, Err: err, Message: fmt.Sprintf(
		"API key %q already has %d queued or running jobs, its limit is %d: wait for one to end or cancel one", name, tm.Active, limit)}
}
