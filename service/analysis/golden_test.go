package analysis_test

import (
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/api/wire"
	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/service/analysis"
)

// TestAnalysisGolden runs fixed queries and compares the JSON responses
// (the API's shape, api/wire) with golden files (go test -update rewrites
// them), like KataGo's analysis engine tests.
func TestAnalysisGolden(t *testing.T) {
	t.Parallel()
	h := inference.Heuristic{}
	an := analysis.NewAnalyzer(analysis.Evaluators{Network: h, NetworkModel: "heuristic-as-network", Heuristic: h, HeuristicModel: inference.HeuristicModelID}, analysis.DefaultLimits())
	update := flag.Lookup("update").Value.(flag.Getter).Get().(bool)
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
			var q analysis.Query
			if err := json.Unmarshal([]byte(tc.query), &q); err != nil {
				t.Fatal(err)
			}
			res, err := an.Analyze(context.Background(), &q)
			if err != nil {
				t.Fatal(err)
			}
			got, err := json.MarshalIndent(wire.FromAnalyses(res), "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", "analysis-"+tc.name+".golden.json")
			if update {
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
