package analysis

import (
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/service/explain"
)

// explainTurn explains the analysis a of positions[turn] of a game with
// the given moves: the move played there against the engine's best, or,
// at the end of the record, the best move against the second best.
func explainTurn(positions []engine.Position, moves []grid.Move, turn int, a *Analysis) *explain.Explanation {
	pos := &positions[turn]
	if pos.IsOver() || len(a.MoveInfos) == 0 {
		return nil
	}
	best := a.MoveInfos[0]
	bestPV := best.PV
	if len(bestPV) == 0 {
		return nil
	}
	if turn < len(moves) {
		played := moves[turn]
		var playedPV []grid.Move
		loss, points := -1.0, -1.0
		for _, mi := range a.MoveInfos {
			if mi.Move == played {
				playedPV = mi.PV
				// An unvisited move has no searched win rate: loss unknown.
				if mi.Visits > 0 {
					loss = max(0, float64(best.Winrate-mi.Winrate))
					if best.ScoreLead != nil && mi.ScoreLead != nil {
						points = max(0, float64(*best.ScoreLead-*mi.ScoreLead))
					}
				}
			}
		}
		return explain.Moves(pos, played, bestPV[0], playedPV, bestPV, loss, points)
	}
	// The end of the record: explain the best move on its own.
	return explain.Moves(pos, bestPV[0], bestPV[0], bestPV, bestPV, 0, 0)
}

// explainAll adds explanations to the analyses of q's turns when q asks
// for them.
func explainAll(q *Query, p *Prepared, turns []int, out []*Analysis) []*Analysis {
	if !q.IncludeExplanations {
		return out
	}
	for i, t := range turns {
		out[i].Explanation = explainTurn(p.Positions, p.Game.Moves, t, out[i])
	}
	return out
}
