package player

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

var updateSaved = flag.Bool("update", false, "rewrite the golden saved games")

// TestSavedGamesReplay: every saved game is a record that replays to the
// end it says, with the colours the match gave its players.
func TestSavedGamesReplay(t *testing.T) {
	t.Parallel()
	for _, opening := range []engine.Opening{engine.OpeningFourStone, engine.OpeningEmpty} {
		cfg := MatchConfig{A: "voronoi-easy", B: "voronoi-medium", Games: 6, Seed: 11, Swap: true, Workers: 2,
			Rules: engine.Rules{Players: 2, Opening: opening}}
		games, err := MatchGames(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		rules, _ := cfg.Rules.Normalize()
		var buf bytes.Buffer
		if err := WriteSavedGames(&buf, cfg, rules, games); err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(&buf)
		sc.Buffer(nil, 1<<20)
		n := 0
		for ; sc.Scan(); n++ {
			var sg SavedGame
			if err := engine.DecodeStrict(sc.Bytes(), &sg); err != nil {
				t.Fatalf("%s game %d: %v", opening, n, err)
			}
			g, err := sg.Record.Game()
			if err != nil {
				t.Fatalf("%s game %d does not replay: %v", opening, n, err)
			}
			res := g.Final.Result()
			winner := "draw"
			if w := res.Winner(); w != grid.NoColor {
				winner = w.String()
			}
			if !g.Final.IsOver() || sg.Result.Winner != winner ||
				sg.Result.Score["red"] != res.Score[grid.Red] || sg.Result.Score["blue"] != res.Score[grid.Blue] {
				t.Errorf("%s game %d: saved result %+v, the replay ends %s %v (over %v)", opening, n, sg.Result, winner, res.Score, g.Final.IsOver())
			}
			wantRed, wantBlue := cfg.A, cfg.B
			if n%2 == 1 {
				wantRed, wantBlue = cfg.B, cfg.A
			}
			if sg.Players.Red != wantRed || sg.Players.Blue != wantBlue || sg.Game != n || sg.Seed != cfg.Seed {
				t.Errorf("%s game %d: players %+v, game %d, seed %d", opening, n, sg.Players, sg.Game, sg.Seed)
			}
			if len(sg.Moves) != games[n].Plies {
				t.Errorf("%s game %d: %d moves saved, %d played", opening, n, len(sg.Moves), games[n].Plies)
			}
		}
		if n != cfg.Games {
			t.Errorf("%s: %d games saved, want %d", opening, n, cfg.Games)
		}
	}
}

// TestSavedGameGolden pins the saved shape of one game.
func TestSavedGameGolden(t *testing.T) {
	t.Parallel()
	cfg := MatchConfig{A: "voronoi-hard", B: "random", Games: 2, Seed: 5, Swap: true, Workers: 1, Rules: engine.Rules{Players: 2}}
	games, err := MatchGames(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	rules, _ := cfg.Rules.Normalize()
	var buf bytes.Buffer
	if err := WriteSavedGames(&buf, cfg, rules, games); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "saved-games.golden.jsonl")
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
		t.Errorf("the saved games differ from %s (go test -run TestSavedGameGolden -update rewrites it):\n%s", path, buf.Bytes())
	}
}
