package solver

import "github.com/wallzero/wallzero/engine"

// nearer estimates the final territory difference of a two-player
// position for its player to move, in squares: both sides' closed land
// exactly, and each contested square to the side whose stones reach it in
// fewer steps without crossing a wall or a stone (a Voronoi split; squares
// both reach in the same number of steps go to neither). It is a guess,
// not a bound: df-pn uses it only to choose what to search first.
func nearer(pos *engine.Position, b board, sp split) int {
	on, oe := b.openN(), b.openE()
	step := func(x engine.Bitboard) engine.Bitboard {
		return (x&on)<<engine.Size | (x>>engine.Size)&on | (x&oe)<<1 | (x>>1)&oe
	}
	me := pos.ToMove()
	mine, theirs := pos.Stones(me)&sp.contested, pos.Stones(1-me)&sp.contested
	open := sp.contested &^ (mine | theirs)
	for fm, ft := mine, theirs; fm|ft != 0; {
		fm, ft = step(fm)&open, step(ft)&open
		open &^= fm | ft
		mine |= fm &^ ft
		theirs |= ft &^ fm
	}
	return sp.mine.Count() + mine.Count() - sp.theirs.Count() - theirs.Count()
}
