package search

import (
	"context"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/player"
)

func TestPlayersPlayWholeGames(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		policy bool
		gumbel bool
	}{
		{"mcts", false, false},
		{"gumbel", false, true},
		{"policy", true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			mk := func(seed uint64) player.Player {
				if tc.policy {
					return NewPolicyPlayer("policy", EvaluatorFunc(territoryEval), seed)
				}
				cfg := DefaultConfig()
				cfg.MaxVisits, cfg.Seed, cfg.Gumbel = 24, seed, tc.gumbel
				p, err := NewPlayer("mcts", EvaluatorFunc(territoryEval), cfg)
				if err != nil {
					t.Fatal(err)
				}
				return p
			}
			red, blue := mk(1), mk(2)
			final, err := player.PlayGame(context.Background(), engine.NewPosition(engine.DefaultRules()), []player.Player{red, blue})
			if err != nil {
				t.Fatal(err)
			}
			if !final.IsOver() {
				t.Fatal("game not finished")
			}
			if !tc.policy {
				// The tree followed the game: the last search's root was
				// reached by advancing, with the full history.
				rp := red.(*Player)
				if len(rp.history) != HistoryLen {
					t.Errorf("red kept %d history positions, want %d", len(rp.history), HistoryLen)
				}
			}
			// Same seeds, same game.
			again, err := player.PlayGame(context.Background(), engine.NewPosition(engine.DefaultRules()), []player.Player{mk(1), mk(2)})
			if err != nil {
				t.Fatal(err)
			}
			if again != final {
				t.Error("the same seeds gave a different game")
			}
		})
	}
}

func TestPlayerConnectsOpponentMoves(t *testing.T) {
	t.Parallel()
	g, err := engine.Record{Moves: []string{"C3", "E3", "C5", "E5", "E5-E4:N"}}.Game()
	if err != nil {
		t.Fatal(err)
	}
	ps := g.Positions()
	path, ok := connect(ps[2], ps[4], 2)
	if !ok || len(path) != 2 || path[0] != g.Moves[2] || path[1] != g.Moves[3] {
		t.Fatalf("connect found %v, %v; want %v", path, ok, g.Moves[2:4])
	}
	if _, ok := connect(ps[0], ps[5], 2); ok {
		t.Error("connected positions five plies apart within two")
	}
}
