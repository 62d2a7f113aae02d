package access

import (
	"context"

	"github.com/wallzero/wallzero/store"
)

// Caller is the API key a request was made with. A nil *Caller is the
// anonymous caller of a service running with -auth off: no quotas, and
// every job is visible to it.
type Caller struct {
	// KeyID and Name identify the key (never its token).
	KeyID int64
	Name  string
	// Quotas are the key's effective limits (its own, else the server's
	// defaults for keys).
	Quotas Quotas

	bucket *bucket    // visits per second; nil when unlimited
	stats  *keyCounts // per-key metrics, by name
}

type callerKey struct{}

// WithCaller returns a context carrying the caller; the API's
// authentication middleware sets it, and the service reads it to charge
// quotas and to scope jobs.
func WithCaller(ctx context.Context, c *Caller) context.Context {
	return context.WithValue(ctx, callerKey{}, c)
}

// CallerFrom returns the context's caller (nil: anonymous).
func CallerFrom(ctx context.Context) *Caller {
	c, _ := ctx.Value(callerKey{}).(*Caller)
	return c
}

// Owner is the job owner of the caller: its key id, or store.AnyOwner for
// the anonymous caller (whose jobs are anonymous and who sees every job).
func (c *Caller) Owner() int64 {
	if c == nil {
		return store.AnyOwner
	}
	return c.KeyID
}

// JobSubmitted counts a job submitted with the caller's key (for the
// per-key metrics).
func (c *Caller) JobSubmitted() {
	if c != nil {
		c.stats.jobs.Add(1)
	}
}
