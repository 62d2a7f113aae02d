package engine

import "github.com/wallzero/wallzero/engine/grid"

// computeHash computes the hash of p from scratch.
func (p *Position) computeHash() uint64 {
	return p.hashUnder(grid.Identity)
}

// hashUnder returns the hash p would have after symmetry t.
func (p *Position) hashUnder(t grid.Symmetry) uint64 {
	var h uint64
	for c := range grid.MaxPlayers {
		for b := p.stones[c]; b != 0; b &= b - 1 {
			h ^= grid.Zobrist.Stone[c][t.Square(b.First())]
		}
		for b := p.built[c].North; b != 0; b &= b - 1 {
			h ^= wallKey(c, t, b.First(), grid.North)
		}
		for b := p.built[c].East; b != 0; b &= b - 1 {
			h ^= wallKey(c, t, b.First(), grid.East)
		}
		if p.broken>>uint(c)&1 != 0 {
			h ^= grid.Zobrist.Broken[c]
		}
	}
	h ^= grid.Zobrist.ToMove[p.toMove]
	if p.midTurn {
		h ^= grid.Zobrist.MidTurn
	}
	for b := p.brk; b != 0; b &= b - 1 {
		h ^= grid.Zobrist.BrokenBeside[t.Square(b.First())]
	}
	switch p.phase {
	case Play:
		h ^= grid.Zobrist.Play
	case Over:
		h ^= grid.Zobrist.Over
	}
	return h
}

// wallKey returns the key of c's wall on side d of s after symmetry t.
func wallKey(c int, t grid.Symmetry, s grid.Square, d grid.Side) uint64 {
	north, at, _ := grid.Slot(t.Square(s), t.Side(d))
	if north {
		return grid.Zobrist.WallNorth[c][at]
	}
	return grid.Zobrist.WallEast[c][at]
}
