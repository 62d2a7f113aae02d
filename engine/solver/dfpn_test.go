package solver

import (
	"testing"
	"time"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// TestProofNumbersAgreeWithReference solves the small endgames (their
// brute-force values are in testdata) with the df-pn outcome search alone
// (no alpha-beta share) and with Solve's hand-over under a node and under
// a time budget: the same outcome as the reference every time, and a
// named winning move that wins.
func TestProofNumbersAgreeWithReference(t *testing.T) {
	t.Parallel()
	cases := loadSmall(t)
	for _, tc := range []struct {
		name    string
		opts    Options
		abShare float64
	}{
		{name: "df-pn alone", opts: Options{ProofNumbers: true, MaxNodes: 1 << 40}, abShare: 0},
		{name: "hand-over, node budget", opts: Options{ProofNumbers: true, MaxNodes: 400, OutcomeOnly: true}, abShare: alphaBetaShare},
		{name: "hand-over, time budget, exact", opts: Options{ProofNumbers: true, MaxTime: time.Minute}, abShare: 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := New(tc.opts)
			s.abShare = tc.abShare
			unknown := 0
			for i, c := range cases {
				pos := c.position(t)
				res := s.Solve(&pos)
				if res.Outcome == Unknown {
					unknown++ // only the 400-node budget may run out
					continue
				}
				if want := c.value.Outcome(); res.Outcome != want {
					t.Fatalf("case %d (%v): %v, reference %v (value %d)", i, c.moves, res.Outcome, want, c.value)
				}
				if res.Exact && res.Value != c.value {
					t.Fatalf("case %d: exact value %d, reference %d", i, res.Value, c.value)
				}
				if res.Outcome == Win && len(res.Best) > 0 && !wins(t, &pos, res.Best[0]) {
					t.Fatalf("case %d: winning move %s does not win", i, res.Best[0])
				}
			}
			if tc.opts.MaxNodes != 400 && unknown > 0 {
				t.Errorf("%d of %d cases unknown without a binding budget", unknown, len(cases))
			}
			if unknown == len(cases) {
				t.Errorf("every case unknown")
			}
		})
	}
}

// wins reports whether m wins for the player to move at pos, by the
// brute-force reference.
func wins(t *testing.T, pos *engine.Position, m grid.Move) bool {
	t.Helper()
	me := pos.ToMove()
	child := *pos
	if err := child.Play(m); err != nil {
		t.Fatalf("move %s: %v", m, err)
	}
	if child.IsOver() {
		return FinalValue(&child, me) > 0
	}
	r := reference{limit: 1 << 30}
	v, err := r.value(&child)
	if err != nil {
		t.Fatal(err)
	}
	if child.ToMove() != me {
		v = -v
	}
	return v > 0
}

// TestProofNumbersBudget: a df-pn hand-over that runs out of budget says
// Unknown, and the same Solver then proves the position with a budget.
func TestProofNumbersBudget(t *testing.T) {
	t.Parallel()
	cases := loadSmall(t)
	var pos engine.Position
	for _, c := range cases {
		if p := c.position(t); Solve(&p, Options{OutcomeOnly: true}).Nodes > 500 {
			pos = p
			break
		}
	}
	s := New(Options{ProofNumbers: true, MaxNodes: 20, OutcomeOnly: true})
	if res := s.Solve(&pos); res.Outcome != Unknown {
		t.Fatalf("20 nodes: %v, want unknown", res.Outcome)
	}
	s.SetBudget(1<<40, 0)
	if res := s.Solve(&pos); res.Outcome == Unknown {
		t.Fatal("no outcome with an ample budget")
	}
}
