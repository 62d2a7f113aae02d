package search

import (
	"context"
	"testing"
)

// TestScoreUtilitySelection: two root children with the same mean
// utility, visits and prior; without score utility selection takes the
// first, with it the one whose mean margin is larger.
func TestScoreUtilitySelection(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		score float32
		want  int
	}{
		{"off", 0, 0},
		{"on", 0.2, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			cfg := DefaultConfig()
			cfg.ScoreUtility = tc.score
			s, err := New(EvaluatorFunc(hashEval), cfg, midgame(t), nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := s.evaluateRoot(context.Background()); err != nil {
				t.Fatal(err)
			}
			s.prepareRoot()
			root := s.root
			for i, c := range root.kids {
				c.visits, c.utilSum, c.marginN, c.prior = 0, 0, 0, 0
				if i < 2 {
					c.prior, c.visits, c.utilSum, c.marginN = 0.5, 10, 5, 10
					c.marginSum = float64(10 * (s.scoreCenter + float32(2*i)))
				}
			}
			root.visits, root.marginN, root.next = 20, 20, -1
			if got := s.selectPUCT(root); got != root.kids[tc.want] {
				t.Fatalf("selected %v, want child %d (%v)", got.move, tc.want, root.kids[tc.want].move)
			}
		})
	}
}

// TestScoreUtilityValidate: the score utility's weight lies in [0, 4] and
// needs a positive scale.
func TestScoreUtilityValidate(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		weight, scale float32
		ok            bool
	}{
		{0, 0, true}, {0.2, 5, true}, {4, 0.5, true}, {-0.1, 5, false}, {4.5, 5, false}, {0.2, 0, false},
	} {
		cfg := DefaultConfig()
		cfg.ScoreUtility, cfg.ScoreScale = tc.weight, tc.scale
		if err := cfg.Validate(); (err == nil) != tc.ok {
			t.Errorf("ScoreUtility %v, ScoreScale %v: error %v, want ok=%v", tc.weight, tc.scale, err, tc.ok)
		}
	}
}

// TestAdvanceDropsOldRootEvaluation: after Advance keeps a subtree, the
// result does not report the old root's raw evaluation as the new root's.
func TestAdvanceDropsOldRootEvaluation(t *testing.T) {
	t.Parallel()
	cfg := DefaultConfig()
	cfg.MaxVisits = 64
	s, err := New(EvaluatorFunc(hashEval), cfg, midgame(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !res.Raw.HasMargin {
		t.Fatal("the first run reports no raw evaluation")
	}
	if err := s.Advance(res.Best); err != nil {
		t.Fatal(err)
	}
	res2, err := s.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if res2.Raw.HasMargin && res2.Raw.Margin == res.Raw.Margin {
		t.Fatalf("the reused root reports the old root's raw evaluation %+v", res2.Raw)
	}
}
