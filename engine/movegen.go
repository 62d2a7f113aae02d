package engine

import "math/bits"

// MaxMoves bounds the number of legal moves in any position: 8 stones with
// at most 13 destinations and 4 walls each, plus the breaks of 3 players'
// games. A buffer of this capacity never grows.
const MaxMoves = 8*13*4 + 16

// Destinations returns the squares the stone on from can end a turn on: 0, 1
// or 2 orthogonal steps without crossing a wall or another stone; the middle
// square of a 2-step move must be empty. The stone's own square is included
// when it may stay (see StayRule). It does not check whether a wall can be
// built there; a square entered by a step always has its entry side free.
func (p *Position) Destinations(from Square) Bitboard {
	blockers := p.Occupied() &^ Bit(from)
	step1 := p.w.step(Bit(from)) &^ blockers
	dests := step1 | p.w.step(step1)&^blockers
	if !p.stepOut && p.w.buildable(from) != 0 {
		dests |= Bit(from)
	}
	return dests
}

// LegalMoves appends every legal move of the player to move to buf and
// returns it. A finished game has none. Pass a buffer of capacity MaxMoves to
// avoid allocation.
func (p *Position) LegalMoves(buf []Move) []Move {
	switch p.phase {
	case Setup:
		for free := AllSquares &^ p.Occupied(); free != 0; free &= free - 1 {
			buf = append(buf, PlaceAt(Square(bits.TrailingZeros64(uint64(free)))))
		}
	case Play:
		for stones := p.stones[p.toMove]; stones != 0; stones &= stones - 1 {
			from := Square(bits.TrailingZeros64(uint64(stones)))
			for dests := p.Destinations(from); dests != 0; dests &= dests - 1 {
				to := Square(bits.TrailingZeros64(uint64(dests)))
				for sides := p.w.buildable(to); sides != 0; sides &= sides - 1 {
					buf = append(buf, Move{Kind: Turn, From: from, To: to, Side: Side(bits.TrailingZeros8(sides))})
				}
			}
		}
		if p.canBreak(p.toMove) {
			buf = p.appendBreaks(buf)
		}
	}
	return buf
}

// CountLegalMoves returns len(LegalMoves) without building the list.
func (p *Position) CountLegalMoves() int {
	switch p.phase {
	case Setup:
		return NumSquares - p.Occupied().Count()
	case Play:
		n := 0
		for stones := p.stones[p.toMove]; stones != 0; stones &= stones - 1 {
			from := Square(bits.TrailingZeros64(uint64(stones)))
			for dests := p.Destinations(from); dests != 0; dests &= dests - 1 {
				n += bits.OnesCount8(p.w.buildable(Square(bits.TrailingZeros64(uint64(dests)))))
			}
		}
		if p.canBreak(p.toMove) {
			n += len(p.appendBreaks(make([]Move, 0, 16)))
		}
		return n
	}
	return 0
}

// canBreak reports whether c may break a wall now: three players, play
// phase, break unused and not already mid-turn.
func (p *Position) canBreak(c Color) bool {
	return p.players == 3 && p.phase == Play && !p.midTurn && !p.BreakUsed(c)
}

// breakableWalls returns the walls next to c's stones as north and east
// sets, each wall once.
func (p *Position) breakableWalls(c Color) walls {
	s := p.stones[c]
	return walls{
		north: p.w.north & (s | s>>Size),
		east:  p.w.east & (s | (s>>1)&^colG),
	}
}

// appendBreaks appends the legal breaks of the player to move.
func (p *Position) appendBreaks(buf []Move) []Move {
	bw := p.breakableWalls(p.toMove)
	for b := bw.north; b != 0; b &= b - 1 {
		buf = append(buf, Move{Kind: Break, From: NoSquare, To: Square(bits.TrailingZeros64(uint64(b))), Side: North})
	}
	for b := bw.east; b != 0; b &= b - 1 {
		buf = append(buf, Move{Kind: Break, From: NoSquare, To: Square(bits.TrailingZeros64(uint64(b))), Side: East})
	}
	return buf
}

// hasLegalTurn reports whether c could make a turn (or a break followed by
// a turn) in the play phase. A stone that can step anywhere has a turn: the
// side it entered through is free for a wall.
func (p *Position) hasLegalTurn(c Color) bool {
	occ := p.Occupied()
	for stones := p.stones[c]; stones != 0; stones &= stones - 1 {
		from := Square(bits.TrailingZeros64(uint64(stones)))
		if p.w.step(Bit(from))&^occ != 0 {
			return true
		}
		if !p.stepOut && p.w.buildable(from) != 0 {
			return true
		}
	}
	if p.canBreak(c) {
		bw := p.breakableWalls(c)
		if bw.north|bw.east != 0 {
			if !p.stepOut {
				return true // break next to a stone, then stay and build
			}
			// Under step-out the stone must then step through the gap.
			s := p.stones[c]
			for b := bw.north; b != 0; b &= b - 1 {
				lo := Square(bits.TrailingZeros64(uint64(b)))
				hi := lo + Size
				if s.Has(lo) && !occ.Has(hi) || s.Has(hi) && !occ.Has(lo) {
					return true
				}
			}
			for b := bw.east; b != 0; b &= b - 1 {
				lo := Square(bits.TrailingZeros64(uint64(b)))
				hi := lo + 1
				if s.Has(lo) && !occ.Has(hi) || s.Has(hi) && !occ.Has(lo) {
					return true
				}
			}
		}
	}
	return false
}
