package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestMatchCommand(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		args     []string
		wantCode int
		wantErr  string
		games    int
	}{
		{"medium vs random", []string{"-red", "voronoi-medium", "-blue", "random", "-games", "4", "-swap", "-mode", "four-stone", "-seed", "3", "-workers", "2"}, 0, "", 4},
		{"empty mode", []string{"-red", "voronoi-hard", "-blue", "voronoi-easy", "-games", "2", "-mode", "empty"}, 0, "", 2},
		{"unknown player", []string{"-red", "alphazero", "-games", "2"}, 1, "unknown player", 0},
		{"five players", []string{"-players", "5", "-games", "2"}, 1, "rules.players", 0},
		{"bad mode", []string{"-mode", "nine-stone"}, 1, "rules.opening", 0},
		{"heuristic search, 4 symmetries", []string{"-red", "mcts:visits=8,model=heuristic,sym=4", "-blue", "voronoi-easy", "-games", "2", "-swap"}, 0, "", 2},
		{"bad symmetry count", []string{"-red", "mcts:visits=8,model=heuristic,sym=3", "-games", "2"}, 1, "3 is not 1, 2, 4 or 8", 0},
		{"time budget", []string{"-red", "mcts:time=5ms,model=heuristic", "-blue", "voronoi-easy", "-games", "2", "-swap"}, 0, "", 2},
		{"time and visits", []string{"-red", "mcts:time=1s,visits=8,model=heuristic", "-blue", "random", "-games", "1"}, 0, "", 1},
		{"bad time", []string{"-red", "mcts:time=100,model=heuristic", "-games", "1"}, 1, "time must be a positive duration", 0},
		{"negative time", []string{"-red", "mcts:time=-1ms,model=heuristic", "-games", "1"}, 1, "time must be a positive duration", 0},
		{"symmetry not a number", []string{"-red", "mcts:visits=8,model=heuristic,sym=all", "-games", "2"}, 1, "sym must be", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var stdout, stderr bytes.Buffer
			code := run(append([]string{"match"}, tc.args...), strings.NewReader(""), &stdout, &stderr)
			if code != tc.wantCode {
				t.Fatalf("exit %d, want %d; stderr: %s", code, tc.wantCode, stderr.String())
			}
			if tc.wantErr != "" {
				if !strings.Contains(stderr.String(), tc.wantErr) {
					t.Errorf("stderr %q does not mention %q", stderr.String(), tc.wantErr)
				}
				return
			}
			if n := strings.Count(stdout.String(), "\n"); n != 1 {
				t.Errorf("stdout has %d lines, want one JSON object", n)
			}
			var res map[string]any
			if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
				t.Fatalf("stdout is not JSON: %v\n%s", err, stdout.String())
			}
			for _, k := range []string{"games", "a", "b", "a_wins", "b_wins", "draws", "a_score", "a_score_ci95", "a_mean_territory", "b_mean_territory"} {
				if _, ok := res[k]; !ok {
					t.Errorf("field %q missing from %s", k, stdout.String())
				}
			}
			if int(res["games"].(float64)) != tc.games {
				t.Errorf("games = %v, want %d", res["games"], tc.games)
			}
			sum := res["a_wins"].(float64) + res["b_wins"].(float64) + res["draws"].(float64)
			if int(sum) != tc.games {
				t.Errorf("wins and draws add up to %v, want %d", sum, tc.games)
			}
		})
	}
}

func TestMatchThinkReport(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name        string
		red, blue   string
		workers     float64
		aEvals      func(float64) bool
		bEvalsZero  bool
		sharedEntry bool
	}{
		{"visits vs heuristic player", "mcts:visits=16,model=heuristic", "voronoi-easy", 16,
			func(e float64) bool { return e > 1 && e <= 16 }, true, false},
		{"time budget plays one game at a time", "mcts:time=5ms,model=heuristic", "random", 1,
			func(e float64) bool { return e >= 1 }, true, false},
		{"same spec on both sides", "mcts:visits=8,model=heuristic", "mcts:visits=8,model=heuristic", 16,
			func(e float64) bool { return e > 1 && e <= 8 }, false, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var stdout, stderr bytes.Buffer
			args := []string{"match", "-red", tc.red, "-blue", tc.blue, "-games", "2", "-swap", "-seed", "5"}
			if code := run(args, strings.NewReader(""), &stdout, &stderr); code != 0 {
				t.Fatalf("exit %d: %s", code, stderr.String())
			}
			var res struct {
				Workers   float64            `json:"workers"`
				MeanPlies float64            `json:"mean_plies"`
				AThink    map[string]float64 `json:"a_think"`
				BThink    map[string]float64 `json:"b_think"`
			}
			if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
				t.Fatal(err)
			}
			if res.Workers != tc.workers {
				t.Errorf("workers = %v, want %v", res.Workers, tc.workers)
			}
			a, b := res.AThink, res.BThink
			if tc.sharedEntry {
				if a["moves"] != 2*res.MeanPlies || b["moves"] != a["moves"] {
					t.Errorf("shared entry: moves a %v b %v, want both %v", a["moves"], b["moves"], 2*res.MeanPlies)
				}
			} else if a["moves"]+b["moves"] != 2*res.MeanPlies {
				t.Errorf("moves %v + %v, want %v (every ply of both games)", a["moves"], b["moves"], 2*res.MeanPlies)
			}
			if !tc.aEvals(a["mean_evals_per_move"]) {
				t.Errorf("a's evaluations per move %v out of range", a["mean_evals_per_move"])
			}
			if tc.bEvalsZero && b["mean_evals_per_move"] != 0 {
				t.Errorf("b has no evaluator but %v evaluations per move", b["mean_evals_per_move"])
			}
			if a["mean_move_ms"] <= 0 {
				t.Errorf("a's mean move time %v, want > 0", a["mean_move_ms"])
			}
		})
	}
}

// TestMatchSaveGames: -save-games writes every game as a record line, and
// a file that cannot be written is an error naming the flag, leaving no
// file behind.
func TestMatchSaveGames(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "games.jsonl")
	var stdout, stderr bytes.Buffer
	args := []string{"match", "-red", "voronoi-medium", "-blue", "random", "-games", "3", "-swap", "-seed", "4", "-save-games", path}
	if code := run(args, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d lines saved, want 3", len(lines))
	}
	for i, line := range lines {
		var g struct {
			Moves   []string                `json:"moves"`
			Players map[string]string       `json:"players"`
			Result  struct{ Winner string } `json:"result"`
		}
		if err := json.Unmarshal([]byte(line), &g); err != nil || len(g.Moves) == 0 || g.Players["red"] == "" || g.Result.Winner == "" {
			t.Errorf("line %d: %v %+v", i, err, g)
		}
	}
	bad := filepath.Join(t.TempDir(), "missing", "games.jsonl")
	stderr.Reset()
	args[len(args)-1] = bad
	if code := run(args, strings.NewReader(""), &stdout, &stderr); code == 0 || !strings.Contains(stderr.String(), "-save-games") {
		t.Errorf("an unwritable file: exit %d, stderr %q", code, stderr.String())
	}
	if _, err := os.Stat(bad); !os.IsNotExist(err) {
		t.Errorf("a file was left at %s", bad)
	}
}

// TestIsSearchSpec: a spec evaluates positions when it is a search or a
// policy, or slips around one.
func TestIsSearchSpec(t *testing.T) {
	t.Parallel()
	for spec, want := range map[string]bool{
		"mcts:visits=64":           true,
		"policy:temp=0.5":          true,
		"voronoi-hard":             false,
		"slip=0.2+mcts:visits=200": true,
		"slip=0.2+voronoi-hard":    false,
		"slip=0.1+slip=0.1+policy": true,
		"random":                   false,
	} {
		if got := isSearchSpec(spec); got != want {
			t.Errorf("isSearchSpec(%q) = %v, want %v", spec, got, want)
		}
	}
}
