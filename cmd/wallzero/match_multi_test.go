package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// multiOutput is the part of `wallzero match -players 3|4`'s output the
// tests read.
type multiOutput struct {
	Games      int        `json:"games"`
	Players    int        `json:"players"`
	A          string     `json:"a"`
	B          string     `json:"b"`
	Mode       string     `json:"mode"`
	AWins      float64    `json:"a_wins"`
	BWins      float64    `json:"b_wins"`
	AScore     float64    `json:"a_score"`
	FairShare  float64    `json:"fair_share"`
	AScoreCI95 [2]float64 `json:"a_score_ci95"`
	Seats      []struct {
		Seat   string  `json:"seat"`
		AGames int     `json:"a_games"`
		Wins   float64 `json:"wins"`
	} `json:"seats"`
	AMeanTerritory float64            `json:"a_mean_territory"`
	BMeanTerritory float64            `json:"b_mean_territory"`
	MeanPlies      float64            `json:"mean_plies"`
	Workers        int                `json:"workers"`
	AThink         map[string]float64 `json:"a_think"`
	BThink         map[string]float64 `json:"b_think"`
}

// savedLine is the part of a -save-games line the tests read.
type savedLine struct {
	Moves   []string          `json:"moves"`
	Players map[string]string `json:"players"`
	ASeat   string            `json:"a_seat"`
	Result  struct {
		Winner  string         `json:"winner"`
		Winners []string       `json:"winners"`
		Score   map[string]int `json:"score"`
	} `json:"result"`
}

// runMultiMatchCmd runs `wallzero match` with args and -save-games, and
// returns its output and the saved games.
func runMultiMatchCmd(t *testing.T, args ...string) (multiOutput, []savedLine, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "games.jsonl")
	var stdout, stderr bytes.Buffer
	if code := run(append(append([]string{"match"}, args...), "-save-games", path), strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var out multiOutput
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil || strings.Count(stdout.String(), "\n") != 1 {
		t.Fatalf("stdout is not one JSON object (%v):\n%s", err, stdout.String())
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var games []savedLine
	for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var g savedLine
		if err := json.Unmarshal([]byte(line), &g); err != nil {
			t.Fatalf("saved line %d: %v", i, err)
		}
		games = append(games, g)
	}
	return out, games, stdout.String()
}

// TestMatchCommandMultiPlayer: `match -players 3|4` plays -red in one
// rotating seat and -blue in the others, and saves every game with its
// players by colour.
func TestMatchCommandMultiPlayer(t *testing.T) {
	t.Parallel()
	colours := []string{"red", "blue", "green", "yellow"}
	for _, tc := range []struct {
		name       string
		args       []string
		players    int
		games      int
		red, blue  string
		wantWorker int
	}{
		{"three players, random vs easy", []string{"-players", "3", "-red", "random", "-blue", "voronoi-easy", "-games", "6", "-seed", "3", "-workers", "2"}, 3, 6, "random", "voronoi-easy", 2},
		{"four players, step-out", []string{"-players", "4", "-red", "voronoi-easy", "-blue", "random", "-games", "5", "-stay", "step-out", "-swap"}, 4, 5, "voronoi-easy", "random", 0},
		{"three players, heuristic search", []string{"-players", "3", "-red", "mcts:visits=8,model=heuristic", "-blue", "voronoi-easy", "-games", "3"}, 3, 3, "mcts:visits=8,model=heuristic", "voronoi-easy", 16},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			out, games, _ := runMultiMatchCmd(t, tc.args...)
			if out.Games != tc.games || out.Players != tc.players || out.A != tc.red || out.B != tc.blue || out.Mode != "empty" || out.Workers != tc.wantWorker {
				t.Errorf("header %+v, want %d games of %d players, %s vs %s, %d workers", out, tc.games, tc.players, tc.red, tc.blue, tc.wantWorker)
			}
			if d := out.AWins + out.BWins - float64(tc.games); d > 0.0005 || d < -0.0005 {
				t.Errorf("a_wins %v + b_wins %v != %d games", out.AWins, out.BWins, tc.games)
			}
			if out.FairShare*float64(tc.players) < 0.999 || out.AScoreCI95[0] > out.AScore || out.AScoreCI95[1] < out.AScore {
				t.Errorf("fair share %v, score %v in %v", out.FairShare, out.AScore, out.AScoreCI95)
			}
			if len(out.Seats) != tc.players {
				t.Fatalf("%d seats, want %d", len(out.Seats), tc.players)
			}
			for c, s := range out.Seats {
				want := tc.games / tc.players
				if c < tc.games%tc.players {
					want++
				}
				if s.Seat != colours[c] || s.AGames != want {
					t.Errorf("seat %d: %+v, want %s with %d games of A", c, s, colours[c], want)
				}
			}
			if d := out.AThink["moves"] + out.BThink["moves"] - float64(tc.games)*out.MeanPlies; d > 0.01 || d < -0.01 { // mean_plies has four decimals
				t.Errorf("moves %v + %v, want %v (every ply of every game)", out.AThink["moves"], out.BThink["moves"], float64(tc.games)*out.MeanPlies)
			}
			if len(games) != tc.games {
				t.Fatalf("%d games saved, want %d", len(games), tc.games)
			}
			seen := map[string]bool{}
			for i, g := range games {
				aSeat := colours[i%tc.players]
				if g.ASeat != aSeat || len(g.Players) != tc.players || len(g.Result.Score) != tc.players || len(g.Result.Winners) == 0 {
					t.Errorf("game %d: a_seat %q, players %v, result %+v", i, g.ASeat, g.Players, g.Result)
				}
				for c, spec := range g.Players {
					if want := map[bool]string{true: tc.red, false: tc.blue}[c == aSeat]; spec != want {
						t.Errorf("game %d: %s played by %q, want %q", i, c, spec, want)
					}
				}
				key := strings.Join(g.Moves, " ")
				if seen[key] {
					t.Errorf("game %d repeats an earlier game", i)
				}
				seen[key] = true
			}
		})
	}
}

// TestMatchCommandMultiPlayerWorkers: the statistics of a multi-player
// match do not depend on the number of games played at once.
func TestMatchCommandMultiPlayerWorkers(t *testing.T) {
	t.Parallel()
	args := []string{"-players", "3", "-red", "voronoi-easy", "-blue", "random", "-games", "6", "-seed", "8"}
	var outs []string
	for _, w := range []string{"1", "3"} {
		_, _, stdout := runMultiMatchCmd(t, append(args, "-workers", w)...)
		var m map[string]any
		if err := json.Unmarshal([]byte(stdout), &m); err != nil {
			t.Fatal(err)
		}
		delete(m, "workers")
		delete(m, "a_think") // thinking times vary run to run
		delete(m, "b_think")
		b, _ := json.Marshal(m)
		outs = append(outs, string(b))
	}
	if outs[0] != outs[1] {
		t.Errorf("results differ with the worker count:\n%s\n%s", outs[0], outs[1])
	}
}

// TestMatchCommandMultiPlayerErrors: rule and player errors of a
// multi-player match.
func TestMatchCommandMultiPlayerErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-players", "3", "-opening", "four-stone"}, "rules.opening"},
		{[]string{"-players", "4", "-blue", "nobody", "-games", "2"}, "unknown player"},
		{[]string{"-players", "3", "-games", "0"}, "at least 1"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(append([]string{"match"}, tc.args...), strings.NewReader(""), &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("%v: exit %d, stderr %q, want 1 and %q", tc.args, code, stderr.String(), tc.want)
		}
	}
}
