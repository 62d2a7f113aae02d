package solver

import (
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// split is the region structure of a two-player position seen by the player
// to move: its closed regions, the opponent's, and the contested ones.
type split struct {
	// mine, theirs and contested hold the squares of the mover's closed
	// regions, the opponent's closed regions and the regions with stones of
	// both.
	mine, theirs, contested grid.Bitboard
	// mineLargest, theirsLargest and contestedLargest are the sizes of the
	// largest region of each kind.
	mineLargest, theirsLargest, contestedLargest int
	// mineIn and theirsIn count each side's stones in contested regions.
	mineIn, theirsIn int
}

// splitOf computes the region structure of pos for its player to move.
func splitOf(pos *engine.Position, b board) split {
	me := pos.ToMove()
	a, o := pos.Stones(me), pos.Stones(1-me)
	var sp split
	seen := grid.Bitboard(0)
	for st := a | o; st != 0; st &^= seen {
		r := b.fill(grid.Bit(st.First()))
		seen |= r
		n := r.Count()
		switch {
		case r&a != 0 && r&o != 0:
			sp.contested |= r
			sp.contestedLargest = max(sp.contestedLargest, n)
		case r&a != 0:
			sp.mine |= r
			sp.mineLargest = max(sp.mineLargest, n)
		default:
			sp.theirs |= r
			sp.theirsLargest = max(sp.theirsLargest, n)
		}
	}
	sp.mineIn, sp.theirsIn = (a & sp.contested).Count(), (o & sp.contested).Count()
	return sp
}

// bounds returns bounds on the value of an unfinished position for its
// player to move, valid under the stay-always rule with two players.
//
// Under stay-always a player with a stone in a contested region (two
// squares or more) can always stay and build a wall there, so each player
// can play to the end without ever splitting its own closed regions. The
// mover therefore ends with at most its closed land plus all contested
// land, the opponent with at least its closed land, and the other way
// round; the largest regions are bounded alike. Neutral land (regions with
// no stones) stays neutral. The game ends with no contested region left,
// so each stone now in a contested region ends on a square of its owner's
// land: that many contested squares are out of the other side's reach.
func (sp split) bounds(tieBreak bool) (lo, hi Value) {
	m, t, c := sp.mine.Count(), sp.theirs.Count(), sp.contested.Count()
	hi = Value(regionWeight * (m + c - sp.theirsIn - t))
	lo = Value(regionWeight * (m - t - (c - sp.mineIn)))
	if tieBreak {
		hi += Value(max(sp.mineLargest, sp.contestedLargest) - sp.theirsLargest)
		lo += Value(sp.mineLargest - max(sp.theirsLargest, sp.contestedLargest))
	}
	return lo, hi
}

// ContestedSlots returns the number of open wall slots inside the regions
// that hold stones of both players: a bound on the turns still to be played
// there, and a cheap measure of how near the end a two-player game is.
func ContestedSlots(pos *engine.Position) int {
	b := boardOf(pos)
	return b.openEdges(splitOf(pos, b).contested)
}
