package player

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// testRules are the rule sets every player is tried under.
var testRules = []engine.Rules{
	mustRules(engine.Rules{Players: 2, Opening: engine.OpeningEmpty}),
	mustRules(engine.Rules{Players: 2, Opening: engine.OpeningFourStone}),
	mustRules(engine.Rules{Players: 2, Opening: engine.OpeningFourStone, Stay: engine.StayStepOut, TieBreak: engine.TieBreakNone}),
	mustRules(engine.Rules{Players: 3}),
	mustRules(engine.Rules{Players: 3, Stay: engine.StayStepOut}),
	mustRules(engine.Rules{Players: 4}),
}

func mustRules(r engine.Rules) engine.Rules {
	r, err := r.Normalize()
	if err != nil {
		panic(err)
	}
	return r
}

// playRecorded plays one game with a player of spec in every seat (seat c
// seeded seed+c), checking that each move is legal and that ChooseMove
// leaves the position alone. It returns the moves.
func playRecorded(t *testing.T, spec string, rules engine.Rules, seed uint64) []grid.Move {
	t.Helper()
	players := make([]Player, rules.Players)
	for c := range players {
		p, err := New(spec, seed+uint64(c))
		if err != nil {
			t.Fatal(err)
		}
		players[c] = p
	}
	var moves []grid.Move
	pos := engine.NewPosition(rules)
	for !pos.IsOver() {
		before := pos
		m, err := players[pos.ToMove()].ChooseMove(context.Background(), &pos)
		if err != nil {
			t.Fatalf("%s at ply %d: %v", spec, pos.Ply(), err)
		}
		if pos != before {
			t.Fatalf("%s modified the position at ply %d", spec, pos.Ply())
		}
		if err := pos.Play(m); err != nil {
			t.Fatalf("%s played an illegal move at ply %d: %v", spec, before.Ply(), err)
		}
		moves = append(moves, m)
	}
	return moves
}

func TestPlayersPlayLegalGames(t *testing.T) {
	t.Parallel()
	for _, spec := range Specs {
		for _, rules := range testRules {
			t.Run(spec+"/"+rules.String(), func(t *testing.T) {
				t.Parallel()
				for seed := range uint64(2) {
					playRecorded(t, spec, rules, seed*10)
				}
			})
		}
	}
}

// TestPlayersMixed plays games between different players through PlayGame.
func TestPlayersMixed(t *testing.T) {
	t.Parallel()
	tests := []struct {
		rules engine.Rules
		specs []string
	}{
		{testRules[0], []string{"voronoi-hard", "voronoi-easy"}},
		{testRules[1], []string{"random", "voronoi-hard"}},
		{testRules[3], []string{"voronoi-hard", "random", "voronoi-medium"}},
		{testRules[5], []string{"voronoi-easy", "voronoi-hard", "random", "voronoi-medium"}},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.specs, "-"), func(t *testing.T) {
			t.Parallel()
			players := make([]Player, len(tc.specs))
			for i, s := range tc.specs {
				p, err := New(s, uint64(i))
				if err != nil {
					t.Fatal(err)
				}
				players[i] = p
			}
			final, err := PlayGame(context.Background(), engine.NewPosition(tc.rules), players)
			if err != nil {
				t.Fatal(err)
			}
			if !final.IsOver() {
				t.Fatal("game not over")
			}
		})
	}
}

func TestPlayersDeterministic(t *testing.T) {
	t.Parallel()
	for _, spec := range Specs {
		for _, rules := range []engine.Rules{testRules[0], testRules[3]} {
			t.Run(spec+"/"+rules.String(), func(t *testing.T) {
				t.Parallel()
				a := playRecorded(t, spec, rules, 42)
				b := playRecorded(t, spec, rules, 42)
				if len(a) != len(b) {
					t.Fatalf("same seed, games of %d and %d moves", len(a), len(b))
				}
				for i := range a {
					if a[i] != b[i] {
						t.Fatalf("same seed, move %d differs: %s vs %s", i, a[i], b[i])
					}
				}
			})
		}
	}
}

func TestNew(t *testing.T) {
	t.Parallel()
	tests := []struct {
		spec    string
		wantErr bool
	}{
		{"random", false},
		{"voronoi-easy", false},
		{"voronoi-medium", false},
		{"voronoi-hard", false},
		{"", true},
		{"voronoi", true},
		{"mcts:visits=10", true},
	}
	for _, tc := range tests {
		t.Run(tc.spec, func(t *testing.T) {
			t.Parallel()
			p, err := New(tc.spec, 1)
			if tc.wantErr {
				if err == nil {
					t.Fatalf("New(%q) succeeded", tc.spec)
				}
				for _, s := range Specs {
					if !strings.Contains(err.Error(), s) {
						t.Errorf("error %q does not list %s", err, s)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if p.Spec() != tc.spec {
				t.Errorf("Spec() = %q, want %q", p.Spec(), tc.spec)
			}
		})
	}
}

func TestChooseMoveContextDone(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	pos := engine.NewPosition(engine.DefaultRules())
	for _, spec := range Specs {
		t.Run(spec, func(t *testing.T) {
			t.Parallel()
			p, _ := New(spec, 1)
			if _, err := p.ChooseMove(ctx, &pos); !errors.Is(err, context.Canceled) {
				t.Errorf("ChooseMove with a done context: err = %v, want context.Canceled", err)
			}
		})
	}
}

// TestTakesWinningClose checks that medium and hard take a move that wins
// at once: a wall line between columns C and D has one gap, at row 7, and
// Red's stone on C7 can step to D7 and wall the gap, leaving Blue A-C (21)
// and itself D-G (28).
func TestTakesWinningClose(t *testing.T) {
	t.Parallel()
	board := `{"stones":{"red":["C7","E5","F5","G5"],"blue":["A1","A2","A3","A4"]},"walls":[` + wallsEastOfC(1, 6) + `],"toMove":"red","phase":"play"}`
	for _, spec := range []string{"voronoi-medium", "voronoi-hard"} {
		t.Run(spec, func(t *testing.T) {
			t.Parallel()
			p := boardPosition(t, engine.DefaultRules(), board)
			pl, _ := New(spec, 1)
			m, err := pl.ChooseMove(context.Background(), &p)
			if err != nil {
				t.Fatal(err)
			}
			q := p
			q.Apply(m)
			if !q.IsOver() || q.Result().Winner() != grid.Red {
				t.Errorf("%s played %s, which does not win at once", spec, m)
			}
		})
	}
}
