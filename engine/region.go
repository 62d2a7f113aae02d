package engine

import "github.com/wallzero/wallzero/engine/grid"

// Region is a connected area of the board between walls. Stones do not
// split regions.
type Region struct {
	// Squares holds the region's squares.
	Squares grid.Bitboard
	// Owner is the only player with stones in the region, or NoColor when
	// it holds none or stones of several players (see Mixed).
	Owner grid.Color
	// Mixed reports that stones of two or more players are inside.
	Mixed bool
}

// Size returns the number of squares in the region.
func (r Region) Size() int { return r.Squares.Count() }

// RegionOf returns the region containing s.
func (p *Position) RegionOf(s grid.Square) grid.Bitboard { return p.w.Fill(grid.Bit(s)) }

// Regions returns every region of the board, ordered by their lowest square.
func (p *Position) Regions() []Region {
	var out []Region
	for rest := grid.AllSquares; rest != 0; {
		sq := p.w.Fill(grid.Bit(rest.First()))
		rest &^= sq
		r := Region{Squares: sq, Owner: grid.NoColor}
		for c := grid.Color(0); c < grid.Color(p.players); c++ {
			if p.stones[c]&sq != 0 {
				if r.Owner != grid.NoColor || r.Mixed {
					r.Mixed, r.Owner = true, grid.NoColor
				} else {
					r.Owner = c
				}
			}
		}
		out = append(out, r)
	}
	return out
}

// Territory is the land each player holds now: regions with stones of that
// player only. In a finished game it is the final score.
type Territory struct {
	// Owned holds each player's land.
	Owned [grid.MaxPlayers]grid.Bitboard
	// Score is the size of each player's land.
	Score [grid.MaxPlayers]int
	// Largest is the size of each player's largest single region of land.
	Largest [grid.MaxPlayers]int
	// Neutral holds the regions with no stones; Open those with stones of
	// several players (still contested).
	Neutral grid.Bitboard
	Open    grid.Bitboard
}

// Territory computes every player's land in the current position.
func (p *Position) Territory() Territory {
	var t Territory
	occ := p.Occupied()
	seen := grid.Bitboard(0)
	for c := grid.Color(0); c < grid.Color(p.players); c++ {
		for st := p.stones[c] &^ seen; st != 0; st &^= seen {
			r := p.w.Fill(grid.Bit(st.First()))
			seen |= r
			if r&occ&^p.stones[c] != 0 {
				t.Open |= r
				continue
			}
			t.Owned[c] |= r
			n := r.Count()
			t.Score[c] += n
			if n > t.Largest[c] {
				t.Largest[c] = n
			}
		}
	}
	t.Neutral = grid.AllSquares &^ seen
	return t
}

// Result is the outcome of a game (or of the current land, if the game has
// not ended).
type Result struct {
	Territory
	// Winners has bit c set for each player sharing the win; one bit means
	// a single winner, several a draw between them.
	Winners uint8
}

// Winner returns the single winner, or NoColor for a draw.
func (r Result) Winner() grid.Color {
	if r.Winners&(r.Winners-1) != 0 || r.Winners == 0 {
		return grid.NoColor
	}
	for c := grid.Color(0); c < grid.MaxPlayers; c++ {
		if r.Winners>>uint(c)&1 != 0 {
			return c
		}
	}
	return grid.NoColor
}

// Result scores the current position: the highest total wins; equal totals
// go to the larger single region under TieBreakLargestRegion; what is still
// equal is a draw among those players.
func (p *Position) Result() Result {
	r := Result{Territory: p.Territory()}
	best := -1
	for c := 0; c < int(p.players); c++ {
		key := r.Score[c] * 64
		if !p.tieNone {
			key += r.Largest[c]
		}
		switch {
		case key > best:
			best, r.Winners = key, 1<<uint(c)
		case key == best:
			r.Winners |= 1 << uint(c)
		}
	}
	return r
}

// Step returns the squares one orthogonal step from the squares of b that
// no wall separates from them (stones are not considered).
func (p *Position) Step(b grid.Bitboard) grid.Bitboard { return p.w.Step(b) }

// Fill returns everything connected to the squares of b without crossing a
// wall: the union of their regions.
func (p *Position) Fill(b grid.Bitboard) grid.Bitboard { return p.w.Fill(b) }
