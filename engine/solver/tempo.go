package solver

import (
	"math/bits"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// Tempo moves.
//
// A region holding stones of one player c only is closed: nobody else can
// ever enter it, so its squares are c's unless c splits it. A move of c
// inside it that does not split it (a free move) changes nothing but the
// walls inside it; its only effect on the rest of the game is that c has
// spent a turn: a tempo move, or pass. Searching every such move one by one
// is what makes endgames with large closed regions expensive.
//
// Claim. Two players, stay-always rule, c to move, the game not over. Let S
// be the number of open wall slots inside the contested regions (those with
// stones of both players), E the number inside the opponent's closed
// regions, and F the length of some sequence of free moves c can play in
// its closed regions one after the other. If F >= S+E, the value of the
// position is the larger of the values after c's moves in contested regions
// and after one free move (any one).
//
// Proof sketch. Consider the abstract game in which c's closed regions are
// frozen as they stand and c may pass at any turn. (1) The real value is at
// most the abstract value, by induction on the real game: a real contested
// move is an abstract move, a free move is a pass, and a splitting move is a
// pass that also lowers c's closed territory or largest region, which can
// only lower the final value. (2) c achieves the abstract value in the real
// game by following an optimal abstract strategy and playing the next free
// move of the sequence for each pass, provided the sequence never runs out.
// Under stay-always a player with a stone in a contested region (which has
// two squares or more) can always stay and build, so neither player is ever
// skipped before the end; each pass of c is followed by an opponent move,
// and each opponent move builds a wall in a contested region or in one of
// its closed regions (a region closed later was contested now, so its slots
// are in S). Hence c passes at most S+E times. (3) After a contested move of
// c, S+E has fallen and the sequence is intact, so the claim holds at the
// child; after a free move the child's value is the abstract pass value by
// (1) and (2). So the maximum over contested moves and one free move is the
// abstract value, which is the real value.
//
// Under step-out a player can be stuck while the game goes on, which breaks
// step (2), so tempo grouping is used under stay-always only.

// tempo describes the moves of the player to move with respect to its
// closed regions.
type tempo struct {
	// closed holds the squares of the mover's closed regions.
	closed grid.Bitboard
	// grouped reports that the claim above applies: the mover's moves
	// inside closed holds are represented by free alone.
	grouped bool
	// free is the first move of the free-move sequence (valid when grouped).
	free grid.Move
}

// analyseTempo classifies the closed regions of pos for the player to move
// and decides whether its tempo moves may be grouped.
func analyseTempo(pos *engine.Position, b board, sp split) tempo {
	t := tempo{closed: sp.mine}
	if t.closed == 0 || pos.Rules().Stay != engine.StayAlways || pos.Players() != 2 {
		return t
	}
	need := b.openEdges(sp.contested) + b.openEdges(sp.theirs)
	first, ok := freeSequence(b, t.closed, pos.Stones(pos.ToMove())&t.closed, need)
	if ok {
		t.grouped, t.free = true, first
	}
	return t
}

// freeSequence looks greedily for need free moves in a row inside the closed
// regions x (with the mover's stones stones inside them): moves that keep
// every region of x in one piece. It reports the first move and whether it
// found need of them. need == 0 succeeds with any free move.
func freeSequence(b board, x, stones grid.Bitboard, need int) (grid.Move, bool) {
	var first grid.Move
	found := 0
	for {
		m, nb, ok := oneFreeMove(b, stones)
		if !ok {
			return first, false
		}
		if found == 0 {
			first = m
		}
		found++
		if found >= max(need, 1) {
			return first, true
		}
		b = nb
		stones = stones&^grid.Bit(m.From) | grid.Bit(m.To)
	}
}

// oneFreeMove finds a move of one of stones that builds a wall which splits
// no region, and returns it with the board after it.
func oneFreeMove(b board, stones grid.Bitboard) (grid.Move, board, bool) {
	for st := stones; st != 0; st &= st - 1 {
		from := grid.Square(bits.TrailingZeros64(uint64(st)))
		for dests := b.destinations(from, stones&^grid.Bit(from)); dests != 0; dests &= dests - 1 {
			to := grid.Square(bits.TrailingZeros64(uint64(dests)))
			for sides := b.buildable(to); sides != 0; sides &= sides - 1 {
				d := grid.Side(bits.TrailingZeros8(sides))
				across, nb := b.withWall(to, d)
				if nb.fill(grid.Bit(to))&grid.Bit(across) != 0 {
					return grid.TurnMove(from, to, d), nb, true
				}
			}
		}
	}
	return grid.Move{}, b, false
}

// inClosed reports whether m is a move of a stone inside closed.
func inClosed(m grid.Move, closed grid.Bitboard) bool {
	return m.Kind == grid.Turn && closed.Has(m.From)
}
