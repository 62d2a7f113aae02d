package jobs

import (
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/solver"
	"github.com/wallzero/wallzero/engine/solver/endgames"
	"github.com/wallzero/wallzero/service/analysis"
)

// agentGames reads the agent's self-play games that the solver's tests use.
func agentGames(t *testing.T) []endgames.Played {
	games, err := endgames.ReadGamesFile("../../engine/solver/endgames/testdata/agent-games.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	return games
}

// reviewOf returns a review of g with no proofs, as buildReview makes it
// from analyses that proved nothing.
func reviewOf(g endgames.Played) *ReviewResult {
	res := &ReviewResult{}
	for i, m := range g.Moves {
		res.Moves = append(res.Moves, MoveReview{Ply: i, Move: m, Player: g.Positions[i].ToMove()})
	}
	return res
}

// provenSuffix returns how many moves at the end of res carry a proof,
// failing the test when a proof comes before an unproven move.
func provenSuffix(t *testing.T, res *ReviewResult) int {
	n := 0
	for i := len(res.Moves) - 1; i >= 0 && res.Moves[i].Proof != nil; i-- {
		n++
	}
	for i := 0; i < len(res.Moves)-n; i++ {
		if res.Moves[i].Proof != nil {
			t.Fatalf("move %d proven before the unproven move %d", i, len(res.Moves)-n-1)
		}
	}
	return n
}

// TestProveBackwards runs the review's backward pass on 20 of the agent's
// games: the proofs are a suffix of the game, the last move is always
// proven, every proof agrees with an independent solver, and the pass
// proves more of the end than the analyses' cold root proofs would.
func TestProveBackwards(t *testing.T) {
	t.Parallel()
	games := agentGames(t)[:20]
	// The verifier: a solver of its own with 10 times the pass's budget,
	// alpha-beta's share handed to the proof-number search.
	verify := solver.New(solver.Options{MaxNodes: 10 * ReviewProofNodes, OutcomeOnly: true, ProofNumbers: true})
	warmTotal, coldTotal, verified := 0, 0, 0
	for gi, g := range games {
		res := reviewOf(g)
		proveBackwards(res, g.Positions)
		n := provenSuffix(t, res)
		if n == 0 {
			t.Fatalf("game %d: the last move (one ply before the end) is not proven", gi)
		}
		warmTotal += n
		for i := len(res.Moves) - n; i < len(res.Moves); i++ {
			pos := g.Positions[i]
			if r := verify.Solve(&pos); r.Outcome != solver.Unknown {
				verified++
				if r.Outcome.String() != res.Moves[i].Proof.Result {
					t.Errorf("game %d move %d: the pass proves %s, the verifier %s", gi, i, res.Moves[i].Proof.Result, r.Outcome)
				}
			}
		}
		// What each analysis's own root proof (a cold table, the same
		// budget) proves, walking back the same way.
		for i := len(g.Moves) - 1; i >= 0; i-- {
			pos := g.Positions[i]
			cold := solver.New(solver.Options{TableBits: 16, MaxNodes: ReviewProofNodes, OutcomeOnly: true})
			if pos.Phase() != engine.Play || cold.Solve(&pos).Outcome == solver.Unknown {
				break
			}
			coldTotal++
		}
	}
	if verified < warmTotal*9/10 {
		t.Errorf("the verifier settled only %d of %d proofs", verified, warmTotal)
	}
	if warmTotal <= coldTotal {
		t.Errorf("the backward pass proved %d moves at the ends of 20 games, cold proofs %d", warmTotal, coldTotal)
	}
	t.Logf("20 games: %d moves proven by the backward pass (%d verified), %d by cold root proofs", warmTotal, verified, coldTotal)
}

// TestProveBackwardsKeepsAnalysisProofs checks that a proof the analysis
// found (with its margin) is kept and that the pass goes on past it.
func TestProveBackwardsKeepsAnalysisProofs(t *testing.T) {
	t.Parallel()
	g := agentGames(t)[0]
	res := reviewOf(g)
	last := len(res.Moves) - 1
	margin := 7
	res.Moves[last].Proof = &analysis.Proof{Result: "win", Margin: &margin}
	proveBackwards(res, g.Positions)
	if p := res.Moves[last].Proof; p.Margin == nil || *p.Margin != 7 {
		t.Errorf("the analysis's proof was replaced by %+v", p)
	}
	if provenSuffix(t, res) < 2 {
		t.Errorf("the pass stopped at the analysis's proof")
	}

}
