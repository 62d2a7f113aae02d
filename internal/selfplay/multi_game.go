package selfplay

import (
	"context"
	"math/rand/v2"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/search"
)

// MultiGameResult summarises one self-play game of three or four players.
type MultiGameResult struct {
	Rules engine.Rules
	Plies int
	// Winners has bit c set for each colour sharing the win.
	Winners uint8
	Samples []MultiSample
	Moves   []engine.Move
}

// PlayMultiGame plays one game of three or four players from the start
// position of rules with the max-n search over eval, as PlayGame does for
// two (playout-cap randomization, Dirichlet noise on full searches, moves
// sampled in proportion to visits early on), and returns its samples with
// the result targets filled in.
func PlayMultiGame(ctx context.Context, eval search.Evaluator, cfg Config, rules engine.Rules, seed uint64) (MultiGameResult, error) {
	rng := rand.New(rand.NewPCG(seed, 0x5E1F))
	pos := engine.NewPosition(rules)
	scfg := search.DefaultConfig()
	scfg.Seed = seed
	scfg.LeafBatch = cfg.LeafBatch
	scfg.Gumbel = cfg.Gumbel
	scfg.MaxVisits = cfg.FullVisits
	s, err := search.New(eval, scfg, pos, nil)
	if err != nil {
		return MultiGameResult{}, err
	}
	var samples []MultiSample
	var played []engine.Move
	for ply := 0; !pos.IsOver(); ply++ {
		full := rng.Float64() < cfg.FullProb
		scfg.MaxVisits = cfg.FastVisits
		scfg.DirichletWeight = 0
		if full {
			scfg.MaxVisits = cfg.FullVisits
			if !cfg.Gumbel {
				scfg.DirichletAlpha, scfg.DirichletWeight = 0.3, 0.25
			}
		}
		scfg.Seed = seed*1000003 + uint64(ply)
		if err := s.SetConfig(scfg); err != nil {
			return MultiGameResult{}, err
		}
		res, err := s.Run(ctx)
		if err != nil {
			return MultiGameResult{}, err
		}
		moves := pos.LegalMoves(nil)
		visits := make([]float32, len(moves))
		for _, mi := range res.Moves {
			for i, m := range moves {
				if m == mi.Move {
					visits[i] = float32(mi.Visits)
				}
			}
		}
		if full && len(moves) > 1 {
			target := normalize(visits)
			if cfg.Gumbel {
				target = res.ImprovedPolicy
			}
			sym := engine.AllSymmetries[rng.IntN(engine.NumSymmetries)]
			samples = append(samples, newMultiSample(pos, sym, moves, target, res.PlayerWinrates))
		}
		m := res.Best
		if ply < cfg.SampleMoves {
			m = moves[pick(rng, visits)]
		}
		if err := s.Advance(m); err != nil {
			return MultiGameResult{}, err
		}
		played = append(played, m)
		pos.Apply(m)
	}
	for i := range samples {
		samples[i].finish(&pos)
	}
	return MultiGameResult{Rules: rules, Plies: pos.Ply(), Winners: pos.Result().Winners, Samples: samples, Moves: played}, nil
}
