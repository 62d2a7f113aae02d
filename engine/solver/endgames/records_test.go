package endgames

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/engine"
)

// TestGamesRoundTrip writes played games and reads them back: the same
// seeds, players, moves and positions.
func TestGamesRoundTrip(t *testing.T) {
	t.Parallel()
	rules := engine.Rules{Players: 2, Opening: engine.OpeningEmpty, Stay: engine.StayStepOut, TieBreak: engine.TieBreakNone}
	games, err := PlayGames(context.Background(), Source{Rules: rules, Specs: []string{"voronoi-easy", "voronoi-medium"}, First: 11, Games: 3})
	if err != nil {
		t.Fatal(err)
	}
	// A game that starts from a position of its own keeps it.
	late := games[2]
	late.Positions, late.Moves = late.Positions[10:], late.Moves[10:]
	games = append(games, late)
	var buf bytes.Buffer
	if err := WriteGames(&buf, games); err != nil {
		t.Fatal(err)
	}
	back, err := ReadGames(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if len(back) != len(games) {
		t.Fatalf("read %d games, wrote %d", len(back), len(games))
	}
	for i := range games {
		a, b := games[i], back[i]
		if a.Seed != b.Seed || a.Specs != b.Specs || len(a.Moves) != len(b.Moves) || len(a.Positions) != len(b.Positions) {
			t.Fatalf("game %d: read seed %d %v with %d moves, wrote seed %d %v with %d", i, b.Seed, b.Specs, len(b.Moves), a.Seed, a.Specs, len(a.Moves))
		}
		for j := range a.Positions {
			// A board start does not carry the ply count, so compare the
			// positions themselves.
			if a.Positions[j].Hash() != b.Positions[j].Hash() || a.Positions[j].Phase() != b.Positions[j].Phase() {
				t.Fatalf("game %d: position %d differs after reading", i, j)
			}
		}
		if b.Positions[0].Rules() != rules {
			t.Errorf("game %d: rules %v, want %v", i, b.Positions[0].Rules(), rules)
		}
	}
}

// TestReadGamesRejects names the line of a bad game.
func TestReadGamesRejects(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, text, want string
	}{
		{"not JSON", "{\"seed\": 1,\n", "line 1"},
		{"illegal move", `{"rules":{"players":2,"opening":"four-stone"},"moves":["C3","C3"]}`, `line 1: moves[1] "C3"`},
		{"unfinished", "\n" + `{"rules":{"players":2,"opening":"four-stone"},"moves":["C3"]}`, "line 2: the game is not over after 1 moves"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := ReadGames(strings.NewReader(tc.text))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

// FuzzReadGames feeds arbitrary text to ReadGames: it must not panic, and
// whatever it accepts must be finished games that WriteGames writes back
// to the same games. Run with go test ./engine/solver/endgames -fuzz FuzzReadGames.
func FuzzReadGames(f *testing.F) {
	games, err := PlayGames(context.Background(), Source{Rules: engine.DefaultRules(), Specs: []string{"voronoi-easy"}, First: 5, Games: 1})
	if err != nil {
		f.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteGames(&buf, games); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.String())
	f.Add(`{"rules":{"players":2,"opening":"four-stone"},"moves":["C3"]}`)
	f.Add(`{"rules":{"players":3},"moves":[]}` + "\n\n{")
	f.Fuzz(func(t *testing.T, text string) {
		games, err := ReadGames(strings.NewReader(text))
		if err != nil {
			return
		}
		for i, g := range games {
			if len(g.Positions) != len(g.Moves)+1 || !g.Positions[len(g.Positions)-1].IsOver() {
				t.Fatalf("game %d: %d positions for %d moves, or not over", i, len(g.Positions), len(g.Moves))
			}
		}
		var out bytes.Buffer
		if err := WriteGames(&out, games); err != nil {
			t.Fatal(err)
		}
		back, err := ReadGames(&out)
		if err != nil {
			t.Fatalf("reading what WriteGames wrote: %v", err)
		}
		if len(back) != len(games) {
			t.Fatalf("%d games written, %d read back", len(games), len(back))
		}
		for i := range games {
			if games[i].Seed != back[i].Seed || games[i].Specs != back[i].Specs || len(games[i].Moves) != len(back[i].Moves) ||
				games[i].Positions[len(games[i].Positions)-1].Hash() != back[i].Positions[len(back[i].Positions)-1].Hash() {
				t.Fatalf("game %d changed on the way back", i)
			}
		}
	})
}

// TestGamesFiles writes games to a file and reads them back, and names the
// file when it cannot be read as games.
func TestGamesFiles(t *testing.T) {
	t.Parallel()
	games, err := PlayGames(context.Background(), Source{Rules: engine.DefaultRules(), Specs: []string{"voronoi-easy"}, First: 9, Games: 2})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "games.jsonl")
	if err := WriteGamesFile(path, games); err != nil {
		t.Fatal(err)
	}
	back, err := ReadGamesFile(path)
	if err != nil || len(back) != 2 || back[1].Seed != 10 {
		t.Fatalf("read back %d games (%v)", len(back), err)
	}
	bad := filepath.Join(dir, "bad.jsonl")
	if err := os.WriteFile(bad, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadGamesFile(bad); err == nil || !strings.Contains(err.Error(), "bad.jsonl: endgames: line 1") {
		t.Errorf("a bad file gave %v", err)
	}
	if _, err := ReadGamesFile(filepath.Join(dir, "missing")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing file gave %v", err)
	}
	if err := WriteGamesFile(filepath.Join(dir, "no", "such", "dir"), games); err == nil {
		t.Error("writing into a missing directory: no error")
	}
}
