package mctsplayer

import (
	"context"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/player"
	"github.com/wallzero/wallzero/search"
)

func TestPlayersPlayWholeGames(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		policy bool
		gumbel bool
		temp   float64
	}{
		{"mcts", false, false, 0},
		{"gumbel", false, true, 0},
		{"policy", true, false, 0},
		{"policy with temperature", true, false, 0.5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			mk := func(seed uint64) player.Player {
				if tc.policy {
					return NewPolicyPlayerTemp("policy", evaluatorFunc(territoryEval), seed, tc.temp)
				}
				cfg := search.DefaultConfig()
				cfg.MaxVisits, cfg.Seed, cfg.Gumbel = 24, seed, tc.gumbel
				p, err := NewPlayer("mcts", evaluatorFunc(territoryEval), cfg)
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
				if len(rp.history) != search.HistoryLen {
					t.Errorf("red kept %d history positions, want %d", len(rp.history), search.HistoryLen)
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

// TestPolicyTemperatureVaries: a policy player with a temperature samples
// its play-phase moves, so games from different seeds part ways after the
// setup more often than the greedy policy's, and the greedy player never
// leaves its likeliest move.
func TestPolicyTemperatureVaries(t *testing.T) {
	t.Parallel()
	differ := func(temp float64) int {
		n := 0
		for seed := uint64(1); seed <= 6; seed++ {
			a := NewPolicyPlayerTemp("p", evaluatorFunc(territoryEval), 7, temp)
			b := NewPolicyPlayerTemp("p", evaluatorFunc(territoryEval), 7+seed, temp)
			// The same setup for both: play it out, then compare each
			// player's choice in the same positions.
			pos := engine.NewPosition(engine.DefaultRules())
			for ply := 0; ply < 40 && !pos.IsOver(); ply++ {
				ma, err := a.ChooseMove(context.Background(), &pos)
				if err != nil {
					t.Fatal(err)
				}
				mb, err := b.ChooseMove(context.Background(), &pos)
				if err != nil {
					t.Fatal(err)
				}
				if pos.Phase() != engine.Setup && ma != mb {
					n++
				}
				pos.Apply(ma)
			}
		}
		return n
	}
	if g := differ(0); g != 0 {
		t.Errorf("greedy policies of different seeds chose differently %d times", g)
	}
	if h := differ(1); h == 0 {
		t.Error("policies at temperature 1 never chose differently")
	}
}
