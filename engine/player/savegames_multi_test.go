package player

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// TestMultiSavedGamesReplay: every saved game of a multi-player match is a
// record that replays to the end it says, with A in the seat the match
// gave it and B in the others.
func TestMultiSavedGamesReplay(t *testing.T) {
	t.Parallel()
	for _, rules := range []engine.Rules{{Players: 3, TieBreak: engine.TieBreakNone}, {Players: 4, Stay: engine.StayStepOut}} {
		cfg := MultiMatchConfig{A: "voronoi-easy", B: "random", Games: 8, Seed: 11, Workers: 2, Rules: rules}
		games, err := MultiMatchGames(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		rules, _ := cfg.Rules.Normalize()
		var buf bytes.Buffer
		if err := WriteMultiSavedGames(&buf, cfg, rules, games); err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(&buf)
		sc.Buffer(nil, 1<<20)
		n := 0
		for ; sc.Scan(); n++ {
			var sg SavedGame
			if err := engine.DecodeStrict(sc.Bytes(), &sg); err != nil {
				t.Fatalf("%s game %d: %v", rules, n, err)
			}
			g, err := sg.Record.Game()
			if err != nil {
				t.Fatalf("%s game %d does not replay: %v", rules, n, err)
			}
			res := g.Final.Result()
			var winners []string
			score := map[string]int{}
			for c := range grid.Color(rules.Players) {
				if res.Winners>>uint(c)&1 != 0 {
					winners = append(winners, c.String())
				}
				score[c.String()] = res.Score[c]
			}
			winner := "draw"
			if w := res.Winner(); w != grid.NoColor {
				winner = w.String()
			}
			if !g.Final.IsOver() || sg.Result.Winner != winner || !slices.Equal(sg.Result.Winners, winners) || !mapsEqual(sg.Result.Score, score) {
				t.Errorf("%s game %d: saved result %+v, the replay ends %s %v %v (over %v)", rules, n, sg.Result, winner, winners, score, g.Final.IsOver())
			}
			aSeat := grid.Color(n % rules.Players)
			specs := []string{sg.Players.Red, sg.Players.Blue, sg.Players.Green, sg.Players.Yellow}
			for c, spec := range specs {
				want := ""
				switch {
				case c >= rules.Players:
				case grid.Color(c) == aSeat:
					want = cfg.A
				default:
					want = cfg.B
				}
				if spec != want {
					t.Errorf("%s game %d: %s played by %q, want %q", rules, n, grid.Color(c), spec, want)
				}
			}
			if sg.ASeat != aSeat.String() || sg.Game != n || sg.Seed != cfg.Seed || len(sg.Moves) != games[n].Plies {
				t.Errorf("%s game %d: a_seat %q, game %d, seed %d, %d moves (%d played)", rules, n, sg.ASeat, sg.Game, sg.Seed, len(sg.Moves), games[n].Plies)
			}
		}
		if n != cfg.Games {
			t.Errorf("%s: %d games saved, want %d", rules, n, cfg.Games)
		}
	}
}

// mapsEqual reports whether two scores are the same.
func mapsEqual(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// TestMultiSavedGameGolden pins the saved shape of three-player games.
func TestMultiSavedGameGolden(t *testing.T) {
	t.Parallel()
	cfg := MultiMatchConfig{A: "voronoi-hard", B: "random", Games: 2, Seed: 5, Workers: 1, Rules: engine.Rules{Players: 3}}
	games, err := MultiMatchGames(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	rules, _ := cfg.Rules.Normalize()
	var buf bytes.Buffer
	if err := WriteMultiSavedGames(&buf, cfg, rules, games); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "saved-games-3p.golden.jsonl")
	if *updateSaved {
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("the saved games differ from %s (go test -run TestMultiSavedGameGolden -update rewrites it):\n%s", path, buf.Bytes())
	}
}
