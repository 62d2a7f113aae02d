package inference

import (
	"context"
	"math"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/player"
	"github.com/wallzero/wallzero/search"
)

// HeuristicModelID identifies the heuristic evaluator where a model id is
// expected (caches, reports).
const HeuristicModelID = "heuristic-voronoi-v1"

// Heuristic is a model-free search.Evaluator built on the Voronoi split of
// the heuristic players (engine/player): priors are a softmax of each
// move's one-ply Voronoi margin, utilities a softmax of the squares each
// player is expected to get. It evaluates games of 2, 3 and 4 players, is
// deterministic, and serves tests and games the network does not cover.
type Heuristic struct {
	// PriorTemperature and ValueTemperature are in squares (defaults 2 and 4).
	PriorTemperature float64
	ValueTemperature float64
}

// Evaluate implements search.Evaluator.
func (h Heuristic) Evaluate(ctx context.Context, reqs []*search.Request) error {
	pt, vt := h.PriorTemperature, h.ValueTemperature
	if pt <= 0 {
		pt = 2
	}
	if vt <= 0 {
		vt = 4
	}
	for _, r := range reqs {
		if err := ctx.Err(); err != nil {
			return err
		}
		heuristicEval(r, pt, vt)
	}
	return nil
}

func heuristicEval(r *search.Request, pt, vt float64) {
	p := &r.Position
	me := p.ToMove()
	scores := make([]float64, len(r.Moves))
	best := math.Inf(-1)
	for i, m := range r.Moves {
		q := *p
		q.Apply(m)
		s := float64(player.Evaluate(&q, me))
		scores[i] = s / pt
		best = max(best, scores[i])
	}
	priors := make([]float32, len(r.Moves))
	var sum float64
	for i, s := range scores {
		e := math.Exp(s - best)
		priors[i] = float32(e)
		sum += e
	}
	for i := range priors {
		priors[i] = float32(float64(priors[i]) / sum)
	}
	r.Out = search.Eval{Priors: priors}
	cl := player.Voronoi(p)
	var total float64
	var u [engine.MaxPlayers]float64
	maxCount := 0
	for c := 0; c < p.Players(); c++ {
		maxCount = max(maxCount, cl.Count(engine.Color(c)))
	}
	for c := 0; c < p.Players(); c++ {
		u[c] = math.Exp(float64(cl.Count(engine.Color(c))-maxCount) / vt)
		total += u[c]
	}
	for c := 0; c < p.Players(); c++ {
		r.Out.Utility[c] = float32(u[c] / total)
	}
	if p.Players() == 2 {
		r.Out.Margin = float32(cl.Count(me) - cl.Count(1-me))
		r.Out.HasMargin = true
	}
	var own [engine.NumSquares]float32
	for c := 0; c < p.Players(); c++ {
		v := float32(-1)
		if engine.Color(c) == me {
			v = 1
		}
		for b := cl.Land[c]; b != 0; b &= b - 1 {
			own[b.First()] = v
		}
	}
	r.Out.Ownership = &own
}
