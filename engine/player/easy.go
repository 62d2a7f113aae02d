package player

import (
	"context"
	"math/rand/v2"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// Tuning of voronoi-easy.
const (
	// easyRandomRate is the chance of a uniformly random move.
	easyRandomRate = 0.25
	// easyNoise is the standard deviation, in squares, of the Gaussian
	// noise added to each move's value.
	easyNoise = 3.0
)

// easy is voronoi-easy: one-ply evaluation with Gaussian noise on every
// value, and now and then a uniformly random move.
type easy struct {
	rng    *rand.Rand
	buf    []grid.Move
	scores []scored
}

func newEasy(rng *rand.Rand) *easy {
	return &easy{rng: rng, buf: make([]grid.Move, 0, engine.MaxMoves), scores: make([]scored, 0, engine.MaxMoves)}
}

// Spec returns "voronoi-easy".
func (p *easy) Spec() string { return "voronoi-easy" }

// ChooseMove returns a random move with chance easyRandomRate, else the move
// of best noisy one-ply value.
func (p *easy) ChooseMove(ctx context.Context, pos *engine.Position) (grid.Move, error) {
	if err := ctx.Err(); err != nil {
		return grid.Move{}, err
	}
	moves, err := legalMoves(pos, p.buf)
	if err != nil {
		return grid.Move{}, err
	}
	if p.rng.Float64() < easyRandomRate {
		return moves[p.rng.IntN(len(moves))], nil
	}
	p.scores = scoreMoves(pos, moves, p.scores[:0])
	best, bestV := 0, 0.0
	for i, s := range p.scores {
		v := float64(s.value) + p.rng.NormFloat64()*easyNoise
		if i == 0 || v > bestV {
			best, bestV = i, v
		}
	}
	return p.scores[best].move, nil
}
