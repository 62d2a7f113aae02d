package analysis

import (
	"context"
	"sync/atomic"

	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/search"
)

// Metrics counts the service's work for /metrics. The zero value is ready;
// all fields are safe for concurrent use.
type Metrics struct {
	// Evaluations counts positions the searches sent to an evaluator
	// (whether the evaluator answered from its own cache or not).
	Evaluations atomic.Int64
	// CacheHits and CacheMisses count analysis cache lookups.
	CacheHits, CacheMisses atomic.Int64
	// Searches counts searches run, Interactive and Batch by priority.
	InteractiveSearches, BatchSearches atomic.Int64
	// JobsSucceeded, JobsFailed, JobsCancelled and JobsInterrupted count
	// job attempts by outcome in this process.
	JobsSucceeded, JobsFailed, JobsCancelled, JobsInterrupted atomic.Int64
	// OpeningsScored counts openings scored by batch jobs.
	OpeningsScored atomic.Int64
}

// Metered wraps an evaluator so that m counts its evaluations.
func Metered(e search.Evaluator, m *Metrics) search.Evaluator {
	if e == nil {
		return nil
	}
	return search.Observed(e, func(n int) { m.Evaluations.Add(int64(n)) })
}

// CountSearch counts one search at the priority of ctx.
func (m *Metrics) CountSearch(ctx context.Context) {
	if inference.PriorityOf(ctx) == inference.Batch {
		m.BatchSearches.Add(1)
	} else {
		m.InteractiveSearches.Add(1)
	}
}
