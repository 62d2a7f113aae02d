package engine

import "github.com/wallzero/wallzero/engine/grid"

// ColoursSwapped returns a two-player position in the play phase with the
// players' colours exchanged: Red's stones, walls and break become Blue's
// and Blue's Red's, and the other player is to move. The rules treat the
// two alike in the play phase (the setup's order is over), so the swapped
// position has the same moves and its result is the original's with the
// colours exchanged. ok is false for other positions: in the setup phase
// the placement order, and with three or four players the turn order,
// tell the colours apart. It tests evaluators for a learned bias towards
// one colour.
func (p Position) ColoursSwapped() (q Position, ok bool) {
	if p.players != 2 || p.phase != Play {
		return Position{}, false
	}
	q = p
	q.stones[grid.Red], q.stones[grid.Blue] = p.stones[grid.Blue], p.stones[grid.Red]
	q.built[grid.Red], q.built[grid.Blue] = p.built[grid.Blue], p.built[grid.Red]
	q.broken = p.broken &^ 3
	if p.broken&1 != 0 {
		q.broken |= 2
	}
	if p.broken&2 != 0 {
		q.broken |= 1
	}
	q.toMove = 1 - p.toMove
	q.hash = q.computeHash()
	return q, true
}
