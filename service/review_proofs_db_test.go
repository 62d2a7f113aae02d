package service_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/solver"
	"github.com/wallzero/wallzero/engine/solver/endgames"
	"github.com/wallzero/wallzero/service/jobs"
	"github.com/wallzero/wallzero/service/jobs/reviewrow"
	"github.com/wallzero/wallzero/service/jobs/turning"
	"github.com/wallzero/wallzero/store"
)

// walkBack counts the positions at the end of g that a solver proves
// walking back from the end, either one solver for the whole walk (warm)
// or a fresh one per position, as each analysis has.
func walkBack(g endgames.Played, warm bool) int {
	n := 0
	var s *solver.Solver
	for i := len(g.Moves) - 1; i >= 0; i-- {
		pos := g.Positions[i]
		if s == nil || !warm {
			s = solver.New(solver.Options{TableBits: 16, MaxNodes: jobs.ReviewProofNodes, OutcomeOnly: true})
		}
		if pos.Phase() != engine.Play || s.Solve(&pos).Outcome == solver.Unknown {
			break
		}
		n++
	}
	return n
}

// TestReviewProvesTheEnd reviews one of the agent's games through the job
// queue on a real PostgreSQL and checks that the review carries the
// backward pass's proofs: every move of the proven end of the game, more
// than the analyses' own root proofs reach, and a "decided" turning point
// that cites a proven win.
func TestReviewProvesTheEnd(t *testing.T) {
	t.Parallel()
	games, err := endgames.ReadGamesFile("../engine/solver/endgames/testdata/agent-games.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	// Agent game 86: the warm walk proves its last 5 moves, cold root
	// proofs only 1. (Game 11, 7 against 2 before alpha-beta's ordering
	// took in the Voronoi guess, now gains 1: its cold proofs got better.)
	const best = 86
	g := games[best]
	want := walkBack(g, true)
	gain := want - walkBack(g, false)
	if gain < 2 {
		t.Fatalf("game %d: the warm walk gains only %d proven plies", best, gain)
	}
	var moves []string
	for _, m := range g.Moves {
		moves = append(moves, m.String())
	}
	svc, _ := newJobService(t, time.Hour)
	j, err := svc.Jobs().SubmitReview(context.Background(), &jobs.ReviewRequest{ID: "proofs", Moves: moves, MaxVisits: 16})
	if err != nil {
		t.Fatal(err)
	}
	done := waitJob(t, svc, j.ID)
	if done.Status != store.StatusSucceeded {
		t.Fatalf("review: %+v", done)
	}
	res, err := reviewrow.Decode(done.Result)
	if err != nil {
		t.Fatal(err)
	}
	proven := 0
	for i := len(res.Moves) - 1; i >= 0 && res.Moves[i].Proof != nil; i-- {
		proven++
	}
	if proven < want {
		t.Errorf("game %d: the review proves the last %d moves, the warm walk %d (cold root proofs %d)", best, proven, want, want-gain)
	}
	decided := false
	for _, tp := range res.TurningPoints {
		decided = decided || (tp.Kind == turning.Decided && strings.Contains(tp.Text+tp.Summary, "proven win"))
	}
	if !decided {
		t.Errorf("no decided turning point cites a proven win: %+v", res.TurningPoints)
	}
	t.Logf("game %d: %d moves proven at the end (warm walk %d, cold %d)", best, proven, want, want-gain)
}
