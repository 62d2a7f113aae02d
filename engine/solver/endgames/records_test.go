package endgames

import (
	"bytes"
	"context"
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
			if a.Positions[j] != b.Positions[j] {
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
