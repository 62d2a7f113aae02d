package inference

import "context"

// Priority orders evaluation requests: interactive work (an app waiting for
// /analyze) is always served before batch work (reviews, opening batches,
// self-play).
type Priority int

// The priorities.
const (
	Interactive Priority = iota
	Batch
	numPriorities
)

type priorityKey struct{}

// WithPriority returns a context whose evaluations run at priority p.
func WithPriority(ctx context.Context, p Priority) context.Context {
	return context.WithValue(ctx, priorityKey{}, p)
}

// PriorityOf returns the priority of ctx (Interactive by default).
func PriorityOf(ctx context.Context) Priority {
	if p, ok := ctx.Value(priorityKey{}).(Priority); ok && p >= 0 && p < numPriorities {
		return p
	}
	return Interactive
}
