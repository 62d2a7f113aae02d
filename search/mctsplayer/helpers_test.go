package mctsplayer

import (
	"context"
	"math"

	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/search"
)

// territoryEval is a deterministic evaluator for the players' tests (the
// search package's own tests use the same one): uniform priors and a
// value from the current land and reach difference.
func territoryEval(req *search.Request) {
	p := &req.Position
	req.Out.Priors = make([]float32, len(req.Moves))
	for i := range req.Out.Priors {
		req.Out.Priors[i] = 1 / float32(len(req.Moves))
	}
	t, r := p.Territory(), p.Reachability()
	var u [grid.MaxPlayers]float32
	var sum float32
	for c := 0; c < p.Players(); c++ {
		u[c] = float32(math.Exp((float64(t.Score[c]) + 0.3*float64(r.Exclusive[c].Count())) / 4))
		sum += u[c]
	}
	for c := 0; c < p.Players(); c++ {
		u[c] /= sum
	}
	req.Out.Utility = u
}

// evaluatorFunc adapts a function evaluating one request at a time.
type evaluatorFunc func(req *search.Request)

// Evaluate implements search.Evaluator.
func (f evaluatorFunc) Evaluate(_ context.Context, reqs []*search.Request) error {
	for _, r := range reqs {
		f(r)
	}
	return nil
}
