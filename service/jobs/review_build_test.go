package jobs

import (
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/service/analysis"
)

// TestBuildReview checks the loss, classification and accuracy rules on a
// made-up game.
func TestBuildReview(t *testing.T) {
	t.Parallel()
	g, err := engine.Record{Moves: []string{"C3", "E3", "C5", "E5"}}.Game()
	if err != nil {
		t.Fatal(err)
	}
	red := func(v float32) *float32 { return &v }
	an := func(r float32, best string, bestWin float32) *analysis.Analysis {
		return &analysis.Analysis{RootInfo: analysis.RootInfo{RedWinrate: red(r)}, MoveInfos: []analysis.MoveInfo{{Move: best, Winrate: bestWin, PV: []string{best}}}}
	}
	// Movers: red C3, blue E3, blue C5, red E5.
	analyses := []*analysis.Analysis{
		an(0.50, "C3", 0.50), // red plays the best move
		an(0.50, "D4", 0.60), // blue: best 0.60, after E3 red 0.48 -> blue 0.52: loss 0.08 inaccuracy
		an(0.48, "D4", 0.55), // blue: after C5 red 0.60 -> blue 0.40: loss 0.15 blunder
		an(0.60, "D4", 0.70), // red: after E5 red 0.58: loss 0.12 mistake
		an(0.58, "A1", 0.5),
	}
	r := buildReview(g, analyses, 2)
	want := []struct {
		class string
		loss  float32
	}{{"best", 0}, {"inaccuracy", 0.08}, {"blunder", 0.15}, {"mistake", 0.12}}
	for i, w := range want {
		if m := r.Moves[i]; m.Classification != w.class || m.Loss != w.loss {
			t.Errorf("move %d: %s %v, want %s %v", i, m.Classification, m.Loss, w.class, w.loss)
		}
	}
	if r.Moves[0].Accuracy != 100 || r.Accuracy["blue"] != (moveAccuracy(0.08)+moveAccuracy(0.15))/2 {
		t.Errorf("accuracy %+v", r.Accuracy)
	}
	if len(r.KeyMoves) != 2 || r.KeyMoves[0].Ply != 2 || r.KeyMoves[0].Swing != 0.12 {
		t.Errorf("key moves %+v", r.KeyMoves)
	}
}
