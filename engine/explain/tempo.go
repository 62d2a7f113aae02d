package explain

import (
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// isTempo reports whether a move changes nothing of value (the paper's
// passing strategy, section 4.5.2) and what it cost the mover. A move is a
// tempo move when it is a turn of the play phase and, on the squares
// contested before it (regions where stones of two or more players meet):
// it seals no region and opens none, no square changes its reach class
// (exclusive to a player, shared, unreached), no square changes which
// player reaches it in the fewest steps, and no opponent's territory
// changes. Its cost is the territory the mover gave up inside its own land
// (0 for a true pass, 1 when it walls off a point of its own, as in Figure
// 7e); a move that costs more is not a tempo move.
func isTempo(f *Facts, before *engine.Position) (bool, int) {
	if f.Move.Kind != grid.Turn || before.Phase() != engine.Play {
		return false, 0
	}
	if len(f.Sealed) > 0 || len(f.Opened) > 0 {
		return false, 0
	}
	contested := f.Contested
	changed := f.SharedGained | f.SharedLost | f.Unreached
	for c := 0; c < f.Players; c++ {
		changed |= f.Gained[c] | f.Lost[c]
		if f.Distance.NearerAfter[c] != f.Distance.NearerBefore[c] {
			return false, 0
		}
		if grid.Color(c) != f.Mover && f.ScoreAfter[c] != f.ScoreBefore[c] {
			return false, 0
		}
	}
	if changed&contested != 0 {
		return false, 0
	}
	cost := f.ScoreBefore[f.Mover] - f.ScoreAfter[f.Mover]
	if cost < 0 || cost > 1 {
		return false, 0
	}
	return true, cost
}
