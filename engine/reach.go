package engine

import "github.com/wallzero/wallzero/engine/grid"

// Reachability describes where each player's stones can end a turn.
type Reachability struct {
	// Reach holds, for each player, the squares any of its stones can end a
	// turn on (see Destinations), whoever is to move.
	Reach [grid.MaxPlayers]grid.Bitboard
	// Exclusive holds the squares only that player reaches.
	Exclusive [grid.MaxPlayers]grid.Bitboard
	// Shared holds the squares two or more players reach.
	Shared grid.Bitboard
}

// Reachability computes every player's one-turn reach.
func (p *Position) Reachability() Reachability {
	var r Reachability
	var once, twice grid.Bitboard
	for c := grid.Color(0); c < grid.Color(p.players); c++ {
		r.Reach[c] = p.Reach(c)
		twice |= once & r.Reach[c]
		once |= r.Reach[c]
	}
	r.Shared = twice
	for c := 0; c < int(p.players); c++ {
		r.Exclusive[c] = r.Reach[c] &^ twice
	}
	return r
}

// Reach returns the squares any of c's stones can end a turn on.
func (p *Position) Reach(c grid.Color) grid.Bitboard {
	var out grid.Bitboard
	for b := p.stones[c]; b != 0; b &= b - 1 {
		out |= p.Destinations(b.First())
	}
	return out
}

// StepDistances returns, for the stone on from, the fewest single steps to
// every square, walking around walls and other stones (the paper's Figure
// 6); grid.Unreachable where no path exists. The stone's own square is 0.
func (p *Position) StepDistances(from grid.Square) [grid.NumSquares]int8 {
	return p.w.Distances(from, grid.AllSquares&^p.Occupied())
}
