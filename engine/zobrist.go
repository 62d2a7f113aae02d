package engine

import "github.com/wallzero/wallzero/engine/grid"

// Zobrist keys, drawn once from a fixed seed so hashes are stable across
// runs and machines (the service caches analyses by hash).
var (
	zStone     [grid.MaxPlayers][grid.NumSquares]uint64
	zWallN     [grid.MaxPlayers][grid.NumSquares]uint64
	zWallE     [grid.MaxPlayers][grid.NumSquares]uint64
	zToMove    [grid.MaxPlayers]uint64
	zBroken    [grid.MaxPlayers]uint64
	zMidTurn   uint64
	zPhasePlay uint64
	zPhaseOver uint64
	// zBrk keys the squares beside a wall broken mid-turn under
	// breakTiming=any-time; drawn after the others so that their values,
	// and the hashes of games under the default rules, stay as they were.
	zBrk [grid.NumSquares]uint64
)

func init() {
	state := uint64(0x57A11_60_2025)
	next := func() uint64 { // splitmix64
		state += 0x9E3779B97F4A7C15
		z := state
		z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
		z = (z ^ z>>27) * 0x94D049BB133111EB
		return z ^ z>>31
	}
	for c := range grid.MaxPlayers {
		for s := range grid.NumSquares {
			zStone[c][s] = next()
			zWallN[c][s] = next()
			zWallE[c][s] = next()
		}
		zToMove[c] = next()
		zBroken[c] = next()
	}
	zMidTurn = next()
	zPhasePlay = next()
	zPhaseOver = next()
	for s := range grid.NumSquares {
		zBrk[s] = next()
	}
}

// computeHash computes the hash of p from scratch.
func (p *Position) computeHash() uint64 {
	return p.hashUnder(grid.Identity)
}

// hashUnder returns the hash p would have after symmetry t.
func (p *Position) hashUnder(t grid.Symmetry) uint64 {
	var h uint64
	for c := range grid.MaxPlayers {
		for b := p.stones[c]; b != 0; b &= b - 1 {
			h ^= zStone[c][t.Square(b.First())]
		}
		for b := p.built[c].North; b != 0; b &= b - 1 {
			h ^= wallKey(c, t, b.First(), grid.North)
		}
		for b := p.built[c].East; b != 0; b &= b - 1 {
			h ^= wallKey(c, t, b.First(), grid.East)
		}
		if p.broken>>uint(c)&1 != 0 {
			h ^= zBroken[c]
		}
	}
	h ^= zToMove[p.toMove]
	if p.midTurn {
		h ^= zMidTurn
	}
	for b := p.brk; b != 0; b &= b - 1 {
		h ^= zBrk[t.Square(b.First())]
	}
	switch p.phase {
	case Play:
		h ^= zPhasePlay
	case Over:
		h ^= zPhaseOver
	}
	return h
}

// wallKey returns the key of c's wall on side d of s after symmetry t.
func wallKey(c int, t grid.Symmetry, s grid.Square, d grid.Side) uint64 {
	north, at, _ := grid.Slot(t.Square(s), t.Side(d))
	if north {
		return zWallN[c][at]
	}
	return zWallE[c][at]
}
