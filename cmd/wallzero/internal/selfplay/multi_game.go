package selfplay

import (
	"context"

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
	pos := engine.NewPosition(rules)
	ps, err := newPlySearch(eval, cfg, pos, seed)
	if err != nil {
		return MultiGameResult{}, err
	}
	var samples []MultiSample
	var played []engine.Move
	for ply := 0; !pos.IsOver(); ply++ {
		r, err := ps.run(ctx, &pos, ply)
		if err != nil {
			return MultiGameResult{}, err
		}
		if r.target != nil && len(r.moves) > 1 {
			samples = append(samples, newMultiSample(pos, r.sym, r.moves, r.target, r.res.PlayerWinrates))
		}
		m := r.move
		played = append(played, m)
		pos.Apply(m)
	}
	for i := range samples {
		samples[i].finish(&pos)
	}
	return MultiGameResult{Rules: rules, Plies: pos.Ply(), Winners: pos.Result().Winners, Samples: samples, Moves: played}, nil
}
