package inference

import (
	"context"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
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

// VoronoiLeads returns every seat's lead in squares (search.Eval.Leads)
// by the Voronoi split of pos: each seat's claimed land (settled regions,
// its stones and the open squares it reaches first) minus the best other
// seat's. The three- and four-player networks have no score head, so the
// search reads their seats' leads from this split at its leaves and
// averages it over its visits, as it averages the two-player network's
// margin.
func VoronoiLeads(pos *engine.Position) [grid.MaxPlayers]float32 {
	return claimLeads(player.Voronoi(pos), pos.Players())
}

// claimLeads returns the seats' leads of a Voronoi split.
func claimLeads(cl player.Claims, players int) [grid.MaxPlayers]float32 {
	land := make([]int, players)
	for c := range land {
		land[c] = cl.Count(grid.Color(c))
	}
	return search.SeatLeads(land)
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
	for i, m := range r.Moves {
		q := *p
		q.Apply(m)
		scores[i] = float64(player.Evaluate(&q, me)) / pt
	}
	search.Softmax(scores)
	priors := make([]float32, len(r.Moves))
	for i, s := range scores {
		priors[i] = float32(s)
	}
	r.Out = search.Eval{Priors: priors}
	cl := player.Voronoi(p)
	var ua [grid.MaxPlayers]float64
	u := ua[:p.Players()]
	for c := range u {
		u[c] = float64(cl.Count(grid.Color(c))) / vt
	}
	search.Softmax(u)
	for c, v := range u {
		r.Out.Utility[c] = float32(v)
	}
	if p.Players() == 2 {
		r.Out.Margin = float32(cl.Count(me) - cl.Count(1-me))
		r.Out.HasMargin = true
	} else {
		r.Out.Leads, r.Out.HasLeads = claimLeads(cl, p.Players()), true
	}
	var own [grid.NumSquares]float32
	for c := 0; c < p.Players(); c++ {
		v := float32(-1)
		if grid.Color(c) == me {
			v = 1
		}
		for b := cl.Land[c]; b != 0; b &= b - 1 {
			own[b.First()] = v
		}
	}
	r.Out.Ownership = &own
}
