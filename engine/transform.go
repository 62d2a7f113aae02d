package engine

import "github.com/wallzero/wallzero/engine/grid"

// Transformed returns p under the symmetry t: stones and walls (with their
// builders) move with the board; everything else is kept.
func (p Position) Transformed(t grid.Symmetry) Position {
	q := p
	q.w = grid.Walls{}
	for c := range grid.MaxPlayers {
		q.stones[c] = t.Bitboard(p.stones[c])
		q.built[c] = t.Walls(p.built[c])
		q.w.North |= q.built[c].North
		q.w.East |= q.built[c].East
	}
	q.brk = t.Bitboard(p.brk)
	q.hash = q.computeHash()
	return q
}

// CanonicalHash returns the smallest hash of p over the eight symmetries and
// the symmetry that gives it: positions that are rotations or mirrors of one
// another share their canonical hash. p.Transformed of the returned
// symmetry is the canonical position.
func (p *Position) CanonicalHash() (uint64, grid.Symmetry) {
	best, bestT := p.hash, grid.Identity
	for t := grid.Symmetry(1); t < grid.NumSymmetries; t++ {
		if h := p.hashUnder(t); h < best {
			best, bestT = h, t
		}
	}
	return best, bestT
}
