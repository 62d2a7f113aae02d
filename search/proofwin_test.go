package search_test

import (
	"context"
	"sync"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/solver"
	"github.com/wallzero/wallzero/engine/solver/endgames"
	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/search"
)

// outcomeAfter returns what the solver proves about playing m in pos, from
// the point of view of the player making it.
func outcomeAfter(pos engine.Position, m engine.Move, s *solver.Solver) solver.Outcome {
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

// TestSearchKeepsProvenWins runs the analysis search (default settings, 50
// visits, the heuristic evaluator) on a few hundred self-play endgame
// positions the solver proves won, and checks that the move it plays wins
// and that the root proof reports the win.
func TestSearchKeepsProvenWins(t *testing.T) {
	t.Parallel()
	all, err := endgames.Collect(engine.DefaultRules(), []string{"voronoi-medium", "voronoi-easy"}, 300, 60, []int{1, 2, 3, 4, 5, 6, 7, 8})
	if err != nil {
		t.Fatal(err)
	}
	check := solver.New(solver.Options{MaxNodes: 10000, OutcomeOnly: true})
	var won []engine.Position
	for _, p := range all {
		if check.Solve(&p.Pos).Outcome == solver.Win {
			won = append(won, p.Pos)
		}
	}
	if len(won) < 150 {
		t.Fatalf("only %d proven-won positions", len(won))
	}
	cfg := search.DefaultConfig()
	cfg.MaxVisits = 50
	const shards = 2
	var wg sync.WaitGroup
	var mu sync.Mutex
	rootProved := 0
	for sh := range shards {
		wg.Add(1)
		go func() {
			defer wg.Done()
			verify := solver.New(solver.Options{MaxNodes: 400000, OutcomeOnly: true})
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
				if o := outcomeAfter(pos, res.Best, verify); o != solver.Win {
					t.Errorf("position %d: search plays %s, which the solver finds %v", i, res.Best, o)
				}
				if res.Proof != nil && res.Proof.Outcome != solver.Win {
					t.Errorf("position %d: root proof %v, the solver proves a win", i, res.Proof.Outcome)
				}
				if p := res.Moves[0].Proof; res.Proof != nil && (p == nil || p.Outcome != solver.Win) {
					t.Errorf("position %d: root proven won but the first move %s has proof %+v", i, res.Moves[0].Move, p)
				}
				mu.Lock()
				if res.Proof != nil && res.Proof.Outcome == solver.Win {
					rootProved++
				}
				mu.Unlock()
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
	t.Logf("%d proven-won positions, root proven win by the search in %d", len(won), rootProved)
}
