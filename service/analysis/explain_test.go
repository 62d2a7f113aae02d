package analysis

import (
	"context"
	"encoding/json"
	"os"
	"testing"

	"github.com/wallzero/wallzero/engine"
)

// selfPlayGame loads testdata/selfplay-game.json: a 51-move game of
// voronoi-hard against itself (four-stone opening).
func selfPlayGame(t testing.TB) *engine.Game {
	t.Helper()
	data, err := os.ReadFile("testdata/selfplay-game.json")
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

// TestExplainAll: a query with includeExplanations gets, for a turn inside
// the record, the move played set against the best one, and at the end of
// the record the best move on its own; without the flag none.
func TestExplainAll(t *testing.T) {
	t.Parallel()
	g := selfPlayGame(t)
	q := &Query{Rules: g.Rules, Moves: g.Record().Moves[:20], MaxVisits: 24, AnalyzeTurns: []int{12, 20}, IncludeExplanations: true}
	out, err := heuristicAnalyzer().Analyze(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	sub, _, err := heuristicAnalyzer().Prepare(q)
	if err != nil {
		t.Fatal(err)
	}
	explainAll(q, sub, []int{12, 20}, out)
	if e := out[0].Explanation; e == nil || e.Played.Move != q.Moves[12][2:] {
		t.Fatalf("turn 12: %+v, want the move played (%s)", e, q.Moves[12])
	}
	if e := out[1].Explanation; e == nil || e.Played.Move != out[1].MoveInfos[0].Move.String() || e.Best != nil {
		t.Fatalf("turn 20: %+v, want the best move alone", e)
	}
	q.IncludeExplanations = false
	out[0].Explanation = nil
	explainAll(q, sub, []int{12, 20}, out[:1])
	if out[0].Explanation != nil {
		t.Error("explanations without includeExplanations")
	}
}
