package search

import "context"

// Observed returns an evaluator that passes every call to e after telling
// count how many requests it holds (metrics, per-player counters). It is
// an AsyncEvaluator when e is one, so wrapping does not cost a search with
// several calls in flight a goroutine per call.
func Observed(e Evaluator, count func(n int)) Evaluator {
	o := observed{e: e, count: count}
	if a, ok := e.(AsyncEvaluator); ok {
		return observedAsync{o, a}
	}
	return o
}

type observed struct {
	e     Evaluator
	count func(n int)
}

func (o observed) Evaluate(ctx context.Context, reqs []*Request) error {
	o.count(len(reqs))
	return o.e.Evaluate(ctx, reqs)
}

type observedAsync struct {
	observed
	a AsyncEvaluator
}

func (o observedAsync) EvaluateAsync(ctx context.Context, reqs []*Request, done chan<- error) {
	o.count(len(reqs))
	o.a.EvaluateAsync(ctx, reqs, done)
}
