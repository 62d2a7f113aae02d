package access

import (
	"context"
	"hash/fnv"
	"math"
	"strconv"
	"time"
)

// Retry-After of a refused synchronous analysis.
//
// Every refusal used to name about the same delay (the work queued ahead),
// so that under a storm every refused client came back in the same second
// and most were refused again. Now the controller keeps a schedule of the
// returns it has promised: each refusal is told to come back when the
// queue will have drained to half its bounds and after the returns
// promised before it have been served at the measured throughput
// (retrySchedule). Returns so arrive about as fast as the service frees
// capacity, and find a place in the queue on their first retry. The
// seconds are then rounded up or down per client (retryJitter), so that
// the whole-second header does not gather a second's worth of promises
// into one wave, while its expectation stays the schedule's time.
const (
	// minRetryAfter and maxRetryAfter bound every Retry-After.
	minRetryAfter = time.Second
	maxRetryAfter = 30 * time.Second
	// jitterSlot is how long one client keeps the same rounding.
	jitterSlot = 10 * time.Second
)

type clientKey struct{}

// WithClient returns a context naming the client a request comes from
// (its API key, or its address without a key), which spreads the
// Retry-After of refusals per client.
func WithClient(ctx context.Context, client string) context.Context {
	return context.WithValue(ctx, clientKey{}, client)
}

// ClientFrom returns the client WithClient named ("" when none).
func ClientFrom(ctx context.Context) string {
	s, _ := ctx.Value(clientKey{}).(string)
	return s
}

// ClientOf names a request's client for WithClient: its key's id when it
// has one, else its address.
func ClientOf(c *Caller, addr string) string {
	if c != nil {
		return "key:" + strconv.FormatInt(c.KeyID, 10)
	}
	return "addr:" + addr
}

// retryLocked returns the Retry-After of a request of cost visits refused
// at now by client, and books its return in the schedule. Called with a.mu
// held.
func (a *Admission) retryLocked(now time.Time, cost int64, client string) time.Duration {
	if cost <= 0 {
		cost = a.averageCostLocked()
	}
	at := a.retryScheduleLocked(now, cost)
	return retryJitter(at.Sub(now), client, now)
}

// retryScheduleLocked returns when a refused request of cost visits should
// come back: once the queue has drained to half its bounds (half its
// places, half of MaxQueueWait of work) and the returns promised before
// it have had their share of the throughput. It books cost visits of the
// schedule. Called with a.mu held.
func (a *Admission) retryScheduleLocked(now time.Time, cost int64) time.Time {
	half := int64(max(a.cfg.MaxQueue, 0) / 2)
	placesWait := a.duration((int64(len(a.queue)) - half) * a.averageCostLocked())
	workWait := a.duration(a.queuedVisits+a.runningVisits) - a.cfg.MaxQueueWait/2
	at := now.Add(max(0, placesWait, workWait))
	if a.promised.After(at) {
		at = a.promised
	}
	if at.Sub(now) > maxRetryAfter {
		return now.Add(maxRetryAfter) // the schedule is full: no booking
	}
	a.promised = at.Add(a.duration(cost))
	return at
}

// averageCostLocked is the mean visits of the running and queued requests
// (the cost of a refusal that came before its body was read), at least 1.
// Called with a.mu held.
func (a *Admission) averageCostLocked() int64 {
	n := int64(a.searching + len(a.queue))
	if n == 0 {
		return 1
	}
	return max(1, (a.queuedVisits+a.runningVisits)/n)
}

// retryJitter rounds a wait d to whole seconds, up or down at random but
// the same for one client within a jitterSlot: d = 2.3 s is 3 s for 30% of
// the clients and 2 s for the others, so a schedule's returns stay spread
// over the seconds and their mean stays d. The result is within
// [minRetryAfter, maxRetryAfter].
func retryJitter(d time.Duration, client string, now time.Time) time.Duration {
	h := fnv.New64a()
	h.Write([]byte(client))
	h.Write([]byte(strconv.FormatInt(now.UnixNano()/int64(jitterSlot), 10)))
	u := float64(h.Sum64()>>11) / (1 << 53) // uniform in [0, 1)
	secs := math.Floor(d.Seconds() + u)
	return min(max(time.Duration(secs)*time.Second, minRetryAfter), maxRetryAfter)
}
