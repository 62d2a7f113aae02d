package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
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

// agentGames is the shipped agent's self-play games that the solver's
// tests draw endgames from.
const agentGames = "../../engine/solver/endgames/testdata/agent-games.jsonl"

// TestSolveBench runs the reach table on a few heuristic games, on
// self-play of one player, saving the games, and on saved games, and
// checks the table, the saved games and the refusal of a clocked player
// and of games both read and played.
func TestSolveBench(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "games.jsonl")
	for _, tc := range []struct {
		args    []string
		players string
	}{
		{[]string{"-games", "3"}, "voronoi-medium / voronoi-hard / voronoi-easy"},
		{[]string{"-games", "2", "-player", "voronoi-easy", "-save-games", path}, "(voronoi-easy)"},
		{[]string{"-games", "3", "-games-file", agentGames}, "3 games of " + agentGames},
	} {
		var out, errOut bytes.Buffer
		args := append([]string{"solve", "-bench", "-plies", "1,2,500", "-limits", "10ms,200ms"}, tc.args...)
		if code := run(args, strings.NewReader(""), &out, &errOut); code != 0 {
			t.Fatalf("%v: exit %d: %s", tc.args, code, errOut.String())
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		if len(lines) != 5 || !strings.Contains(lines[0], tc.players) || strings.Join(strings.Fields(lines[1]), " ") != "plies_left positions median_slots <=10ms <=200ms" {
			t.Fatalf("%v: table:\n%s", tc.args, out.String())
		}
		// A game of 2 or 3 games has positions 1 ply before its end, and
		// one of them is proven at once (the last move ends the game).
		if f := strings.Fields(lines[2]); f[0] != "1" || f[1] == "0" || f[4] == "0.0%" {
			t.Errorf("%v: 1-ply row %q", tc.args, lines[2])
		}
		if f := strings.Fields(lines[4]); f[0] != "500" || f[1] != "0" || f[2] != "-" {
			t.Errorf("%v: no game has 500 plies, row %q", tc.args, lines[4])
		}
	}
	games, err := endgames.ReadGamesFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 || games[0].Specs != [2]string{"voronoi-easy", "voronoi-easy"} || games[1].Seed != 2 {
		t.Errorf("saved %d games, first %v, second seed %d", len(games), games[0].Specs, games[1].Seed)
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"solve", "-bench", "-games-file", agentGames, "-player", "voronoi-easy"}, strings.NewReader(""), &out, &errOut); code == 0 || !strings.Contains(errOut.String(), "-games-file") {
		t.Errorf("-games-file with -player: exit %d, %q", code, errOut.String())
	}
	errOut.Reset()
	if code := run([]string{"solve", "-bench", "-games-file", filepath.Join(t.TempDir(), "none.jsonl")}, strings.NewReader(""), &out, &errOut); code == 0 || !strings.Contains(errOut.String(), "-games-file") {
		t.Errorf("a missing games file: exit %d, %q", code, errOut.String())
	}
	errOut.Reset()
	if code := run([]string{"solve", "-bench", "-player", "mcts:time=10ms"}, strings.NewReader(""), &out, &errOut); code == 0 || !strings.Contains(errOut.String(), "-player") {
		t.Errorf("a clocked player: exit %d, %q", code, errOut.String())
	}
}
