package player

import (
	"fmt"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// legalMoves returns the legal moves of pos in buf, or an error when there
// are none (a finished game).
func legalMoves(pos *engine.Position, buf []grid.Move) ([]grid.Move, error) {
	if pos.IsOver() {
		return nil, engine.ErrGameOver
	}
	moves := pos.LegalMoves(buf[:0])
	if len(moves) == 0 {
		return nil, fmt.Errorf("no legal move for %s in the %s phase", pos.ToMove(), pos.Phase())
	}
	return moves, nil
}

// scored is a move with its value.
type scored struct {
	move  grid.Move
	value int
}

// scoreMoves evaluates every move one ply deep from the mover's view and
// appends the results to out.
func scoreMoves(pos *engine.Position, moves []grid.Move, out []scored) []scored {
	me := pos.ToMove()
	for _, m := range moves {
		q := *pos
		q.Apply(m)
		out = append(out, scored{m, Evaluate(&q, me)})
	}
	return out
}
