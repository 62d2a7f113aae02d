package selfplay

import (
	"context"
	"math/rand/v2"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/search"
)

// plySearch runs the searches of one self-play game, two players or more:
// a full or a fast search at each ply (playout-cap randomization, Dirichlet
// noise on full PUCT searches), the policy target of a full one and the
// move to play (sampled in proportion to visits early on).
type plySearch struct {
	s    *search.Search
	scfg search.Config
	cfg  Config
	rng  *rand.Rand
	seed uint64
}

// plyResult is what one ply's search gives a game.
type plyResult struct {
	res   *search.Result
	moves []grid.Move
	// target is the policy target over moves, nil after a fast search;
	// sym is the symmetry its sample is recorded under.
	target []float32
	sym    grid.Symmetry
	move   grid.Move
}

// newPlySearch starts the search of a game from pos with game seed seed.
func newPlySearch(eval search.Evaluator, cfg Config, pos engine.Position, seed uint64) (*plySearch, error) {
	scfg := search.DefaultConfig()
	scfg.Seed = seed
	scfg.LeafBatch = cfg.LeafBatch
	scfg.Gumbel = cfg.Gumbel
	scfg.MaxVisits = cfg.FullVisits
	scfg.ScoreUtility = cfg.ScoreUtility
	s, err := search.New(eval, scfg, pos, nil)
	if err != nil {
		return nil, err
	}
	return &plySearch{s: s, scfg: scfg, cfg: cfg, rng: rand.New(rand.NewPCG(seed, 0x5E1F)), seed: seed}, nil
}

// run searches pos (the search's root) at ply and advances the search by
// the move chosen; the caller applies it to pos.
func (p *plySearch) run(ctx context.Context, pos *engine.Position, ply int) (plyResult, error) {
	full := p.rng.Float64() < p.cfg.FullProb
	p.scfg.MaxVisits = p.cfg.FastVisits
	p.scfg.DirichletWeight = 0
	if full {
		p.scfg.MaxVisits = p.cfg.FullVisits
		if !p.cfg.Gumbel {
			p.scfg.DirichletAlpha, p.scfg.DirichletWeight = 0.3, 0.25
		}
	}
	p.scfg.Seed = p.seed*1000003 + uint64(ply)
	if err := p.s.SetConfig(p.scfg); err != nil {
		return plyResult{}, err
	}
	res, err := p.s.Run(ctx)
	if err != nil {
		return plyResult{}, err
	}
	out := plyResult{res: res, moves: pos.LegalMoves(nil)}
	index := make(map[grid.Move]int, len(out.moves))
	for i, m := range out.moves {
		index[m] = i
	}
	visits := make([]float32, len(out.moves))
	for _, mi := range res.Moves {
		if i, ok := index[mi.Move]; ok {
			visits[i] = float32(mi.Visits)
		}
	}
	if full {
		out.target = normalize(visits)
		if p.cfg.Gumbel {
			out.target = res.ImprovedPolicy
		}
		out.sym = grid.AllSymmetries[p.rng.IntN(grid.NumSymmetries)]
	}
	out.move = res.Best
	if ply < p.cfg.SampleMoves {
		out.move = out.moves[pick(p.rng, visits)]
	}
	if err := p.s.Advance(out.move); err != nil {
		return plyResult{}, err
	}
	return out, nil
}
