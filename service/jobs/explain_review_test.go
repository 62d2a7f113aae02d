package jobs

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/explain"
	"github.com/wallzero/wallzero/service/jobs/turning"
)

// selfPlayGame loads the analysis package's testdata/selfplay-game.json: a
// 51-move game of voronoi-hard against itself (four-stone opening).
func selfPlayGame(t testing.TB) *engine.Game {
	t.Helper()
	data, err := os.ReadFile("../analysis/testdata/selfplay-game.json")
	if err != nil {
		t.Fatal(err)
	}
	var rec engine.Record
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	g, err := rec.Game()
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// reviewGame reviews g with the heuristic analyzer at a small budget.
func reviewGame(t testing.TB, g *engine.Game) (*ReviewResult, []*analysis.Analysis) {
	t.Helper()
	positions := g.Positions()
	analyses := make([]*analysis.Analysis, len(positions))
	an := heuristicAnalyzer()
	for i := range positions {
		a, err := an.AnalyzeTurn(context.Background(), &analysis.Query{MaxVisits: 24}, positions, i, analysis.RunOptions{})
		if err != nil {
			t.Fatal(err)
		}
		analyses[i] = a
	}
	res := buildReview(g, analyses, 3)
	explainReview(res, g, positions, analyses)
	return res, analyses
}

// TestExplainReviewRealGame reviews a 51-move self-play game: every move
// gets an explanation whose lines are played to the end of the game, and
// the turning points agree with the win-rate curve.
func TestExplainReviewRealGame(t *testing.T) {
	t.Parallel()
	g := selfPlayGame(t)
	if len(g.Moves) < 40 {
		t.Fatalf("the test game has %d moves, want at least 40", len(g.Moves))
	}
	res, _ := reviewGame(t, g)
	for _, mr := range res.Moves {
		e := mr.Explanation
		if e == nil {
			t.Fatalf("move %d %s has no explanation", mr.Ply, mr.Move)
		}
		if e.Played.Move != mr.Move.String() || !strings.HasPrefix(e.Text, e.Played.Sentence) || len(e.Text) < 20 {
			t.Errorf("move %d: explanation %q of %s", mr.Ply, e.Text, e.Played.Move)
		}
		if (e.Best != nil) != (mr.BestMove != mr.Move) {
			t.Errorf("move %d: best %v, but best move %s played %s", mr.Ply, e.Best, mr.BestMove, mr.Move)
		}
		for _, me := range []*explain.MoveExplanation{&e.Played, e.Best} {
			if me == nil {
				continue
			}
			p := me.Playout
			if p == nil || p.Moves[0] != me.Move || p.Territory["red"]+p.Territory["blue"] == 0 || p.Winner == "" {
				t.Fatalf("move %d: playout of %s = %+v", mr.Ply, me.Move, p)
			}
			checkPlayout(t, g, mr.Ply, p)
		}
	}
	if len(res.TurningPoints) == 0 {
		t.Fatal("no turning points")
	}
	kinds := map[string]int{}
	for _, tp := range res.TurningPoints {
		kinds[tp.Kind]++
		mr := res.Moves[tp.Ply]
		if tp.Move != mr.Move || tp.Text != mr.Explanation.Text {
			t.Errorf("turning point %+v does not match move %+v", tp, mr)
		}
		switch tp.Kind {
		case turning.LeadChange:
			if (mr.RedWinrateBefore > 0.5) == (mr.RedWinrateAfter > 0.5) && (mr.RedWinrateBefore < 0.5) == (mr.RedWinrateAfter < 0.5) {
				t.Errorf("lead change at %d without a change of favourite: %v -> %v", tp.Ply, mr.RedWinrateBefore, mr.RedWinrateAfter)
			}
		case turning.Missed:
			if mr.Classification != "mistake" && mr.Classification != "blunder" {
				t.Errorf("missed chance at %d, a move classified %s", tp.Ply, mr.Classification)
			}
		}
	}
	if kinds[turning.Decided] != 1 || len(res.TurningPoints) > turning.MaxTurningPoints {
		t.Errorf("want one decided point and at most %d in all, got %v", turning.MaxTurningPoints, kinds)
	}
}

// checkPlayout replays a playout from the position before move ply and
// checks it ends the game with the territory it reports.
func checkPlayout(t *testing.T, g *engine.Game, ply int, p *explain.Playout) {
	t.Helper()
	pos := g.Positions()[ply]
	for _, text := range p.Moves {
		m, _, err := grid.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		if err := pos.Play(m); err != nil {
			t.Fatalf("playout from ply %d: %s: %v", ply, text, err)
		}
	}
	r := pos.Result()
	if !pos.IsOver() || r.Score[grid.Red] != p.Territory["red"] || r.Score[grid.Blue] != p.Territory["blue"] {
		t.Errorf("playout from ply %d: over %v, territory %v, reported %v", ply, pos.IsOver(), r.Score, p.Territory)
	}
}

// heuristicAnalyzer analyses every game with the deterministic heuristic
// evaluator, so results are reproducible without a model file.
func heuristicAnalyzer() *analysis.Analyzer {
	h := inference.Heuristic{}
	return analysis.NewAnalyzer(analysis.Evaluators{Network: h, NetworkModel: "heuristic-as-network", Heuristic: h, HeuristicModel: inference.HeuristicModelID}, analysis.DefaultLimits())
}
