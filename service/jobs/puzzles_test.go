package jobs

import (
	"strings"
	"testing"

	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/service/analysis"
)

// searched builds an analysis from (move, visits, win rate) triples.
func searched(moves ...any) *analysis.Analysis {
	a := &analysis.Analysis{}
	for i := 0; i+2 < len(moves); i += 3 {
		m := moves[i].(string)
		a.MoveInfos = append(a.MoveInfos, analysis.MoveInfo{Move: mv(m), Visits: moves[i+1].(int), Winrate: float32(moves[i+2].(float64)), PV: mvs(m, "A1-A2:N")})
	}
	return a
}

// proven marks the moves of a with proofs: results by move.
func proven(a *analysis.Analysis, results map[string]string) *analysis.Analysis {
	for i := range a.MoveInfos {
		if r, ok := results[a.MoveInfos[i].Move.String()]; ok {
			a.MoveInfos[i].Proof = &analysis.Proof{Result: r}
		}
	}
	return a
}

func TestSelectPuzzle(t *testing.T) {
	t.Parallel()
	mistake := MoveReview{Ply: 12, Move: mv("D3-D2:S"), Player: grid.Blue, Loss: 0.22}
	for _, tc := range []struct {
		name          string
		mv            MoveReview
		shallow, deep *analysis.Analysis
		keep          bool
		solution      string
		reason        string
	}{
		{"a unique answer is kept", mistake,
			searched("E4-E5:N", 40, 0.80, "C3-C4:E", 10, 0.52, "D3-D2:S", 4, 0.55),
			searched("E4-E5:N", 170, 0.82, "C3-C4:E", 50, 0.50, "D3-D2:S", 20, 0.58),
			true, "E4-E5:N", ""},
		{"two good answers are left out", mistake,
			searched("E4-E5:N", 30, 0.80, "C3-C4:E", 25, 0.74),
			searched("E4-E5:N", 120, 0.81, "C3-C4:E", 110, 0.77),
			false, "", "within 0.15"},
		{"an answer that changes with more visits is left out", mistake,
			searched("E4-E5:N", 40, 0.80, "C3-C4:E", 10, 0.52),
			searched("C3-C4:E", 150, 0.85, "E4-E5:N", 60, 0.60),
			false, "", "changes with more visits"},
		{"clear only in the deep search is left out", mistake,
			searched("E4-E5:N", 30, 0.70, "C3-C4:E", 28, 0.62),
			searched("E4-E5:N", 200, 0.85, "C3-C4:E", 40, 0.55),
			false, "", "at the review's visits"},
		{"the only proven win is kept whatever the margin", mistake,
			searched("E4-E5:N", 30, 0.70, "C3-C4:E", 28, 0.66),
			proven(searched("E4-E5:N", 120, 0.99, "C3-C4:E", 100, 0.90), map[string]string{"E4-E5:N": "win", "C3-C4:E": "loss"}),
			true, "E4-E5:N", ""},
		{"a proven win beside an unproven move needs the margin", mistake,
			searched("E4-E5:N", 30, 0.70, "C3-C4:E", 28, 0.66),
			proven(searched("E4-E5:N", 120, 0.99, "C3-C4:E", 100, 0.90), map[string]string{"E4-E5:N": "win"}),
			false, "", "within 0.15"},
		{"an inaccuracy is no puzzle", MoveReview{Ply: 3, Move: mv("C3"), Player: grid.Red, Loss: 0.06},
			searched("D4", 40, 0.8, "C3", 2, 0.5), searched("D4", 160, 0.8, "C3", 4, 0.5),
			false, "", "less than a mistake"},
		{"the move played turns out best", mistake,
			searched("D3-D2:S", 40, 0.80, "C3-C4:E", 10, 0.52),
			searched("D3-D2:S", 170, 0.82, "C3-C4:E", 50, 0.50),
			false, "", "best one in the deeper search"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p, reason := SelectPuzzle(tc.mv, tc.shallow, tc.deep)
			if tc.keep {
				if reason != "" {
					t.Fatalf("left out: %s", reason)
				}
				if p.Solution.String() != tc.solution || p.Played != tc.mv.Move || p.Player != tc.mv.Player || p.Ply != tc.mv.Ply || len(p.Line) == 0 {
					t.Errorf("puzzle %+v", p)
				}
				return
			}
			if reason == "" || !strings.Contains(reason, tc.reason) {
				t.Errorf("reason %q, want one saying %q (puzzle %+v)", reason, tc.reason, p)
			}
		})
	}
}
