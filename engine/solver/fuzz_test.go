package solver

import (
	"math/rand/v2"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/solver/endgames"
)

// FuzzSolverAgreesWithReference plays a heuristic self-play game chosen by
// the fuzz input, walks back from its end, plays random non-ending moves and
// compares the solver with the brute-force reference wherever the reference
// finishes, with alpha-beta and with the proof-number search:
// go test ./engine/solver/ -fuzz FuzzSolver
func FuzzSolverAgreesWithReference(f *testing.F) {
	for seed := range uint64(8) {
		f.Add(seed, uint8(seed), uint8(3*seed))
	}
	f.Fuzz(func(t *testing.T, seed uint64, back, walk uint8) {
		rules := variants[seed%uint64(len(variants))]
		history, _, err := endgames.Game(rules, [2]string{"voronoi-easy", "random"}, seed)
		if err != nil {
			t.Fatal(err)
		}
		end := len(history) - 1
		k := 1 + int(back)%8
		if k > end || history[end-k].Phase() != engine.Play {
			return
		}
		pos := history[end-k]
		rng := rand.New(rand.NewPCG(seed, uint64(walk)))
		for range int(walk) % 40 {
			keep := lastingMoves(&pos)
			if len(keep) == 0 {
				break
			}
			pos.Apply(keep[rng.IntN(len(keep))])
		}
		r := reference{limit: 20000}
		ref, err := r.value(&pos)
		if err != nil {
			return
		}
		res := Solve(&pos, Options{})
		if !res.Exact || res.Value != ref {
			t.Fatalf("solver %v %v (exact %v), reference %v", res.Outcome, res.Value, res.Exact, ref)
		}
		// The proof-number search alone (no alpha-beta share) agrees too.
		pn := New(Options{ProofNumbers: true, MaxNodes: 1 << 40})
		pn.abShare = 0
		if got := pn.Solve(&pos); got.Outcome != ref.Outcome() || got.Value != ref {
			t.Fatalf("with df-pn: %v %v, reference %v", got.Outcome, got.Value, ref)
		}
		if len(res.Line) == 0 || len(res.Best) == 0 {
			t.Fatalf("solved without a line or best moves")
		}
		line := pos
		for _, m := range res.Line {
			if err := line.Play(m); err != nil {
				t.Fatalf("line move %s: %v", m, err)
			}
		}
		if !line.IsOver() {
			t.Fatalf("line %v does not end the game", res.Line)
		}
	})
}
