package solver

import (
	"errors"

	"github.com/wallzero/wallzero/engine"
)

// errTooBig stops the reference search on a position too large for it.
var errTooBig = errors.New("reference: too many nodes")

// reference is the brute-force solver the tests trust: plain minimax over
// every legal move to the end of the game, with no table, no tempo grouping,
// no pruning and no region decomposition. It returns the value of pos for
// its player to move, or errTooBig after limit nodes.
type reference struct {
	nodes, limit int
}

// value returns the exact value of pos (in play) for its player to move.
func (r *reference) value(pos *engine.Position) (Value, error) {
	r.nodes++
	if r.nodes > r.limit {
		return 0, errTooBig
	}
	me := pos.ToMove()
	best := -inf
	for _, m := range pos.LegalMoves(nil) {
		child := *pos
		child.Apply(m)
		var v Value
		switch {
		case child.IsOver():
			v = FinalValue(&child, me)
		case child.ToMove() == me:
			w, err := r.value(&child)
			if err != nil {
				return 0, err
			}
			v = w
		default:
			w, err := r.value(&child)
			if err != nil {
				return 0, err
			}
			v = -w
		}
		best = max(best, v)
	}
	return best, nil
}
