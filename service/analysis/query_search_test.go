package analysis

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/search"
)

// TestMoveRestrictions checks that avoidMoves and allowMoves keep the
// search off the named moves, at the root and untilDepth deep.
func TestMoveRestrictions(t *testing.T) {
	t.Parallel()
	setup := `"moves":["C3","E3","C5","E5"],"maxVisits":120,"includeUnvisited":true,"analysisPVLen":4`
	for _, tc := range []struct {
		name, query string
		// ok reports whether move m may appear at depth d of a PV (0: the
		// root move).
		ok func(d int, m grid.Move) bool
	}{
		{"avoid-root", `"avoidMoves":[{"player":"red","moves":["C5-C6","F2-E2:N"]}]`, func(d int, m grid.Move) bool {
			return d > 0 || (m.From.String() != "C5" || m.To.String() != "C6") && m.String() != "F2-E2:N"
		}},
		{"allow-root", `"allowMoves":[{"player":"red","moves":["C3-C4","C3-C2:W"]}]`, func(d int, m grid.Move) bool {
			return d > 0 || m.String() == "C3-C2:W" || m.From.String() == "C3" && m.To.String() == "C4"
		}},
		{"avoid-blue-two-deep", `"avoidMoves":[{"player":"blue","moves":["F6-F5","E3-F2:E","E3-F2:N"],"untilDepth":2}]`, func(d int, m grid.Move) bool {
			return d != 1 || (m.From.String() != "F6" || m.To.String() != "F5") && m.String() != "E3-F2:E" && m.String() != "E3-F2:N"
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var q Query
			if err := json.Unmarshal([]byte("{"+setup+","+tc.query+"}"), &q); err != nil {
				t.Fatal(err)
			}
			res, err := heuristicAnalyzer().Analyze(context.Background(), &q)
			if err != nil {
				t.Fatal(err)
			}
			if len(res[0].MoveInfos) == 0 {
				t.Fatal("no moves")
			}
			deep := false
			for _, mi := range res[0].MoveInfos {
				for d, m := range mi.PV {
					if !tc.ok(d, m) {
						t.Errorf("move %s at depth %d of pv %v", m, d, mi.PV)
					}
					deep = deep || d > 0
				}
			}
			if !deep {
				t.Error("no pv goes beyond the root move: the test checks nothing deeper")
			}
		})
	}
}

// TestReportingAndStop checks the partial analyses of a visits-driven
// report and that a stopped search returns what it has.
func TestReportingAndStop(t *testing.T) {
	t.Parallel()
	q := Query{ID: "r", Moves: []string{"C3", "E3", "C5", "E5"}, MaxVisits: 100, SearchOptions: SearchOptions{ReportDuringSearchEveryVisits: 30}}
	p, turns, err := heuristicAnalyzer().Prepare(&q)
	if err != nil {
		t.Fatal(err)
	}
	var seen []int
	a, err := heuristicAnalyzer().AnalyzeTurn(context.Background(), &q, p.Positions, turns[0], RunOptions{Progress: func(part *Analysis) {
		if !part.DuringSearch {
			t.Errorf("partial analysis without isDuringSearch true")
		}
		seen = append(seen, part.RootInfo.Visits)
	}})
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(seen); got != "[30 60 90]" || a.RootInfo.Visits != 100 || a.DuringSearch {
		t.Errorf("partials at %s visits, final %d (during the search %v)", got, a.RootInfo.Visits, a.DuringSearch)
	}

	// A search stopped from its first report on ends there with the
	// analysis so far.
	stop := make(chan struct{})
	big := q
	big.MaxVisits = 10000
	a, err = heuristicAnalyzer().AnalyzeTurn(context.Background(), &big, p.Positions, turns[0], RunOptions{Stop: stop, Progress: func(*Analysis) {
		select {
		case <-stop:
		default:
			close(stop)
		}
	}})
	if err != nil || a == nil {
		t.Fatalf("stopped search: %v, %v", a, err)
	}
	if a.RootInfo.Visits < 30 || a.RootInfo.Visits >= 10000 {
		t.Errorf("stopped search has %d visits", a.RootInfo.Visits)
	}
}

// TestSearchOptionErrors checks the errors of bad search options.
func TestSearchOptionErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ query, field, reason string }{
		{`{"moves":["C3"],"analysisPVLen":65}`, "analysisPVLen", "outside"},
		{`{"moves":["C3"],"reportDuringSearchEvery":-1}`, "reportDuringSearchEvery", "at least"},
		{`{"moves":["C3"],"reportDuringSearchEveryVisits":-1}`, "reportDuringSearchEveryVisits", "negative"},
		{`{"moves":["C3"],"avoidMoves":[{"player":"blue","moves":[]}]}`, "avoidMoves[0].moves", "empty"},
		{`{"moves":["C3"],"avoidMoves":[{"player":"blue","moves":["C4"],"untilDepth":-1}]}`, "avoidMoves[0].untilDepth", "outside"},
		{`{"moves":["C3"],"allowMoves":[{"player":"B","moves":["R C4"]}]}`, "allowMoves[0].moves[0]", "colour"},
		{`{"moves":["C3"],"overrideSettings":{"maxTime":0}}`, "overrideSettings.maxTime", "outside"},
		{`{"moves":["C3"],"overrideSettings":{"scoreUtilityFactor":5}}`, "overrideSettings.scoreUtilityFactor", "outside"},
		{`{"moves":["C3","E3","C5","E5"],"allowMoves":[{"player":"red","moves":["A1-A2"]}]}`, "allowMoves", "no legal move"},
	} {
		t.Run(tc.query, func(t *testing.T) {
			t.Parallel()
			wantInvalid(t, tc.query, tc.field, tc.reason)
		})
	}
}

// TestSearchConfigOverrides: each overridden setting reaches the search's
// configuration, and the others keep the search's defaults.
func TestSearchConfigOverrides(t *testing.T) {
	t.Parallel()
	f := func(v float64) *float64 { return &v }
	a := &Analyzer{limits: Limits{DefaultVisits: 123}}
	def := search.DefaultConfig()
	for _, tc := range []struct {
		name string
		o    *OverrideSettings
		want func(*search.Config)
	}{
		{"none", nil, func(*search.Config) {}},
		{"cpuct", &OverrideSettings{CPuctExploration: f(0.8)}, func(c *search.Config) { c.CPuct, c.MultiCPuct = 0.8, 0.8 }},
		{"score", &OverrideSettings{ScoreUtilityFactor: f(0)}, func(c *search.Config) { c.ScoreUtility = 0 }},
		{"fpu", &OverrideSettings{FPUReduction: f(0.1), RootFPUReduction: f(0)}, func(c *search.Config) { c.FPUReduction, c.RootFPUReduction = 0.1, 0 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			want := def
			want.MaxVisits = 123
			tc.want(&want)
			got := a.searchConfig(&Query{SearchOptions: SearchOptions{OverrideSettings: tc.o}})
			got.LeafBatch = want.LeafBatch
			if got != want {
				t.Errorf("searchConfig = %+v, want %+v", got, want)
			}
		})
	}
}
