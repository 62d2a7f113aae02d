package analysis

import (
	"context"
	"encoding/json"
	"flag"
	"strings"
	"testing"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/inference"
)

var update = flag.Bool("update", false, "rewrite golden files")

// heuristicAnalyzer analyses every game with the deterministic heuristic
// evaluator, so results are reproducible without a model file.
func heuristicAnalyzer() *Analyzer {
	h := inference.Heuristic{}
	return NewAnalyzer(Evaluators{Network: h, NetworkModel: "heuristic-as-network", Heuristic: h, HeuristicModel: inference.HeuristicModelID}, DefaultLimits())
}

func TestAnalysisShape(t *testing.T) {
	t.Parallel()
	q := Query{ID: "x", Moves: []string{"C3", "E3", "C5", "E5"}, MaxVisits: 48, IncludeReachability: true, IncludeOwnership: true, IncludePolicy: true, SearchOptions: SearchOptions{IncludeUnvisited: true}}
	res, err := heuristicAnalyzer().Analyze(context.Background(), &q)
	if err != nil {
		t.Fatal(err)
	}
	a := res[0]
	pos := engine.NewPosition(engine.DefaultRules())
	for _, m := range q.Moves {
		mv, _, _ := grid.ParseMove(m)
		pos.Apply(mv)
	}
	if len(a.MoveInfos) != pos.CountLegalMoves() || len(a.Policy) != len(a.MoveInfos) {
		t.Fatalf("%d move infos, %d policy entries, %d legal moves", len(a.MoveInfos), len(a.Policy), pos.CountLegalMoves())
	}
	if red, ok := a.RootInfo.RedWinrate(); a.RootInfo.Visits < 48 || !ok || red != a.RootInfo.Winrate {
		t.Errorf("root info %+v", a.RootInfo)
	}
	r := a.Reachability
	if r.Reach[grid.Red].Count() != r.Exclusive[grid.Red].Count()+r.Shared.Count() {
		t.Errorf("red reach %d != exclusive %d + shared %d", r.Reach[grid.Red].Count(), r.Exclusive[grid.Red].Count(), r.Shared.Count())
	}
	if len(a.Ownership) != 49 {
		t.Errorf("ownership has %d squares", len(a.Ownership))
	}
	for i, m := range a.MoveInfos {
		if m.Order != i || m.PV[0] != m.Move {
			t.Errorf("move %d: order %d pv %v", i, m.Order, m.PV)
		}
	}
}

func TestQueryErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		query, field, reason string
	}{
		{`{"moves":["C3","C3"]}`, "moves[1]", "already holds"},
		{`{"moves":["C3","E3","C5","E5","E5-E1:N"]}`, "moves[4]", "not reachable"},
		{`{"moves":["R C3","R E3"]}`, "moves[1]", "blue is to move"},
		{`{"moves":["C3"],"maxVisits":100000}`, "maxVisits", "outside"},
		{`{"moves":["C3"],"analyzeTurns":[0,2]}`, "analyzeTurns[1]", "outside 0..1"},
		{`{"moves":["C3"],"topK":-1}`, "topK", "negative"},
		{`{"rules":{"players":5}}`, "rules.players", "not supported"},
		{`{"rules":{"opening":"four-stone","players":3}}`, "rules.opening", "two-player opening"},
	} {
		t.Run(tc.query, func(t *testing.T) {
			t.Parallel()
			wantInvalid(t, tc.query, tc.field, tc.reason)
		})
	}
}

// wantInvalid analyzes the JSON query and fails t unless the analyzer
// refuses it as an invalid request naming field, with reason in the error.
func wantInvalid(t *testing.T, query, field, reason string) {
	t.Helper()
	var q Query
	if err := json.Unmarshal([]byte(query), &q); err != nil {
		t.Fatal(err)
	}
	_, err := heuristicAnalyzer().Analyze(context.Background(), &q)
	se, ok := err.(*wallzero.Error)
	if !ok || se.Code != wallzero.CodeInvalid {
		t.Fatalf("got %v, want an invalid-request *wallzero.Error", err)
	}
	if se.Field != field || !strings.Contains(se.Error(), reason) {
		t.Errorf("got field %q, error %q; want field %q, reason %q", se.Field, se.Error(), field, reason)
	}
}
