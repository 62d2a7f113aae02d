package solver

import (
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// lastingMoves returns pos's legal moves after which the game goes on: the
// tests walk positions towards the end without reaching it, so that the
// solver still has something to solve.
func lastingMoves(pos *engine.Position) []grid.Move {
	var keep []grid.Move
	for _, m := range pos.LegalMoves(nil) {
		child := *pos
		child.Apply(m)
		if !child.IsOver() {
			keep = append(keep, m)
		}
	}
	return keep
}
