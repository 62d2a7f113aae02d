package analysis

import (
	"context"
	"testing"

	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/search"
)

// asyncStub is an evaluator that claims asynchronous evaluation; only its
// type matters here.
type asyncStub struct{ search.Evaluator }

func (asyncStub) EvaluateAsync(context.Context, []*search.Request, chan<- error) {}

// TestLeafCalls: a search splits its leaves into InteractiveLeafCalls
// calls only at interactive priority and over an asynchronous evaluator,
// never into more calls than leaves.
func TestLeafCalls(t *testing.T) {
	t.Parallel()
	interactive := inference.WithPriority(context.Background(), inference.Interactive)
	batch := inference.WithPriority(context.Background(), inference.Batch)
	sync := inference.Heuristic{}
	async := asyncStub{sync}
	for _, tc := range []struct {
		name  string
		calls int
		ctx   context.Context
		eval  search.Evaluator
		want  int
	}{
		{"interactive, asynchronous", 2, interactive, async, 2},
		{"interactive, observed asynchronous", 2, interactive, search.Observed(async, func(int) {}), 2},
		{"interactive, synchronous", 2, interactive, sync, 1},
		{"batch", 2, batch, async, 1},
		{"no priority given (interactive)", 2, context.Background(), async, 2},
		{"off", 1, interactive, async, 1},
		{"zero", 0, interactive, async, 1},
		{"more calls than leaves", 40, interactive, async, 16},
	} {
		a := NewAnalyzer(Evaluators{}, DefaultLimits())
		a.InteractiveLeafCalls = tc.calls
		if got := a.leafCalls(tc.ctx, tc.eval); got != tc.want {
			t.Errorf("%s: %d calls, want %d", tc.name, got, tc.want)
		}
	}
}
