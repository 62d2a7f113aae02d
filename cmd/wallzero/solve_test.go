package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/solver/endgames"
)

// TestSolveCommand solves a self-play position three plies before the end,
// given as a JSON record and as a move list, and checks the report.
func TestSolveCommand(t *testing.T) {
	t.Parallel()
	_, moves, err := endgames.Game(engine.DefaultRules(), [2]string{"voronoi-medium", "voronoi-easy"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, m := range moves[:len(moves)-3] {
		texts = append(texts, m.String())
	}
	rec, _ := json.Marshal(engine.Record{Rules: engine.DefaultRules(), Moves: texts})
	for name, input := range map[string]string{"record": string(rec), "moves": strings.Join(texts, "\n")} {
		var out, errOut bytes.Buffer
		if code := run([]string{"solve", "-nodes", "2000000"}, strings.NewReader(input), &out, &errOut); code != 0 {
			t.Fatalf("%s: exit %d: %s", name, code, errOut.String())
		}
		got := out.String()
		for _, want := range []string{"position: ply ", "result: ", "optimal: ", "line: ", "nodes: ", "time: "} {
			if !strings.Contains(got, want) {
				t.Errorf("%s: output lacks %q:\n%s", name, want, got)
			}
		}
		if strings.Contains(got, "unknown") || strings.Contains(got, "optimal: -") {
			t.Errorf("%s: not solved:\n%s", name, got)
		}
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"solve", "-turn", "999"}, strings.NewReader(string(rec)), &out, &errOut); code == 0 || !strings.Contains(errOut.String(), "-turn 999") {
		t.Errorf("bad -turn: exit %d, %q", code, errOut.String())
	}
}
