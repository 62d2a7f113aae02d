package engine

import (
	"math/bits"

	"github.com/wallzero/wallzero/engine/grid"
)

// MaxMoves bounds the number of legal moves in any position: 8 stones with
// at most 13 destinations and 4 walls each, plus the breaks of 3 players'
// games. A buffer of this capacity never grows.
const MaxMoves = 8*13*4 + 16

// Destinations returns the squares the stone on from can end a turn on: 0, 1
// or 2 orthogonal steps without crossing a wall or another stone; the middle
// square of a 2-step move must be empty. The stone's own square is included
// when it may stay (see StayRule). It does not check whether a wall can be
// built there; a square entered by a step always has its entry side free.
func (p *Position) Destinations(from grid.Square) grid.Bitboard {
	blockers := p.Occupied() &^ grid.Bit(from)
	step1 := p.w.Step(grid.Bit(from)) &^ blockers
	dests := step1 | p.w.Step(step1)&^blockers
	if !p.stepOut && p.w.Buildable(from) != 0 {
		dests |= grid.Bit(from)
	}
	return dests
}

// LegalMoves appends every legal move of the player to move to buf and
// returns it. A finished game has none. Pass a buffer of capacity MaxMoves to
// avoid allocation.
func (p *Position) LegalMoves(buf []grid.Move) []grid.Move {
	switch p.phase {
	case Setup:
		for free := grid.AllSquares &^ p.Occupied(); free != 0; free &= free - 1 {
			buf = append(buf, grid.PlaceAt(grid.Square(bits.TrailingZeros64(uint64(free)))))
		}
	case Play:
		for stones := p.stones[p.toMove]; stones != 0; stones &= stones - 1 {
			from := grid.Square(bits.TrailingZeros64(uint64(stones)))
			for dests := p.Destinations(from); dests != 0; dests &= dests - 1 {
				to := grid.Square(bits.TrailingZeros64(uint64(dests)))
				if p.brk != 0 && !p.breakFits(from, to) {
					continue
				}
				for sides := p.w.Buildable(to); sides != 0; sides &= sides - 1 {
					buf = append(buf, grid.Move{Kind: grid.Turn, From: from, To: to, Side: grid.Side(bits.TrailingZeros8(sides))})
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
		return grid.NumSquares - p.Occupied().Count()
	case Play:
		n := 0
		for stones := p.stones[p.toMove]; stones != 0; stones &= stones - 1 {
			from := grid.Square(bits.TrailingZeros64(uint64(stones)))
			for dests := p.Destinations(from); dests != 0; dests &= dests - 1 {
				to := grid.Square(bits.TrailingZeros64(uint64(dests)))
				if p.brk != 0 && !p.breakFits(from, to) {
					continue
				}
				n += bits.OnesCount8(p.w.Buildable(to))
			}
		}
		if p.canBreak(p.toMove) {
			bw := p.legalBreaks(p.toMove)
			n += bw.North.Count() + bw.East.Count()
		}
		return n
	}
	return 0
}

// canBreak reports whether c may break a wall now: three players, play
// phase, break unused and not already mid-turn.
func (p *Position) canBreak(c grid.Color) bool {
	return p.players == 3 && p.phase == Play && !p.midTurn && !p.BreakUsed(c)
}

// breakableWalls returns the walls c may break before its move, as north
// and east sets, each wall once: those beside c's stones, and under
// breakWalls=frees-stone only those with an empty square behind beside a
// stone that cannot step.
func (p *Position) breakableWalls(c grid.Color) grid.Walls {
	s := p.stones[c]
	if !p.freesOnly {
		return p.w.Beside(s)
	}
	var out grid.Walls
	occ := p.Occupied()
	for st := s; st != 0; st &= st - 1 {
		b := breakableAt(p.w, grid.Square(bits.TrailingZeros64(uint64(st))), occ, true)
		out.North |= b.North
		out.East |= b.East
	}
	return out
}

// breakableAt returns the walls of w a stone on q may break, occ being the
// squares holding stones (q among them): every wall beside q, but with
// frees (breakWalls=frees-stone), when the stone cannot step, only those
// with an empty square behind.
func breakableAt(w grid.Walls, q grid.Square, occ grid.Bitboard, frees bool) grid.Walls {
	if !frees || w.Step(grid.Bit(q))&^occ != 0 {
		return w.Beside(grid.Bit(q))
	}
	// Walled in: keep a wall only if the square behind it is empty.
	return w.Toward(q, grid.AllSquares&^occ)
}

// legalBreaks returns the walls c may break now (c to move, its break
// unused): under breakTiming=before-move those of breakableWalls; under
// any-time also those beside a square one of its stones can pass in its
// move (after one step or at the end of the move), measured there.
func (p *Position) legalBreaks(c grid.Color) grid.Walls {
	out := p.breakableWalls(c)
	if !p.anyTime {
		return out
	}
	occ := p.Occupied()
	for st := p.stones[c]; st != 0; st &= st - 1 {
		from := grid.Square(bits.TrailingZeros64(uint64(st)))
		others := occ &^ grid.Bit(from)
		step1 := p.w.Step(grid.Bit(from)) &^ others
		reach := (step1 | p.w.Step(step1)&^others) &^ grid.Bit(from)
		for r := reach; r != 0; r &= r - 1 {
			q := grid.Square(bits.TrailingZeros64(uint64(r)))
			b := breakableAt(p.w, q, others|grid.Bit(q), p.freesOnly)
			out.North |= b.North
			out.East |= b.East
		}
	}
	return out
}

// appendBreaks appends the legal breaks of the player to move.
func (p *Position) appendBreaks(buf []grid.Move) []grid.Move {
	bw := p.legalBreaks(p.toMove)
	for b := bw.North; b != 0; b &= b - 1 {
		buf = append(buf, grid.Move{Kind: grid.Break, From: grid.NoSquare, To: grid.Square(bits.TrailingZeros64(uint64(b))), Side: grid.North})
	}
	for b := bw.East; b != 0; b &= b - 1 {
		buf = append(buf, grid.Move{Kind: grid.Break, From: grid.NoSquare, To: grid.Square(bits.TrailingZeros64(uint64(b))), Side: grid.East})
	}
	return buf
}

// brokenWall returns the wall broken in this turn under
// breakTiming=any-time (mid-turn, p.brk set) as a one-wall set.
func (p *Position) brokenWall() grid.Walls {
	lo := p.brk.First()
	if p.brk.Has(lo + grid.Size) {
		return grid.Walls{North: grid.Bit(lo)}
	}
	return grid.Walls{East: grid.Bit(lo)}
}

// breakFits reports whether, mid-turn under breakTiming=any-time, the turn
// from->to (a destination of from) can have had this turn's break at some
// point of its move (see breakPoint).
func (p *Position) breakFits(from, to grid.Square) bool {
	_, _, ok := p.breakPoint(from, to)
	return ok
}

// breakPoint returns, mid-turn under breakTiming=any-time, the earliest
// point of the turn from->to (a destination of from) at which this turn's
// break can have come, as the number of steps made before it (0, 1 or 2)
// and the square the stone had reached (from for 0; for 0 the wall may be
// beside another of the mover's stones), and ok false if there is none: before it, beside any of the mover's stones (any of
// which may then move, as on the site); after its first step, beside
// the square it reached, which that step did not cross the wall to reach;
// or after the move, beside to, the move not crossing the wall. Under
// breakWalls=frees-stone the stone must at that moment also have been
// allowed to break it (breakableAt, with the wall still standing).
func (p *Position) breakPoint(from, to grid.Square) (steps int, at grid.Square, ok bool) {
	bw := p.brokenWall()
	pre := grid.Walls{North: p.w.North | bw.North, East: p.w.East | bw.East}
	occ := p.Occupied()
	others := occ &^ grid.Bit(from)
	// fits reports whether a stone on q, the stones on occ, may have
	// broken the wall.
	fits := func(q grid.Square, occ grid.Bitboard) bool {
		if !p.brk.Has(q) {
			return false
		}
		if !p.freesOnly {
			return true
		}
		b := breakableAt(pre, q, occ, true)
		return b.North&bw.North != 0 || b.East&bw.East != 0
	}
	// Broken before the move: beside any of the mover's stones, any of
	// which may then move.
	for st := p.stones[p.toMove]; st != 0; st &= st - 1 {
		if fits(st.First(), occ) {
			return 0, from, true
		}
	}
	// Paths of one or two steps (an out-and-back is a stay) whose steps
	// before the break keep to the walls as they stood.
	post1 := p.w.Step(grid.Bit(from)) &^ others
	for m := post1; m != 0; m &= m - 1 {
		mid := grid.Square(bits.TrailingZeros64(uint64(m)))
		firstPre := pre.Step(grid.Bit(from)).Has(mid)
		if mid == to && firstPre && fits(to, others|grid.Bit(to)) {
			return 1, to, true // one step, broken after it
		}
		onward := p.w.Step(grid.Bit(mid)) &^ others
		if !onward.Has(to) || mid == to {
			continue
		}
		if firstPre && fits(mid, others|grid.Bit(mid)) {
			return 1, mid, true // broken after the first step
		}
		if firstPre && pre.Step(grid.Bit(mid)).Has(to) && fits(to, others|grid.Bit(to)) {
			return 2, to, true // broken after the move
		}
	}
	return 0, grid.NoSquare, false
}

// BreakPoint returns, mid-turn under breakTiming=any-time, when in the
// turn m (a legal Turn) this turn's break came at the earliest: steps is
// the number of steps the stone had made (0: before the move, beside any
// of the mover's stones; 1: after its first step, on at; 2: after the
// move, on at). Otherwise (no break this turn, or before-move timing) it
// returns 0, m.From and ok false. It tells writers of other notations
// (WGF) where to put the break among a turn's steps.
func (p *Position) BreakPoint(m grid.Move) (steps int, at grid.Square, ok bool) {
	if p.brk == 0 || m.Kind != grid.Turn {
		return 0, m.From, false
	}
	return p.breakPoint(m.From, m.To)
}

// hasLegalTurn reports whether c could make a turn (or a break followed by
// a turn) in the play phase. A stone that can step anywhere has a turn: the
// side it entered through is free for a wall.
func (p *Position) hasLegalTurn(c grid.Color) bool {
	occ := p.Occupied()
	for stones := p.stones[c]; stones != 0; stones &= stones - 1 {
		from := grid.Square(bits.TrailingZeros64(uint64(stones)))
		if p.w.Step(grid.Bit(from))&^occ != 0 {
			return true
		}
		if !p.stepOut && p.w.Buildable(from) != 0 {
			return true
		}
	}
	if p.canBreak(c) {
		// A break after a step needs a stone that can step, which has a
		// turn already; what is left is a break before the move.
		bw := p.breakableWalls(c)
		if bw.North|bw.East != 0 {
			if !p.stepOut {
				return true // break next to a stone, then stay and build
			}
			// Under step-out the stone must then step through the gap.
			s := p.stones[c]
			for b := bw.North; b != 0; b &= b - 1 {
				lo := grid.Square(bits.TrailingZeros64(uint64(b)))
				hi := lo + grid.Size
				if s.Has(lo) && !occ.Has(hi) || s.Has(hi) && !occ.Has(lo) {
					return true
				}
			}
			for b := bw.East; b != 0; b &= b - 1 {
				lo := grid.Square(bits.TrailingZeros64(uint64(b)))
				hi := lo + 1
				if s.Has(lo) && !occ.Has(hi) || s.Has(hi) && !occ.Has(lo) {
					return true
				}
			}
		}
	}
	return false
}
