package solver

import "github.com/wallzero/wallzero/engine"

// nearer estimates the final territory difference of a two-player
// position for its player to move, in squares: both sides' closed land
// exactly, and each contested square to the side whose stones reach it in
// fewer steps without crossing a wall or a stone (a Voronoi split; squares
// both reach in the same number of steps go to neither, and the fronts pass
// on through them, so the split is exactly the comparison of each square's
// distances). It is a guess, not a bound: df-pn uses it only to choose
// what to search first.
func nearer(pos *engine.Position, b board, sp split) int {
	me := pos.ToMove()
	mine, theirs := pos.Stones(me)&sp.contested, pos.Stones(1-me)&sp.contested
	open := sp.contested &^ (mine | theirs)
	for fm, ft := mine, theirs; fm|ft != 0; {
		fm, ft = b.step(fm)&open, b.step(ft)&open
		open &^= fm | ft
		mine |= fm &^ ft
		theirs |= ft &^ fm
	}
	return sp.mine.Count() + mine.Count() - sp.theirs.Count() - theirs.Count()
}
