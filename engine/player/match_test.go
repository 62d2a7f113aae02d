package player

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

func TestMatchStatistics(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		cfg  MatchConfig
	}{
		{"swap four-stone", MatchConfig{A: "random", B: "voronoi-easy", Games: 12, Rules: testRules[1], Seed: 5, Swap: true, Workers: 3}},
		{"no swap empty", MatchConfig{A: "voronoi-medium", B: "random", Games: 7, Rules: testRules[0], Seed: 9, Workers: 2}},
		{"one game", MatchConfig{A: "random", B: "random", Games: 1, Rules: testRules[1], Seed: 1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			games, err := MatchGames(context.Background(), tc.cfg)
			if err != nil {
				t.Fatal(err)
			}
			for i, g := range games {
				wantRed := !tc.cfg.Swap || i%2 == 0
				if g.Index != i || g.ARed != wantRed {
					t.Errorf("game %d: index %d, A red %v; want A red %v", i, g.Index, g.ARed, wantRed)
				}
			}
			r, err := Match(context.Background(), tc.cfg)
			if err != nil {
				t.Fatal(err)
			}
			if r.Games != tc.cfg.Games || r.A != tc.cfg.A || r.B != tc.cfg.B || r.Mode != tc.cfg.Rules.Opening {
				t.Errorf("header %+v does not match the config", r)
			}
			if r.AWins+r.BWins+r.Draws != r.Games {
				t.Errorf("wins %d + %d + draws %d != games %d", r.AWins, r.BWins, r.Draws, r.Games)
			}
			if r.RedWins+r.BlueWins+r.Draws != r.Games || r.ARedWins+r.ABlueWins != r.AWins {
				t.Errorf("colour breakdown does not add up: %+v", r)
			}
			wantRedGames := r.Games
			if tc.cfg.Swap {
				wantRedGames = (r.Games + 1) / 2
			}
			if r.ARedGames != wantRedGames {
				t.Errorf("A played red %d times, want %d", r.ARedGames, wantRedGames)
			}
			want := (float64(r.AWins) + float64(r.Draws)/2) / float64(r.Games)
			if math.Abs(r.AScore-want) > 0.00005 { // reported to four decimals
				t.Errorf("a_score = %v, want %v", r.AScore, want)
			}
			lo, hi := r.AScoreCI95[0], r.AScoreCI95[1]
			if lo < 0 || hi > 1 || lo > r.AScore || r.AScore > hi {
				t.Errorf("ci %v does not contain a_score %v within [0,1]", r.AScoreCI95, r.AScore)
			}
			if r.AMeanTerritory < 0 || r.AMeanTerritory+r.BMeanTerritory > 49 {
				t.Errorf("mean territories %v and %v out of range", r.AMeanTerritory, r.BMeanTerritory)
			}
		})
	}
}

func TestMatchIndependentOfWorkers(t *testing.T) {
	t.Parallel()
	cfg := MatchConfig{A: "voronoi-easy", B: "random", Games: 8, Rules: testRules[1], Seed: 3, Swap: true}
	var results []MatchResult
	for _, w := range []int{1, 4} {
		cfg.Workers = w
		r, err := Match(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		results = append(results, r)
	}
	if results[0] != results[1] {
		t.Errorf("results differ with the worker count:\n%+v\n%+v", results[0], results[1])
	}
}

func TestMatchMediumBeatsRandom(t *testing.T) {
	t.Parallel()
	for _, rules := range testRules[:2] {
		t.Run(rules.String(), func(t *testing.T) {
			t.Parallel()
			r, err := Match(context.Background(), MatchConfig{A: "voronoi-medium", B: "random", Games: 20, Rules: rules, Seed: 11, Swap: true})
			if err != nil {
				t.Fatal(err)
			}
			if r.AScore < 0.8 {
				t.Errorf("voronoi-medium scored %.2f against random, want >= 0.8: %+v", r.AScore, r)
			}
		})
	}
}

// failing is a player that errors or plays an illegal move.
type failing struct{ illegal bool }

func (f failing) Spec() string { return "failing" }

func (f failing) ChooseMove(ctx context.Context, pos *engine.Position) (grid.Move, error) {
	if f.illegal {
		return grid.TurnMove(0, 48, grid.North), nil
	}
	return grid.Move{}, errors.New("boom")
}

func TestMatchErrors(t *testing.T) {
	t.Parallel()
	custom := func(spec string, seed uint64) (Player, error) {
		switch spec {
		case "boom":
			return failing{}, nil
		case "illegal":
			return failing{illegal: true}, nil
		}
		return New(spec, seed)
	}
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name string
		ctx  context.Context
		cfg  MatchConfig
		want string
	}{
		{"unknown spec", context.Background(), MatchConfig{A: "nobody", B: "random", Games: 2}, "unknown player"},
		{"three players", context.Background(), MatchConfig{A: "random", B: "random", Games: 2, Rules: engine.Rules{Players: 3}}, "two-player"},
		{"no games", context.Background(), MatchConfig{A: "random", B: "random"}, "at least 1"},
		{"bad rules", context.Background(), MatchConfig{A: "random", B: "random", Games: 1, Rules: engine.Rules{Stay: "never"}}, "rules.stay"},
		{"player error", context.Background(), MatchConfig{A: "random", B: "boom", Games: 4, NewPlayer: custom}, "boom"},
		{"illegal move", context.Background(), MatchConfig{A: "illegal", B: "random", Games: 4, NewPlayer: custom}, "illegal move"},
		{"canceled", canceled, MatchConfig{A: "random", B: "random", Games: 4}, "canceled"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := Match(tc.ctx, tc.cfg)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func TestWilson95(t *testing.T) {
	t.Parallel()
	// The reference is the other textbook form of the Wilson interval:
	// (n p + z²/2 ± z sqrt(n p (1-p) + z²/4)) / (n + z²).
	ref := func(p float64, n int) [2]float64 {
		nf, z2 := float64(n), z95*z95
		root := z95 * math.Sqrt(nf*p*(1-p)+z2/4)
		return [2]float64{(nf*p + z2/2 - root) / (nf + z2), (nf*p + z2/2 + root) / (nf + z2)}
	}
	for _, tc := range []struct {
		score float64
		n     int
	}{{1, 80}, {0, 80}, {0.5, 2}, {0.8, 80}, {0.95, 400}, {1, 1}} {
		got, want := Wilson95(tc.score, tc.n), ref(tc.score, tc.n)
		if math.Abs(got[0]-want[0]) > 1e-9 || math.Abs(got[1]-want[1]) > 1e-9 {
			t.Errorf("Wilson95(%v, %d) = %v, want %v", tc.score, tc.n, got, want)
		}
		if got[0] < 0 || got[1] > 1 || got[0] > tc.score || got[1] < tc.score {
			t.Errorf("Wilson95(%v, %d) = %v does not hold the score within [0, 1]", tc.score, tc.n, got)
		}
	}
	if got := Wilson95(1, 80); got[0] > 0.96 || got[1] != 1 {
		t.Errorf("80 wins of 80: %v, want about [0.954, 1], not [1, 1]", got)
	}
	if got := Wilson95(0, 0); got != [2]float64{0, 1} {
		t.Errorf("no games: %v, want [0, 1]", got)
	}
}

func TestReportsRoundToFourDecimals(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want float64 }{{0.8520017999999999, 0.852}, {1.0 / 3, 0.3333}, {0.99995, 1}, {2, 2}} {
		if got := round4(tc.in); got != tc.want {
			t.Errorf("round4(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
}
