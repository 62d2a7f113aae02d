package player

import (
	"context"
	"math/rand/v2"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// medium is voronoi-medium: the move with the best one-ply evaluation,
// equal best moves broken at random.
type medium struct {
	rng    *rand.Rand
	buf    []grid.Move
	scores []scored
}

func newMedium(rng *rand.Rand) *medium {
	return &medium{rng: rng, buf: make([]grid.Move, 0, engine.MaxMoves), scores: make([]scored, 0, engine.MaxMoves)}
}

// Spec returns "voronoi-medium".
func (p *medium) Spec() string { return "voronoi-medium" }

// ChooseMove returns a move of best one-ply Evaluate value.
func (p *medium) ChooseMove(ctx context.Context, pos *engine.Position) (grid.Move, error) {
	if err := ctx.Err(); err != nil {
		return grid.Move{}, err
	}
	moves, err := legalMoves(pos, p.buf)
	if err != nil {
		return grid.Move{}, err
	}
	p.scores = scoreMoves(pos, moves, p.scores[:0])
	return pickBest(p.scores, p.rng), nil
}

// pickBest returns a move of highest value, chosen uniformly among equals.
func pickBest(s []scored, rng *rand.Rand) grid.Move {
	best, n := 0, 0
	for i := range s {
		switch {
		case i == 0 || s[i].value > s[best].value:
			best, n = i, 1
		case s[i].value == s[best].value:
			// Reservoir sampling keeps each of the n equals with chance 1/n.
			n++
			if rng.IntN(n) == 0 {
				best = i
			}
		}
	}
	return s[best].move
}
