package turning

import (
	"sort"

	"github.com/wallzero/wallzero/service/jobs/review"
)

// selectPoints keeps one turning point per move (the first kind
// of kindRank, costing the most of its kinds), then the decided point and
// the others that cost the most, MaxTurningPoints in all, largest cost
// first (ties in the order of the game).
func selectPoints(cands []review.TurningPoint) []review.TurningPoint {
	byPly := map[int]review.TurningPoint{}
	for _, tp := range cands {
		old, ok := byPly[tp.Ply]
		switch {
		case !ok:
			byPly[tp.Ply] = tp
		case kindRank[tp.Kind] < kindRank[old.Kind]:
			tp.Cost = max(tp.Cost, old.Cost)
			byPly[tp.Ply] = tp
		default:
			old.Cost = max(tp.Cost, old.Cost)
			byPly[tp.Ply] = old
		}
	}
	out := make([]review.TurningPoint, 0, len(byPly))
	for _, tp := range byPly {
		out = append(out, tp)
	}
	sort.Slice(out, func(a, b int) bool {
		x, y := out[a], out[b]
		if (x.Kind == Decided) != (y.Kind == Decided) {
			return x.Kind == Decided
		}
		if x.Cost != y.Cost {
			return x.Cost > y.Cost
		}
		return x.Ply < y.Ply
	})
	out = out[:min(len(out), MaxTurningPoints)]
	sort.SliceStable(out, func(a, b int) bool {
		if out[a].Cost != out[b].Cost {
			return out[a].Cost > out[b].Cost
		}
		return out[a].Ply < out[b].Ply
	})
	return out
}
