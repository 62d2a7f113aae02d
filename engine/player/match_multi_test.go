package player

import (
	"context"
	"fmt"
	"math"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// seatRecorder builds players that remember which colours they were
// asked to move for, by spec and seed, so a test sees who sat where.
type seatRecorder struct {
	mu    sync.Mutex
	seats map[string]map[uint64][]grid.Color // spec -> seed -> colours asked
}

// build is a Constructor: "a" and "b" are random players that record
// their seats.
func (r *seatRecorder) build(spec string, seed uint64) (Player, error) {
	inner, err := New("random", seed)
	if err != nil {
		return nil, err
	}
	return recording{Player: inner, spec: spec, seed: seed, rec: r}, nil
}

// seen returns the colours the player of spec built with seed moved for,
// each once.
func (r *seatRecorder) seen(spec string, seed uint64) []grid.Color {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []grid.Color
	for _, c := range r.seats[spec][seed] {
		if len(out) == 0 || out[len(out)-1] != c {
			out = append(out, c)
		}
	}
	return out
}

// recording is a player that tells its recorder every colour it moves for.
type recording struct {
	Player
	spec string
	seed uint64
	rec  *seatRecorder
}

func (p recording) Spec() string { return p.spec }

func (p recording) ChooseMove(ctx context.Context, pos *engine.Position) (grid.Move, error) {
	p.rec.mu.Lock()
	if p.rec.seats[p.spec] == nil {
		p.rec.seats[p.spec] = map[uint64][]grid.Color{}
	}
	p.rec.seats[p.spec][p.seed] = append(p.rec.seats[p.spec][p.seed], pos.ToMove())
	p.rec.mu.Unlock()
	return p.Player.ChooseMove(ctx, pos)
}

// TestMultiMatchSeatRotation: in game i A sits in seat i mod players and
// its own instance of B in each other seat, each player moving for its
// seat only.
func TestMultiMatchSeatRotation(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		players, games, workers int
	}{{3, 7, 2}, {4, 9, 3}, {3, 1, 1}} {
		t.Run(fmt.Sprintf("%dp %d games", tc.players, tc.games), func(t *testing.T) {
			t.Parallel()
			rec := &seatRecorder{seats: map[string]map[uint64][]grid.Color{}}
			cfg := MultiMatchConfig{A: "a", B: "b", Games: tc.games, Rules: engine.Rules{Players: tc.players}, Seed: 4, Workers: tc.workers, NewPlayer: rec.build}
			games, err := MultiMatchGames(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			if len(games) != tc.games {
				t.Fatalf("%d games, want %d", len(games), tc.games)
			}
			for i, g := range games {
				aSeat := grid.Color(i % tc.players)
				if g.Index != i || g.ASeat != aSeat || g.Players != tc.players {
					t.Errorf("game %d: index %d, A in %s, %d players; want A in %s", i, g.Index, g.ASeat, g.Players, aSeat)
				}
				_, seeds := MultiGameSeeds(cfg.Seed, i, tc.players, aSeat)
				for c := range grid.Color(tc.players) {
					spec := "b"
					if c == aSeat {
						spec = "a"
					}
					if got := rec.seen(spec, seeds[c]); !reflect.DeepEqual(got, []grid.Color{c}) {
						t.Errorf("game %d: the %s player of seat %s moved for %v", i, spec, c, got)
					}
				}
			}
			// Every seat gets its own instance: games × players distinct seeds.
			if n := len(rec.seats["a"]) + len(rec.seats["b"]); n != tc.games*tc.players {
				t.Errorf("%d player instances moved, want %d", n, tc.games*tc.players)
			}
		})
	}
}

func TestMultiGameSeeds(t *testing.T) {
	t.Parallel()
	game, aTwo, bTwo := GameSeeds(7, 3)
	g, seats := MultiGameSeeds(7, 3, 4, grid.Blue)
	if g != game || seats[grid.Blue] != aTwo {
		t.Errorf("game seed %d and A's %d, want those of GameSeeds: %d, %d", g, seats[grid.Blue], game, aTwo)
	}
	seen := map[uint64]bool{aTwo: true, bTwo: false}
	for c, s := range seats {
		if grid.Color(c) != grid.Blue && seen[s] {
			t.Errorf("seat %d shares seed %d", c, s)
		}
		seen[s] = true
	}
	if _, three := MultiGameSeeds(7, 3, 3, grid.Red); three[grid.Yellow] != 0 {
		t.Errorf("a three-player game seeds a fourth seat: %v", three)
	}
}

func TestMultiGameShare(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		winners uint8
		c       grid.Color
		want    float64
	}{
		{0b001, grid.Red, 1}, {0b001, grid.Blue, 0},
		{0b101, grid.Green, 0.5}, {0b101, grid.Blue, 0},
		{0b111, grid.Blue, 1.0 / 3}, {0b1111, grid.Yellow, 0.25},
	} {
		g := MultiGameResult{Winners: tc.winners, ASeat: tc.c}
		if got := g.Share(tc.c); math.Abs(got-tc.want) > 1e-12 || g.AScore() != got {
			t.Errorf("winners %04b: %s's share %v (A's score %v), want %v", tc.winners, tc.c, got, g.AScore(), tc.want)
		}
	}
}

// TestSummarizeMulti scores hand-made games: sole wins, shared wins and
// losses, by seat.
func TestSummarizeMulti(t *testing.T) {
	t.Parallel()
	g := func(i int, winners uint8, score ...int) MultiGameResult {
		r := MultiGameResult{Index: i, Players: 3, ASeat: grid.Color(i % 3), Winners: winners, Plies: 40 + i}
		copy(r.Score[:], score)
		return r
	}
	games := []MultiGameResult{
		g(0, 0b001, 20, 10, 9),  // A (red) alone
		g(1, 0b011, 15, 15, 9),  // A (blue) shares with red
		g(2, 0b001, 21, 8, 10),  // A (green) loses
		g(3, 0b111, 12, 12, 12), // A (red) shares three ways
		g(4, 0b010, 5, 30, 4),   // A (blue) alone
		g(5, 0b100, 3, 3, 40),   // A (green) alone
	}
	cfg := MultiMatchConfig{A: "x", B: "y", Seed: 9}
	rules := mustRules(engine.Rules{Players: 3})
	r := SummarizeMulti(cfg, rules, games)
	aWins := 1 + 0.5 + 0 + 1.0/3 + 1 + 1
	want := MultiMatchResult{
		Games: 6, Players: 3, A: "x", B: "y", Mode: engine.OpeningEmpty, Rules: rules.String(), Seed: 9,
		AWins: round4(aWins), BWins: round4(6 - aWins),
		ASoleWins: 3, ASharedWins: 2, SharedWins: 2,
		AScore: round4(aWins / 6), FairShare: 0.3333,
		AMeanTerritory: round4(float64(20+15+10+12+30+40) / 6),
		BMeanTerritory: round4(float64(10+9+15+9+21+8+12+12+5+4+3+3) / 12),
		Seats: []SeatResult{
			{Seat: "red", AGames: 2, AWins: round4(1 + 1.0/3), AScore: round4((1 + 1.0/3) / 2), Wins: round4(1 + 0.5 + 1 + 1.0/3)},
			{Seat: "blue", AGames: 2, AWins: 1.5, AScore: 0.75, Wins: round4(0.5 + 1.0/3 + 1)},
			{Seat: "green", AGames: 2, AWins: 1, AScore: 0.5, Wins: round4(1.0/3 + 1)},
		},
		MeanPlies: 42.5,
	}
	ci := Wilson95(aWins/6, 6)
	want.AScoreCI95 = [2]float64{round4(ci[0]), round4(ci[1])}
	if !reflect.DeepEqual(r, want) {
		t.Errorf("summary\n%+v\nwant\n%+v", r, want)
	}
	if empty := SummarizeMulti(cfg, rules, nil); empty.Games != 0 || empty.AScoreCI95 != [2]float64{0, 1} || len(empty.Seats) != 3 {
		t.Errorf("no games: %+v", empty)
	}
}

// TestMultiMatchStatistics checks the summary of real games for the
// invariants every match keeps.
func TestMultiMatchStatistics(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		cfg  MultiMatchConfig
	}{
		{"3p random vs easy", MultiMatchConfig{A: "random", B: "voronoi-easy", Games: 9, Rules: engine.Rules{Players: 3}, Seed: 5, Workers: 3}},
		{"3p no tie break", MultiMatchConfig{A: "voronoi-easy", B: "random", Games: 12, Rules: engine.Rules{Players: 3, TieBreak: engine.TieBreakNone}, Seed: 2, Workers: 2}},
		{"4p step-out", MultiMatchConfig{A: "voronoi-medium", B: "random", Games: 8, Rules: engine.Rules{Players: 4, Stay: engine.StayStepOut}, Seed: 7}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r, err := MultiMatch(context.Background(), tc.cfg)
			if err != nil {
				t.Fatal(err)
			}
			n := r.Players
			if r.Games != tc.cfg.Games || n != tc.cfg.Rules.Players || r.Mode != engine.OpeningEmpty || r.FairShare != round4(1/float64(n)) {
				t.Errorf("header %+v does not match the config", r)
			}
			near := func(a, b float64) bool { return math.Abs(a-b) < 0.0005 }
			if !near(r.AWins+r.BWins, float64(r.Games)) || !near(r.AScore, r.AWins/float64(r.Games)) {
				t.Errorf("a_wins %v + b_wins %v, a_score %v, over %d games", r.AWins, r.BWins, r.AScore, r.Games)
			}
			if r.ASoleWins+r.ASharedWins > r.Games || r.ASharedWins > r.SharedWins || float64(r.ASoleWins) > r.AWins+0.0005 {
				t.Errorf("win counts do not add up: %+v", r)
			}
			var seatGames int
			var seatWins, seatAWins float64
			for c, s := range r.Seats {
				want := r.Games / n
				if c < r.Games%n {
					want++
				}
				if s.Seat != grid.Color(c).String() || s.AGames != want {
					t.Errorf("seat %d: %s, A played it %d times, want %d", c, s.Seat, s.AGames, want)
				}
				seatGames += s.AGames
				seatWins += s.Wins
				seatAWins += s.AWins
			}
			if seatGames != r.Games || !near(seatWins, float64(r.Games)) || !near(seatAWins, r.AWins) {
				t.Errorf("seats add up to %d games, %v wins, %v of A's; want %d, %d, %v", seatGames, seatWins, seatAWins, r.Games, r.Games, r.AWins)
			}
			lo, hi := r.AScoreCI95[0], r.AScoreCI95[1]
			if lo < 0 || hi > 1 || lo > r.AScore || r.AScore > hi {
				t.Errorf("ci %v does not hold a_score %v within [0,1]", r.AScoreCI95, r.AScore)
			}
			if r.AMeanTerritory < 0 || r.AMeanTerritory+float64(n-1)*r.BMeanTerritory > 49.0005 || r.MeanPlies < float64(2*n) {
				t.Errorf("mean land %v and %v, plies %v out of range", r.AMeanTerritory, r.BMeanTerritory, r.MeanPlies)
			}
		})
	}
}

// TestMultiMatchIndependentOfWorkers: the games, moves included, depend on
// the seed alone.
func TestMultiMatchIndependentOfWorkers(t *testing.T) {
	t.Parallel()
	for _, players := range []int{3, 4} {
		cfg := MultiMatchConfig{A: "voronoi-easy", B: "random", Games: 8, Rules: engine.Rules{Players: players}, Seed: 3}
		var runs [][]MultiGameResult
		for _, w := range []int{1, 4} {
			cfg.Workers = w
			games, err := MultiMatchGames(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			runs = append(runs, games)
		}
		if !reflect.DeepEqual(runs[0], runs[1]) {
			t.Errorf("%d players: the games differ with the worker count", players)
		}
		cfg.Seed = 4
		other, err := MultiMatchGames(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if reflect.DeepEqual(other, runs[0]) {
			t.Errorf("%d players: seeds 3 and 4 play the same games", players)
		}
	}
}

// TestMultiMatchGamesDiffer: players that choose their turns without
// noise still open differently game by game, because each game seeds them
// anew and they draw their placements from the seed, so the seat rotation
// does not replay one game n times.
func TestMultiMatchGamesDiffer(t *testing.T) {
	t.Parallel()
	for _, players := range []int{3, 4} {
		cfg := MultiMatchConfig{A: "voronoi-hard", B: "voronoi-hard", Games: 12, Rules: engine.Rules{Players: players}, Seed: 1, Workers: 2}
		games, err := MultiMatchGames(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]int{}
		openings := map[string]bool{}
		for i, g := range games {
			key := fmt.Sprint(g.Moves)
			if j, dup := seen[key]; dup {
				t.Errorf("%d players: games %d and %d are the same", players, j, i)
			}
			seen[key] = i
			openings[fmt.Sprint(g.Moves[:2*players])] = true
		}
		if len(openings) < len(games)*3/4 {
			t.Errorf("%d players: %d distinct openings in %d games", players, len(openings), len(games))
		}
	}
}

func TestMultiMatchErrors(t *testing.T) {
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
	three := engine.Rules{Players: 3}
	tests := []struct {
		name string
		ctx  context.Context
		cfg  MultiMatchConfig
		want string
	}{
		{"two players", context.Background(), MultiMatchConfig{A: "random", B: "random", Games: 2, Rules: engine.Rules{Players: 2}}, "three or four"},
		{"default rules", context.Background(), MultiMatchConfig{A: "random", B: "random", Games: 2}, "three or four"},
		{"four-stone", context.Background(), MultiMatchConfig{A: "random", B: "random", Games: 2, Rules: engine.Rules{Players: 3, Opening: engine.OpeningFourStone}}, "rules.opening"},
		{"five players", context.Background(), MultiMatchConfig{A: "random", B: "random", Games: 2, Rules: engine.Rules{Players: 5}}, "rules.players"},
		{"unknown spec", context.Background(), MultiMatchConfig{A: "random", B: "nobody", Games: 2, Rules: three}, "unknown player"},
		{"no games", context.Background(), MultiMatchConfig{A: "random", B: "random", Rules: three}, "at least 1"},
		{"player error", context.Background(), MultiMatchConfig{A: "random", B: "boom", Games: 4, Rules: three, NewPlayer: custom}, "boom"},
		{"illegal move", context.Background(), MultiMatchConfig{A: "illegal", B: "random", Games: 4, Rules: three, NewPlayer: custom}, "illegal move"},
		{"canceled", canceled, MultiMatchConfig{A: "random", B: "random", Games: 4, Rules: three}, "canceled"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := MultiMatch(tc.ctx, tc.cfg)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want one containing %q", err, tc.want)
			}
		})
	}
}
