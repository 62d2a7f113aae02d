package solver

import (
	"sort"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// Prior scores the legal moves of a position for move ordering, higher
// first, for instance with a network's policy. It returns one score per
// move, or nil to fall back on the heuristic.
type Prior func(pos *engine.Position, moves []grid.Move) []float32

// Ordering scores, in decreasing order of importance.
const (
	scoreHash   = 1 << 30 // the transposition table's best move
	scoreEnd    = 1 << 20 // a move that ends the game (plus its value)
	scorePrior  = 1 << 16 // scale of a caller's prior
	scoreClosed = -1 << 24
)

// territoryPlies is how deep the ordering estimates each child's territory
// (guessFor: dearer, better); deeper it uses the history heuristic alone.
const territoryPlies = 3

// territoryScale weighs the territory estimate against the history near
// the root: one square (regionWeight in Value) weighs as much as
// territoryScale*regionWeight (4,096) cutoffs credited to a wall, so the
// history mostly decides between moves that leave the same territory.
const territoryScale = 32

// plyBuf holds the per-ply scratch of the search: the moves, their
// ordering scores and the positions after them.
type plyBuf struct {
	moves    []grid.Move
	scores   []int32
	children []engine.Position
	idx      []int
}

// order scores the moves of pos (the list searched there) by a cheap
// estimate of their value for the player to move and returns their
// indices in search order; buf.children receives the position after each
// move. The table's best move comes first, moves that end the game by
// their final value, then (near the root) contested moves by the
// territory they leave plus the history heuristic (see territoryScale) or
// by the caller's prior, deeper by the history heuristic alone; tempo
// moves come last.
func (s *Solver) order(pos *engine.Position, buf *plyBuf, ply int, hashMove grid.Move, closed grid.Bitboard, prior []float32) []int {
	me := pos.ToMove()
	n := len(buf.moves)
	buf.children = buf.children[:n]
	buf.idx = buf.idx[:0]
	for i, m := range buf.moves {
		child := &buf.children[i]
		*child = *pos
		child.Apply(m)
		var sc int32
		switch {
		case m == hashMove:
			sc = scoreHash
		case child.IsOver():
			sc = scoreEnd + int32(FinalValue(child, me))
		case inClosed(m, closed):
			sc = scoreClosed
		case prior != nil:
			sc = int32(prior[i]*scorePrior) + int32(FinalValue(child, me))/regionWeight
		case ply < territoryPlies:
			sc = int32(guessFor(child, me))*territoryScale + s.history[wallSlot(m)]
		default:
			sc = s.history[wallSlot(m)]
		}
		buf.scores[i] = sc
		buf.idx = append(buf.idx, i)
	}
	sort.SliceStable(buf.idx, func(a, b int) bool { return buf.scores[buf.idx[a]] > buf.scores[buf.idx[b]] })
	return buf.idx
}

// guessFor returns the territory margin pos is expected to end with for
// me, in Value units, that orders the moves near the root: the mean of
// the land closed now (FinalValue) and the Voronoi guess (nearer), which
// also counts the contested squares each side reaches first. On the
// agent's endgames the mean proves more, within a node budget and in a
// review's backward pass, than either alone (docs/solver.md links the
// measurements).
func guessFor(pos *engine.Position, me grid.Color) Value {
	b := boardOf(pos)
	g := Value(nearer(pos, b, splitOf(pos, b)) * regionWeight)
	if pos.ToMove() != me {
		g = -g
	}
	return (FinalValue(pos, me) + g) / 2
}

// credit rewards a move that caused a cutoff (history heuristic), by the
// wall it builds: in WallGo the wall is what a move changes for good, and
// the same wall built by different stone moves refutes the same things.
func (s *Solver) credit(m grid.Move) {
	if m.Kind == grid.Turn {
		k := wallSlot(m)
		s.history[k] = min(s.history[k]+1, scoreEnd/2)
	}
}

// wallSlot numbers the wall a turn builds: the north side of square s is
// slot s, its east side slot NumSquares+s (south and west sides are the
// north and east sides of the neighbour).
func wallSlot(m grid.Move) int {
	switch m.Side {
	case grid.North:
		return int(m.To)
	case grid.South:
		return int(m.To) - grid.Size
	case grid.East:
		return grid.NumSquares + int(m.To)
	}
	return grid.NumSquares + int(m.To) - 1
}
