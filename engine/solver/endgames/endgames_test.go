package endgames

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/player"
)

// TestCollectPicksPositionsBeforeTheEnd checks each collected position
// against a replay of its game: it is the position PliesLeft plies before
// the end, in the play phase, and the positions come in game order.
func TestCollectPicksPositionsBeforeTheEnd(t *testing.T) {
	t.Parallel()
	rules := engine.DefaultRules()
	specs := []string{"voronoi-medium", "voronoi-easy"}
	plies := []int{1, 3, 8, 500}
	got, err := Collect(rules, specs, 7, 4, plies)
	if err != nil {
		t.Fatal(err)
	}
	var want []Position
	for g := range 4 {
		history, _, err := Game(rules, [2]string{specs[g%2], specs[(g/2)%2]}, uint64(7+g))
		if err != nil {
			t.Fatal(err)
		}
		end := len(history) - 1
		for _, k := range plies {
			if k <= end && history[end-k].Phase() == engine.Play {
				want = append(want, Position{Pos: history[end-k], PliesLeft: k, Game: g, Ply: end - k})
			}
		}
	}
	if len(got) != len(want) {
		t.Fatalf("collected %d positions, want %d", len(got), len(want))
	}
	if len(got) < 4*3 {
		t.Fatalf("collected only %d positions from 4 games at 1, 3 and 8 plies left", len(got))
	}
	for i := range got {
		g, w := got[i], want[i]
		if g.Game != w.Game || g.Ply != w.Ply || g.PliesLeft != w.PliesLeft || g.Pos.Hash() != w.Pos.Hash() {
			t.Errorf("position %d: game %d ply %d (%d left), want game %d ply %d (%d left)", i, g.Game, g.Ply, g.PliesLeft, w.Game, w.Ply, w.PliesLeft)
		}
		if g.PliesLeft == 500 {
			t.Errorf("position %d: a game of %d plies gave a position 500 plies before its end", i, g.Ply+g.PliesLeft)
		}
	}
}

// TestCollectGamesDoesNotDependOnWorkers plays the same games one at a
// time and three at a time: players without a clock give the same
// positions, in the same order.
func TestCollectGamesDoesNotDependOnWorkers(t *testing.T) {
	t.Parallel()
	src := Source{Rules: engine.DefaultRules(), Specs: []string{"voronoi-easy", "random"}, First: 40, Games: 7}
	one, err := CollectGames(context.Background(), src, []int{2, 6})
	if err != nil {
		t.Fatal(err)
	}
	src.Workers = 3
	three, err := CollectGames(context.Background(), src, []int{2, 6})
	if err != nil {
		t.Fatal(err)
	}
	same := slices.EqualFunc(one, three, func(a, b Position) bool {
		return a.Game == b.Game && a.Ply == b.Ply && a.PliesLeft == b.PliesLeft && a.Pos.Hash() == b.Pos.Hash()
	})
	if !same || len(one) == 0 {
		t.Fatalf("one worker gave %d positions, three gave %d, and they differ (or none)", len(one), len(three))
	}
}

// TestCollectGamesUsesTheConstructor checks that the players come from
// NewPlayer (self-play with one spec: both sides built from it, with
// different seeds) and that its errors reach the caller.
func TestCollectGamesUsesTheConstructor(t *testing.T) {
	t.Parallel()
	var built atomic.Int64
	seeds := make(chan uint64, 8)
	build := func(spec string, seed uint64) (player.Player, error) {
		if spec != "mine" {
			t.Errorf("constructor called with %q", spec)
		}
		built.Add(1)
		seeds <- seed
		return player.New("voronoi-easy", seed)
	}
	src := Source{Rules: engine.DefaultRules(), Specs: []string{"mine"}, NewPlayer: build, First: 3, Games: 2, Workers: 2}
	got, err := CollectGames(context.Background(), src, []int{1})
	if err != nil {
		t.Fatal(err)
	}
	close(seeds)
	if built.Load() != 4 || len(got) != 2 {
		t.Fatalf("built %d players and collected %d positions from 2 self-play games, want 4 and 2", built.Load(), len(got))
	}
	distinct := map[uint64]bool{}
	for s := range seeds {
		distinct[s] = true
	}
	if len(distinct) != 4 {
		t.Errorf("the 4 players had %d distinct seeds", len(distinct))
	}

	boom := errors.New("no such player")
	src.NewPlayer = func(string, uint64) (player.Player, error) { return nil, boom }
	if _, err := CollectGames(context.Background(), src, []int{1}); !errors.Is(err, boom) {
		t.Errorf("a failing constructor gave %v, want its error", err)
	}
	src.Specs = nil
	if _, err := CollectGames(context.Background(), src, []int{1}); err == nil || !strings.Contains(err.Error(), "no players") {
		t.Errorf("no players gave %v", err)
	}
}

// TestPlayGamesStops checks the errors of PlayGames: one failing game out
// of several stops the rest and is the error reported, whatever the games
// cancelled after it return; a context already done and a negative count
// of games are errors too.
func TestPlayGamesStops(t *testing.T) {
	t.Parallel()
	boom := errors.New("player 11 is broken")
	var built atomic.Int64
	build := func(spec string, seed uint64) (player.Player, error) {
		built.Add(1)
		if seed/2 == 11 { // game 5 of First 6
			return nil, boom
		}
		return player.New(spec, seed)
	}
	src := Source{Rules: engine.DefaultRules(), Specs: []string{"voronoi-easy"}, NewPlayer: build, First: 6, Games: 200, Workers: 3}
	if _, err := PlayGames(context.Background(), src); !errors.Is(err, boom) {
		t.Errorf("a failing game gave %v, want its error", err)
	}
	if n := built.Load(); n >= 2*200 {
		t.Errorf("built %d players: the games after the failure were all played", n)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	src.NewPlayer = nil
	if _, err := PlayGames(ctx, src); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled context gave %v", err)
	}
	src.Games = -1
	if _, err := PlayGames(context.Background(), src); err == nil {
		t.Error("-1 games: no error")
	}
}
