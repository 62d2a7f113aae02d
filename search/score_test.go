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

// TestCachedScoreUtility: the score utility cached per node
// (childScoreUtility) is the one computed from the node's statistics at
// every node of a tree, after backups and after a second run with another
// centre, and the parent's term of the first-play urgency (the cached
// value negated for the other player) is exactly the directly computed one.
func TestCachedScoreUtility(t *testing.T) {
	t.Parallel()
	cfg := DefaultConfig()
	cfg.MaxVisits = 300
	s, err := New(EvaluatorFunc(hashEval), cfg, midgame(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	check := func(run int) {
		t.Helper()
		checked := 0
		var walk func(n *node)
		walk = func(n *node) {
			for _, c := range n.kids {
				walk(c)
			}
			if n == s.root || n.marginN == 0 {
				return
			}
			mean := float32(n.marginSum / float64(n.marginN))
			if got, want := s.childScoreUtility(n), s.scoreUtility(mean, n.mover); got != want {
				t.Fatalf("run %d: cached score utility %v, computed %v", run, got, want)
			}
			if n.state == expanded && n.mover != n.toMove {
				if got, want := -s.childScoreUtility(n), s.scoreUtility(-mean, n.toMove); got != want {
					t.Fatalf("run %d: parent's term %v, computed %v", run, got, want)
				}
			}
			checked++
		}
		walk(s.root)
		if checked < 50 {
			t.Fatalf("run %d: only %d nodes with a margin", run, checked)
		}
	}
	for run := 1; run <= 2; run++ {
		center := s.scoreCenter
		if _, err := s.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		if run == 2 && s.scoreCenter == center {
			t.Fatalf("run 2 kept the centre %v; the test needs another", center)
		}
		check(run)
		cfg.MaxVisits *= 2
		if err := s.SetConfig(cfg); err != nil {
			t.Fatal(err)
		}
	}
}
