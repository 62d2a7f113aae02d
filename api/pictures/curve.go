package pictures

import (
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/service/jobs"
	"github.com/wallzero/wallzero/service/render"
)

// reviewCurve turns a review into curve points (a move's classification
// marks the point after it; with three or four players every point has
// each player's win rate and its mover) and the number of setup plies
// (the leading placements).
func reviewCurve(r *jobs.ReviewResult) ([]render.CurvePoint, int) {
	points := make([]render.CurvePoint, 0, len(r.WinrateCurve))
	clamp := func(v float32) float64 { return min(1, max(0, float64(v))) }
	for _, p := range r.WinrateCurve {
		cp := render.CurvePoint{Ply: p.Ply, Red: clamp(p.RedWinrate())}
		if len(r.Players) > 2 {
			for _, c := range r.Players {
				cp.Rates = append(cp.Rates, clamp(p.Winrates[c]))
			}
		}
		points = append(points, cp)
	}
	setup := 0
	for i, m := range r.Moves {
		if i == setup && m.Move.Kind == grid.Place {
			setup++
		}
		at := m.Ply + 1
		if at < 0 || at >= len(points) || points[at].Ply != at {
			continue
		}
		if int(m.Player) < len(points[at].Rates) {
			points[at].Mover = int(m.Player)
		}
		switch m.Classification {
		case render.ClassInaccuracy, render.ClassMistake, render.ClassBlunder:
			points[at].Class = m.Classification
			points[at].Move = m.Move.String()
		}
	}
	return points, setup
}
