package search_test

import (
	"context"
	"sync"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/engine/solver"
	"github.com/wallzero/wallzero/engine/solver/endgames"
	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/search"
)

// outcomeAfter returns what the solver proves about playing m in pos, from
// the point of view of the player making it.
func outcomeAfter(pos engine.Position, m grid.Move, s *solver.Solver) solver.Outcome {
	me := pos.ToMove()
	pos.Apply(m)
	if pos.IsOver() {
		return solver.FinalValue(&pos, me).Outcome()
	}
	o := s.Solve(&pos).Outcome
	if pos.ToMove() != me {
		o = o.Negate()
	}
	return o
}

// agentGamesFile holds self-play games of the shipped network's search
// players (engine/solver's small endgames are drawn from them too).
const agentGamesFile = "../engine/solver/endgames/testdata/agent-games.jsonl"

// TestSearchKeepsProvenWins runs the analysis search (default settings, 50
// visits, the heuristic evaluator) on a few hundred endgame positions the
// solver proves won, 1 to 8 plies before the end of heuristic self-play
// games and of the agent's own self-play games, and checks that the move
// it plays wins and that the root proof reports the win.
func TestSearchKeepsProvenWins(t *testing.T) {
	t.Parallel()
	plies := []int{1, 2, 3, 4, 5, 6, 7, 8}
	heuristic, err := endgames.Collect(engine.DefaultRules(), []string{"voronoi-medium", "voronoi-easy"}, 300, 40, plies)
	if err != nil {
		t.Fatal(err)
	}
	games, err := endgames.ReadGamesFile(agentGamesFile)
	if err != nil {
		t.Fatal(err)
	}
	agent := endgames.Pick(games, plies)
	cfg := search.DefaultConfig()
	cfg.MaxVisits = 50
	// A position counts as proven won when the search's own root proof
	// (the same budget, table and slot limit, from a cold table) proves
	// it: that is the win the search knows of and must not throw away.
	// Positions proven only with a larger budget are outside what a 50-visit
	// analysis can know (docs/solver.md measures how it plays them).
	provenWon := func(ps []endgames.Position) []engine.Position {
		// Two goroutines take alternate games. Each picks candidates with
		// a warm solver (a game's later positions fill its table for the
		// earlier ones, so this is cheap) and keeps those a cold solver
		// with the search's root settings proves won.
		keep := make([]bool, len(ps))
		var wg sync.WaitGroup
		for sh := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				warm := solver.New(solver.Options{MaxNodes: int64(cfg.RootProofNodes), OutcomeOnly: true})
				for i := range ps {
					p := &ps[i].Pos
					if ps[i].Game%2 != sh || solver.ContestedSlots(p) > cfg.ProofMaxSlots || warm.Solve(p).Outcome != solver.Win {
						continue
					}
					cold := solver.New(solver.Options{TableBits: 16, MaxNodes: int64(cfg.RootProofNodes)})
					keep[i] = cold.Solve(p).Outcome == solver.Win
				}
			}()
		}
		wg.Wait()
		var won []engine.Position
		for i, k := range keep {
			if k {
				won = append(won, ps[i].Pos)
			}
		}
		return won
	}
	wonHeuristic, wonAgent := provenWon(heuristic), provenWon(agent)
	if len(wonHeuristic) < 100 || len(wonAgent) < 150 {
		t.Fatalf("only %d proven-won positions from heuristic games and %d from the agent's", len(wonHeuristic), len(wonAgent))
	}
	won := append(wonHeuristic, wonAgent...)
	const shards = 2
	var wg sync.WaitGroup
	for sh := range shards {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// The move played is checked by an independent solver with
			// 100 times the search's budget, alpha-beta's share handed to
			// the proof-number search (a win the MCTS proved through its
			// tree can take alpha-beta alone millions of nodes).
			verify := solver.New(solver.Options{MaxNodes: 1000000, OutcomeOnly: true, ProofNumbers: true})
			for i := sh; i < len(won); i += shards {
				pos := won[i]
				s, err := search.New(inference.Heuristic{}, cfg, pos, nil)
				if err != nil {
					t.Error(err)
					return
				}
				res, err := s.Run(context.Background())
				if err != nil {
					t.Error(err)
					return
				}
				o := outcomeAfter(pos, res.Best, verify)
				if o != solver.Win {
					t.Errorf("position %d: search plays %s, which the solver finds %v", i, res.Best, o)
				}
				if res.Proof == nil || res.Proof.Outcome != solver.Win {
					t.Errorf("position %d: root proof %+v, the search's own root solve proves a win", i, res.Proof)
				}
				if p := res.Moves[0].Proof; res.Proof != nil && (p == nil || p.Outcome != solver.Win) {
					t.Errorf("position %d: root proven won but the first move %s has proof %+v", i, res.Moves[0].Move, p)
				}
			}
		}()
	}
	wg.Wait()
	off := cfg
	off.Proofs = false
	s, err := search.New(inference.Heuristic{}, off, won[0], nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if res.Proof != nil || res.Moves[0].Proof != nil {
		t.Errorf("proofs reported with Proofs off")
	}
	t.Logf("%d proven-won positions, %d of them from the agent's games", len(won), len(wonAgent))
}
