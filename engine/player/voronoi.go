package player

import (
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// Claims is the Voronoi guess of who will get each square.
type Claims struct {
	// Land holds, for each player, the squares it is expected to get: its
	// settled land plus the squares of open regions it reaches strictly
	// before every other player.
	Land [grid.MaxPlayers]grid.Bitboard
	// Settled holds each player's land already closed off (the engine's
	// Territory().Owned); it is part of Land.
	Settled [grid.MaxPlayers]grid.Bitboard
	// Neutral holds the squares nobody is expected to get: regions without
	// stones, squares two or more players reach at the same distance, and
	// squares nobody can reach.
	Neutral grid.Bitboard
}

// Count returns the number of squares c is expected to get.
func (cl *Claims) Count(c grid.Color) int { return cl.Land[c].Count() }

// Voronoi guesses who will get each square of pos.
//
// Settled land (a region holding only one player's stones) goes to its
// owner outright, and regions without stones to nobody. In the open regions
// each player's step distance to a square is a breadth-first search from all
// its stones at once, one orthogonal step at a time: walls block, and so do
// the other players' stones (a player's own stones are sources, so they
// never lengthen its distances). A stone's square is its owner's. A square
// goes to the player strictly closest to it; equal distances make it
// neutral, as does a square nobody can reach. Whose turn it is plays no
// part.
func Voronoi(pos *engine.Position) Claims {
	n := grid.Color(pos.Players())
	occ := pos.Occupied()
	var cl Claims

	// Settled land: regions whose stones all belong to one player.
	var regions grid.Bitboard // squares of regions holding stones
	var settled grid.Bitboard
	for c := grid.Color(0); c < n; c++ {
		for st := pos.Stones(c) &^ regions; st != 0; st &^= regions {
			r := pos.Fill(grid.Bit(st.First()))
			regions |= r
			if r&occ&^pos.Stones(c) == 0 {
				cl.Settled[c] |= r
				settled |= r
			}
		}
	}
	open := regions &^ settled

	// Lockstep multi-source BFS over the open regions.
	var front, reach, pass [grid.MaxPlayers]grid.Bitboard
	decided := occ & open
	var anyPass grid.Bitboard
	for c := grid.Color(0); c < n; c++ {
		cl.Land[c] = cl.Settled[c] | pos.Stones(c)&open
		front[c] = pos.Stones(c) & open
		reach[c] = front[c]
		pass[c] = open &^ (occ &^ pos.Stones(c))
		anyPass |= pass[c]
	}
	for decided != anyPass {
		var fresh, twice grid.Bitboard
		var next [grid.MaxPlayers]grid.Bitboard
		moved := false
		for c := grid.Color(0); c < n; c++ {
			if front[c] == 0 {
				continue
			}
			x := pos.Step(front[c]) & pass[c] &^ reach[c]
			reach[c] |= x
			front[c] = x
			next[c] = x &^ decided
			twice |= fresh & next[c]
			fresh |= next[c]
			moved = moved || x != 0
		}
		if !moved {
			break
		}
		for c := grid.Color(0); c < n; c++ {
			cl.Land[c] |= next[c] &^ twice
		}
		decided |= fresh
	}
	var all grid.Bitboard
	for c := grid.Color(0); c < n; c++ {
		all |= cl.Land[c]
	}
	cl.Neutral = grid.AllSquares &^ all
	return cl
}
