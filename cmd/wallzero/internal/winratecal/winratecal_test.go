package winratecal

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/service/analysis"
)

// playHeuristic plays n short calibration games with the heuristic
// evaluator and writes them to a file, as `calibration play` does.
func playHeuristic(t *testing.T, rules engine.Rules, n int, seed uint64) (string, []*Game) {
	t.Helper()
	h := inference.Heuristic{}
	an := analysis.NewAnalyzer(analysis.Evaluators{Network: h, NetworkModel: "h", Heuristic: h, HeuristicModel: "h"}, analysis.DefaultLimits())
	var games []*Game
	err := Play(context.Background(), PlayConfig{Analyzer: an, Rules: rules, Games: n, Seed: seed, Visits: 8, Workers: 2}, func(g *Game) error {
		games = append(games, g)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "games.jsonl")
	var buf bytes.Buffer
	for _, g := range games {
		b, err := json.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		buf.Write(append(b, '\n'))
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, games
}

func TestPlayRecordsWholeGames(t *testing.T) {
	t.Parallel()
	for _, players := range []int{2, 3} {
		rules, err := engine.Rules{Players: players}.Normalize()
		if err != nil {
			t.Fatal(err)
		}
		_, games := playHeuristic(t, rules, 4, 5)
		if len(games) != 4 {
			t.Fatalf("%d players: %d games, want 4", players, len(games))
		}
		for _, g := range games {
			// The record replays to a finished game, and every position of
			// it was analysed, with every seat's result.
			replayed, err := g.Record.Game()
			if err != nil {
				t.Fatalf("game %d: %v", g.Index, err)
			}
			if !replayed.Final.IsOver() || len(g.Positions) != len(replayed.Moves) {
				t.Fatalf("game %d: over %v, %d positions for %d moves", g.Index, replayed.Final.IsOver(), len(g.Positions), len(replayed.Moves))
			}
			var sum float32
			for _, r := range g.Positions[0].Result {
				sum += r
			}
			if len(g.Positions[0].Result) != players || sum < 0.999 || sum > 1.001 {
				t.Errorf("game %d: results %v, want %d shares summing to one", g.Index, g.Positions[0].Result, players)
			}
			for k, p := range g.Positions {
				if p.Ply != k || len(p.Search) != players || p.Players != players {
					t.Fatalf("game %d position %d: %+v", g.Index, k, p)
				}
				// Two players: the best move's win rate, both seats'.
				if players == 2 && (len(p.Best) != 2 || p.Best[0]+p.Best[1] < 0.999 || p.Best[0]+p.Best[1] > 1.001) {
					t.Fatalf("game %d position %d: best %v", g.Index, k, p.Best)
				}
			}
		}
	}
}

func TestFitAndTables(t *testing.T) {
	t.Parallel()
	rules, err := engine.Rules{Players: 2}.Normalize()
	if err != nil {
		t.Fatal(err)
	}
	path, _ := playHeuristic(t, rules, 12, 9)
	games, err := ReadGames([]string{path})
	if err != nil {
		t.Fatal(err)
	}
	f, err := Fit(games, FitOptions{Model: "h", Visits: 8, Shift: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Groups) != 2 || f.Groups[0].Phase != "setup" || f.Groups[1].Phase != "play" || f.Groups[1].Games != 12 {
		t.Fatalf("groups %+v, want setup and play of 12 games", f.Groups)
	}
	if _, err := Fit(games, FitOptions{Model: "another-model", Visits: 8}); err == nil || !strings.Contains(err.Error(), "analysed by h") {
		t.Errorf("a fit for another model than the games': %v", err)
	}
	var out bytes.Buffer
	if err := PrintTables(&out, games, TableOptions{Calibration: f, By: []string{"phase", "seat", "stage"}, Reps: 50, Best: true}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| all | 12 |", "| play | 12 |", "| setup | 12 |", "red to move", "ECE best move", "ECE calibrated", "| calibrated: predicted |"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("tables lack %q:\n%s", want, out.String())
		}
	}
	var svg bytes.Buffer
	if err := Diagram(&svg, games, TableOptions{Calibration: f}, "t & t"); err != nil {
		t.Fatal(err)
	}
	if s := svg.String(); !strings.HasPrefix(s, "<svg") || !strings.Contains(s, "calibrated, ECE") || !strings.Contains(s, "t &amp; t") {
		t.Errorf("diagram: %.300s", s)
	}
	if err := PrintTables(&out, games, TableOptions{By: []string{"colour"}}); err == nil || !strings.Contains(err.Error(), `"colour"`) {
		t.Errorf("an unknown split: %v", err)
	}
}

func TestReadGamesKeepsFilesApartAndRefusesRepeats(t *testing.T) {
	t.Parallel()
	rules, err := engine.Rules{Players: 2}.Normalize()
	if err != nil {
		t.Fatal(err)
	}
	path, _ := playHeuristic(t, rules, 2, 3)
	games, err := ReadGames([]string{path, path})
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 4 || games[2].Index != games[0].Index+fileStride || games[2].Positions[0].Game != games[2].Index {
		t.Fatalf("indices %d %d %d %d", games[0].Index, games[1].Index, games[2].Index, games[3].Index)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	twice := filepath.Join(t.TempDir(), "twice.jsonl")
	if err := os.WriteFile(twice, append(b, b...), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadGames([]string{twice}); err == nil || !strings.Contains(err.Error(), "twice.jsonl:3") {
		t.Errorf("a repeated game: %v, want an error naming the file and line", err)
	}

	// A line cut short by a killed run is trimmed before a resumed run
	// appends, and the games before it are kept.
	cut := filepath.Join(t.TempDir(), "cut.jsonl")
	if err := os.WriteFile(cut, append(b, b[:40]...), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := TrimPartial(cut); err != nil {
		t.Fatal(err)
	}
	done, err := GameIndices(cut)
	if err != nil || len(done) != 2 {
		t.Errorf("after the trim: %v games, error %v", done, err)
	}
	if none, err := GameIndices(filepath.Join(t.TempDir(), "missing.jsonl")); err != nil || len(none) != 0 {
		t.Errorf("a missing file: %v, %v", none, err)
	}
}

func TestTablesByPlayer(t *testing.T) {
	t.Parallel()
	rules, err := engine.Rules{Players: 3}.Normalize()
	if err != nil {
		t.Fatal(err)
	}
	_, games := playHeuristic(t, rules, 3, 4)
	var out bytes.Buffer
	if err := PrintTables(&out, games, TableOptions{By: []string{"player"}, Reps: 20}); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, g := range games {
		n += len(g.Positions)
	}
	// Each seat's row holds one prediction a position; the whole holds
	// three.
	for _, want := range []string{"| all | 3 | " + strconv.Itoa(3*n) + " |", "| red's win rate | 3 | " + strconv.Itoa(n) + " |", "| green's win rate |"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("tables lack %q:\n%s", want, out.String())
		}
	}
}
