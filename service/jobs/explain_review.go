package jobs

import (
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/explain"
	"github.com/wallzero/wallzero/service/jobs/turning"
)

// explainReview explains every move of a review and finds its turning
// points; positions are the game's (the position before each move and
// the final one).
func explainReview(res *ReviewResult, g *engine.Game, positions []engine.Position, analyses []*analysis.Analysis) {
	for i := range res.Moves {
		mr := &res.Moves[i]
		infos := analyses[i].MoveInfos
		if len(infos) == 0 {
			continue
		}
		bestPV := infos[0].PV
		if len(bestPV) == 0 {
			continue
		}
		played := g.Moves[i]
		// The move played continues with the search's line from the
		// position after it.
		playedPV := []grid.Move{played}
		if i+1 < len(analyses) && len(analyses[i+1].MoveInfos) > 0 {
			playedPV = append(playedPV, analyses[i+1].MoveInfos[0].PV...)
		}
		mr.Explanation = explain.Moves(&positions[i], played, bestPV[0], playedPV, bestPV, float64(mr.Loss), float64(mr.PointsLoss))
	}
	res.TurningPoints = turning.Points(res, &positions[len(positions)-1])
}
