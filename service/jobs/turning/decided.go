package turning

import (
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// decidedAt returns the move after which the final winner's win rate (in
// an unfinished game, the last position's leader's) never fell below
// DecidedWinrate again; ok is false for a drawn or shared result, or
// when it never happened.
func (s seats) decidedAt(final *engine.Position) (int, grid.Color, bool) {
	n := len(s.res.Moves)
	if n == 0 {
		return 0, grid.NoColor, false
	}
	winner := final.Result().Winner()
	if !final.IsOver() {
		winner = s.leader(n-1, true)
	}
	if winner == grid.NoColor {
		return 0, grid.NoColor, false
	}
	at := -1
	for i := n - 1; i >= 0; i-- {
		if float64(s.rate(i, winner, true)) < DecidedWinrate {
			break
		}
		at = i
	}
	if at < 0 {
		return 0, grid.NoColor, false
	}
	return at, winner, true
}
