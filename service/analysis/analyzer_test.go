package analysis

import (
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/inference"
)

var update = flag.Bool("update", false, "rewrite golden files")

// heuristicAnalyzer analyses every game with the deterministic heuristic
// evaluator, so results are reproducible without a model file.
func heuristicAnalyzer() *Analyzer {
	h := inference.Heuristic{}
	return NewAnalyzer(Evaluators{Network: h, NetworkModel: "heuristic-as-network", Heuristic: h, HeuristicModel: inference.HeuristicModelID}, DefaultLimits())
}

// TestAnalysisGolden runs fixed queries and compares the JSON responses with
// golden files (go test -update rewrites them), like KataGo's analysis
// engine tests.
func TestAnalysisGolden(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		query string
	}{
		{"after-setup", `{"id":"q1","moves":["C3","E3","C5","E5"],"maxVisits":64,"topK":5,"includeReachability":true,"includeOwnership":true}`},
		{"empty-start-policy", `{"id":"q2","rules":{"opening":"empty"},"moves":[],"maxVisits":32,"topK":3,"includePolicy":true}`},
		{"turns", `{"id":"q3","moves":["C3","E3","C5","E5","E5-E4:N"],"maxVisits":24,"topK":2,"analyzeTurns":[4,5]}`},
		{"three-players", `{"id":"q4","rules":{"players":3},"moves":["A1","B1","C1","D1","E1","F1"],"maxVisits":24,"topK":3}`},
		{"finished", `{"id":"q5","board":{"stones":{"red":["E7","F2","G4","E3"],"blue":["A1","B4","A6","B2"]},"walls":[{"square":"C1","side":"E","by":"red"},{"square":"C2","side":"E","by":"blue"},{"square":"C3","side":"E","by":"red"},{"square":"C4","side":"E","by":"blue"},{"square":"C5","side":"E","by":"red"},{"square":"C6","side":"E","by":"blue"}],"toMove":"red","phase":"play"},"moves":["E7-D7:W"],"maxVisits":10}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var q Query
			if err := json.Unmarshal([]byte(tc.query), &q); err != nil {
				t.Fatal(err)
			}
			res, err := heuristicAnalyzer().Analyze(context.Background(), &q)
			if err != nil {
				t.Fatal(err)
			}
			got, err := json.MarshalIndent(res, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", "analysis-"+tc.name+".golden.json")
			if *update {
				if err := os.WriteFile(path, append(got, '\n'), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (go test -update writes it)", err)
			}
			if strings.TrimSpace(string(got)) != strings.TrimSpace(string(want)) {
				t.Errorf("analysis differs from %s (go test -update rewrites it):\n%s", path, got)
			}
		})
	}
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
		mv, _, _ := engine.ParseMove(m)
		pos.Apply(mv)
	}
	if len(a.MoveInfos) != pos.CountLegalMoves() || len(a.Policy) != len(a.MoveInfos) {
		t.Fatalf("%d move infos, %d policy entries, %d legal moves", len(a.MoveInfos), len(a.Policy), pos.CountLegalMoves())
	}
	if a.RootInfo.Visits < 48 || a.RootInfo.RedWinrate == nil || *a.RootInfo.RedWinrate != a.RootInfo.Winrate {
		t.Errorf("root info %+v", a.RootInfo)
	}
	r := a.Reachability
	if len(r.Reach["red"]) != len(r.Exclusive["red"])+len(r.Shared) {
		t.Errorf("red reach %d != exclusive %d + shared %d", len(r.Reach["red"]), len(r.Exclusive["red"]), len(r.Shared))
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
