package jobs

import (
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/solver"
	"github.com/wallzero/wallzero/service/analysis"
)

// ReviewProofNodes is the solver's node budget per position in a review's
// backward proof pass (proveBackwards).
const ReviewProofNodes = 10000

// proveBackwards walks a two-player game back from its end with one
// solver, ReviewProofNodes per position, and gives each move whose
// position before it the solver proves, and whose analysis proved nothing,
// that proof (the outcome, from the mover's view). It stops at the first
// position proven by neither (the solver proves nothing outside the
// two-player play phase, so the setup phase stops it too).
//
// The solver keeps its table from each position to the one before it, so
// the proofs of the later positions settle much of the earlier ones'
// trees: the searches of the analyses, each with a cold table of its own,
// prove about one ply less of the end of a game (docs/solver.md). The pass
// is cheap next to the searches, and it decides where the review says the
// game was decided.
func proveBackwards(res *ReviewResult, positions []engine.Position) {
	s := solver.New(solver.Options{TableBits: 16, MaxNodes: ReviewProofNodes, OutcomeOnly: true})
	for i := min(len(res.Moves), len(positions)-1) - 1; i >= 0; i-- {
		r := s.Solve(&positions[i])
		mr := &res.Moves[i]
		switch {
		case mr.Proof != nil:
			// The analysis's own proof stays: it may carry the margin.
		case r.Outcome != solver.Unknown:
			mr.Proof = &analysis.Proof{Result: r.Outcome.String()}
		default:
			return
		}
	}
}
