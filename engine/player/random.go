package player

import (
	"context"
	"math/rand/v2"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// randomPlayer plays a uniformly random legal move.
type randomPlayer struct {
	rng *rand.Rand
	buf []grid.Move
}

func newRandom(rng *rand.Rand) *randomPlayer {
	return &randomPlayer{rng: rng, buf: make([]grid.Move, 0, engine.MaxMoves)}
}

// Spec returns "random".
func (p *randomPlayer) Spec() string { return "random" }

// ChooseMove returns a uniformly random legal move.
func (p *randomPlayer) ChooseMove(ctx context.Context, pos *engine.Position) (grid.Move, error) {
	if err := ctx.Err(); err != nil {
		return grid.Move{}, err
	}
	moves, err := legalMoves(pos, p.buf)
	if err != nil {
		return grid.Move{}, err
	}
	return moves[p.rng.IntN(len(moves))], nil
}
