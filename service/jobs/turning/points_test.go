package turning

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/jobs/review"
)

// TestTurningPoints checks the rules on made-up win-rate curves: a lead
// change needs a swing of LeadChangeSwing across 50% or a proven result
// thrown away, a missed chance at least a mistake (in win rate or in
// points), and at most MaxTurningPoints are kept, the decided point among
// them, ordered by cost.
func TestTurningPoints(t *testing.T) {
	t.Parallel()
	rules, _ := engine.DefaultRules().Normalize()
	start := engine.NewPosition(rules)
	for _, tc := range []struct {
		name   string
		curve  []float32 // Red's win rate at each position
		losses []float32
		points map[int]float32
		proofs map[int]*analysis.Proof
		want   string
		first  string // the first point's summary, when set
	}{
		{"lead changes, decided, missed chances",
			// 0.5 -> 0.6 (red leads) -> 0.4 (blue takes the lead) -> 0.7
			// (red again) -> 0.92 -> 0.95 -> 1; the unfinished game's
			// last favourite (Red) is taken as the winner.
			[]float32{0.5, 0.6, 0.4, 0.7, 0.92, 0.95, 1}, []float32{0, 0.02, 0.3, 0.2, 0, 0.07}, nil, nil,
			"lead-change@2 decided@3 lead-change@1 lead-change@0", ""},
		{"wobbles around 50% are not lead changes",
			[]float32{0.5, 0.53, 0.47, 0.52, 0.44, 0.53, 0.5}, []float32{0, 0.06, 0.05, 0.08, 0.07, 0.04}, nil, nil, "", ""},
		{"a slow crossing is not a lead change",
			[]float32{0.6, 0.55, 0.51, 0.48, 0.45, 0.42, 0.4}, []float32{0.05, 0.05, 0.05, 0.05, 0.05, 0.05}, nil, nil, "", ""},
		{"points make missed chances in a decided game",
			[]float32{1, 1, 1, 1, 1, 1, 1}, []float32{0, 0, 0, 0, 0, 0}, map[int]float32{1: 1.2, 3: 8, 4: float32(review.TwoPlayerThresholds.MistakePoints), 5: 0.5}, nil,
			"missed-chance@3 missed-chance@4 decided@0", "Blue missed B1 (blunder): 8 points lost."},
		{"a proven win thrown away is a lead change",
			[]float32{0.55, 0.5, 0.52, 0.5, 0.5, 0.5, 0.5}, []float32{0, 0, 0.03, 0, 0, 0}, nil,
			map[int]*analysis.Proof{1: {Result: "loss"}, 2: {Result: "win"}, 3: {Result: "win"}},
			"lead-change@2", "Red throws away a proven win: Red's win rate goes from 52% to 50%."},
		{"at most five, the costliest, the decided point kept",
			// Six candidates: lead changes at 0 and 1, red's two largest
			// losses (2, 6), blue's (7, and 1, a lead change already), and
			// Blue's decided point at 9; the cheapest, 6, is left out.
			[]float32{0.5, 0.7, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 0.05}, []float32{0.12, 0.3, 0.2, 0.25, 0.11, 0.14, 0.13, 0.4, 0.1, 0.01}, nil, nil,
			"lead-change@1 missed-chance@7 decided@9 lead-change@0 missed-chance@2", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			res := &review.Result{Thresholds: review.TwoPlayerThresholds}
			for i, loss := range tc.losses {
				p := grid.Red
				if i%2 == 1 {
					p = grid.Blue
				}
				pts := tc.points[i]
				res.Moves = append(res.Moves, review.Move{Ply: i, Move: mv("A1"), Player: p, RedWinrateBefore: tc.curve[i], RedWinrateAfter: tc.curve[i+1],
					Loss: loss, PointsLoss: pts, BestMove: mv("B1"), Classification: review.TwoPlayerThresholds.Classify(loss, pts, false), Proof: tc.proofs[i]})
			}
			got := Points(res, &start)
			var summary []string
			for k, tp := range got {
				summary = append(summary, fmt.Sprintf("%s@%d", tp.Kind, tp.Ply))
				if k > 0 && tp.Cost > got[k-1].Cost {
					t.Errorf("turning point %d costs %v, more than the one before (%v)", k, tp.Cost, got[k-1].Cost)
				}
				if tp.Kind == LeadChange && tc.proofs == nil && math.Abs(float64(tp.RedWinrateAfter-tp.RedWinrateBefore)) < LeadChangeSwing-1e-6 {
					t.Errorf("lead change at %d with a swing of %v", tp.Ply, tp.RedWinrateAfter-tp.RedWinrateBefore)
				}
			}
			if tc.first != "" && (len(got) == 0 || got[0].Summary != tc.first) {
				t.Errorf("first turning point %+v, want the summary %q", got, tc.first)
			}
			if s := strings.Join(summary, " "); s != tc.want {
				t.Errorf("turning points %s\nwant            %s", s, tc.want)
			}
		})
	}
}

// TestDecidedByProof: in a finished game, the decided point is the first
// move after which the solver proved a win for the winner, counted only
// after the last proof the other way (a proven win the loser later threw
// away); without any proof the win-rate rule decides.
func TestDecidedByProof(t *testing.T) {
	t.Parallel()
	g := selfPlayGame(t)
	final := g.Final
	winner := final.Result().Winner()
	if !final.IsOver() || winner == grid.NoColor {
		t.Fatal("the test game must be finished and won")
	}
	margin := func(v int) *int { return &v }
	n := len(g.Moves)
	build := func(proofs map[int]*analysis.Proof) *review.Result {
		res := &review.Result{Thresholds: review.TwoPlayerThresholds}
		for i, m := range g.Moves {
			res.Moves = append(res.Moves, review.Move{Ply: i, Move: m, Player: g.Movers[i],
				RedWinrateBefore: 0.5, RedWinrateAfter: 0.5, Proof: proofs[i]})
		}
		return res
	}
	// forWinner is a proof for the position before move i, from its
	// mover's view, that the winner wins by 3.
	forWinner := func(i int) *analysis.Proof {
		if g.Movers[i] == winner {
			return &analysis.Proof{Result: "win", Margin: margin(3)}
		}
		return &analysis.Proof{Result: "loss", Margin: margin(-3)}
	}
	forLoser := func(i int) *analysis.Proof {
		if g.Movers[i] == winner {
			return &analysis.Proof{Result: "loss"}
		}
		return &analysis.Proof{Result: "win"}
	}
	for _, tc := range []struct {
		name   string
		proofs map[int]*analysis.Proof
		want   int // the decided move, -1: none by proof
	}{
		{"no proof", nil, -1},
		{"first proof for the winner", map[int]*analysis.Proof{n - 6: forWinner(n - 6), n - 3: forWinner(n - 3)}, n - 7},
		{"a proof thrown away later", map[int]*analysis.Proof{n - 10: forWinner(n - 10), n - 8: forLoser(n - 8), n - 4: forWinner(n - 4)}, n - 5},
		{"a proven draw resets", map[int]*analysis.Proof{n - 10: forWinner(n - 10), n - 6: {Result: "draw"}}, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			i, name, p, ok := provenDecidedAt(build(tc.proofs), &final)
			if tc.want < 0 {
				if ok {
					t.Fatalf("decided by proof at move %d, want none", i)
				}
				return
			}
			if !ok || i != tc.want || name != winner || p.Result != "win" || p.Margin == nil || *p.Margin != 3 {
				t.Fatalf("decided at %d (%v) by %s with %+v, want move %d for %s, a win by 3", i, ok, name, p, tc.want, winner)
			}
			tps := Points(build(tc.proofs), &final)
			found := false
			for _, tp := range tps {
				if tp.Kind == Decided {
					found = tp.Ply == tc.want && tp.Proof != nil && strings.Contains(tp.Summary, "proven win by 3")
				}
			}
			if !found {
				t.Errorf("turning points %+v lack the proven decided point at %d", tps, tc.want)
			}
		})
	}
}
