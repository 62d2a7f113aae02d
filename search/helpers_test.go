package search

import "context"

// EvaluatorFunc adapts a function evaluating one request at a time.
type EvaluatorFunc func(req *Request)

// Evaluate calls f on every request.
func (f EvaluatorFunc) Evaluate(ctx context.Context, reqs []*Request) error {
	for _, r := range reqs {
		if err := ctx.Err(); err != nil {
			return err
		}
		f(r)
	}
	return nil
}
