package render

import (
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/explain"
	"github.com/wallzero/wallzero/engine/grid"
)

// TestReachDiff draws what a move changes in reachability: the marks agree
// with the facts engine/explain computes, and the picture is stable
// (golden file).
func TestReachDiff(t *testing.T) {
	t.Parallel()
	rules, _ := engine.DefaultRules().Normalize()
	pos := play(t, rules, "C3", "E3", "C5", "E5")
	for _, text := range []string{"E5-E4:N", "C3-D3:E"} {
		m := mustMove(t, text)
		doc, err := Board(&pos, Options{ReachDiff: &m, Candidates: []Candidate{{Move: m, Winrate: -1, Played: true}}})
		if err != nil {
			t.Fatal(err)
		}
		els := parseSVG(t, doc)
		f, err := explain.Extract(&pos, m)
		if err != nil {
			t.Fatal(err)
		}
		for c := grid.Color(0); c < 2; c++ {
			if got, want := count(els, "text", "gained", c.String()), f.Gained[c].Count(); got != want {
				t.Errorf("%s: %d gained marks for %s, want %d", text, got, c, want)
			}
		}
		if got, want := count(els, "text", "made-shared"), f.SharedGained.Count(); got != want {
			t.Errorf("%s: %d made-shared marks, want %d", text, got, want)
		}
		if got, want := count(els, "text", "unreached"), f.Unreached.Count(); got != want {
			t.Errorf("%s: %d unreached marks, want %d", text, got, want)
		}
		if count(els, "line", "new-wall") != 1 {
			t.Errorf("%s: the new wall is not drawn", text)
		}
		if text == "E5-E4:N" {
			golden(t, "reach-diff", doc)
		}
	}
	bad := mustMove(t, "E5-A1:N")
	if _, err := Board(&pos, Options{ReachDiff: &bad}); err == nil {
		t.Error("an illegal reach-difference move should be refused")
	}
}
