// Package endgames collects endgame positions from played games, for the
// solver's tests and its reach benchmark. The games are played by the
// engine's heuristic players or, through a player.Constructor, by any
// other (the command line passes the network's search players, so that the
// benchmark can draw from the agent's own self-play).
package endgames

import (
	"context"
	"fmt"
	"sync"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/engine/player"
)

// Position is a position taken from a played game.
type Position struct {
	// Pos is the position.
	Pos engine.Position
	// PliesLeft is the number of plies the game still had when it reached
	// Pos.
	PliesLeft int
	// Game and Ply identify the game (by index) and the ply.
	Game, Ply int
}

// Game plays one game between the built-in players named by specs (Red
// first) with the given seed and returns every position of it, the final
// one last, and the moves between them.
func Game(rules engine.Rules, specs [2]string, seed uint64) ([]engine.Position, []grid.Move, error) {
	return play(context.Background(), rules, specs, player.New, seed)
}

// play plays one game between the players build makes from specs.
func play(ctx context.Context, rules engine.Rules, specs [2]string, build player.Constructor, seed uint64) ([]engine.Position, []grid.Move, error) {
	pos := engine.NewPosition(rules)
	var players [2]player.Player
	for i, spec := range specs {
		p, err := build(spec, seed*2+uint64(i))
		if err != nil {
			return nil, nil, err
		}
		players[i] = p
	}
	history := []engine.Position{pos}
	var moves []grid.Move
	for !pos.IsOver() {
		if len(history) > 1000 {
			return nil, nil, fmt.Errorf("endgames: game %d not over after 1000 plies", seed)
		}
		view := pos
		m, err := players[pos.ToMove()].ChooseMove(ctx, &view)
		if err != nil {
			return nil, nil, err
		}
		if err := pos.Play(m); err != nil {
			return nil, nil, fmt.Errorf("endgames: %s played %s illegally: %w", specs[pos.ToMove()], m, err)
		}
		history = append(history, pos)
		moves = append(moves, m)
	}
	return history, moves, nil
}

// Collect plays games seeds first, first+1, .. first+games-1 between the
// built-in players of specs (alternating through them) and returns, from
// each, the positions pliesLeft plies before its end for every value in
// pliesLeft that the game is long enough for, in the play phase.
func Collect(rules engine.Rules, specs []string, first uint64, games int, pliesLeft []int) ([]Position, error) {
	return CollectGames(context.Background(), Source{Rules: rules, Specs: specs, First: first, Games: games}, pliesLeft)
}

// Source describes the games endgame positions are drawn from.
type Source struct {
	// Rules are the games' rules.
	Rules engine.Rules
	// Specs are the players. Game g is played by Specs[g mod n] as Red and
	// Specs[(g / n) mod n] as Blue, so one spec means self-play.
	Specs []string
	// NewPlayer builds the players; nil means player.New (the built-in
	// ones).
	NewPlayer player.Constructor
	// First is the seed of game 0; game g has seed First+g, and its
	// players' seeds derive from it.
	First uint64
	// Games is the number of games.
	Games int
	// Workers is the number of games played at once (0 means 1). The
	// positions do not depend on it when the players' moves depend on
	// their seeds only (no time budgets).
	Workers int
}

// Played is one played game.
type Played struct {
	// Seed is the game's seed and Specs its players, Red first.
	Seed  uint64
	Specs [2]string
	// Positions holds every position of the game, the final one last, and
	// Moves the moves between them.
	Positions []engine.Position
	Moves     []grid.Move
}

// PlayGames plays the games of src and returns them in game order. It
// stops at the first error (a bad player, an illegal move, ctx done).
func PlayGames(ctx context.Context, src Source) ([]Played, error) {
	if len(src.Specs) == 0 {
		return nil, fmt.Errorf("endgames: no players")
	}
	if src.Games < 0 {
		return nil, fmt.Errorf("endgames: %d games", src.Games)
	}
	build := src.NewPlayer
	if build == nil {
		build = player.New
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	out := make([]Played, src.Games)
	var (
		mu       sync.Mutex
		firstErr error // the first to happen, not a game cancelled after it
	)
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(max(src.Workers, 1), max(src.Games, 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for g := range next {
				n := len(src.Specs)
				p := Played{Seed: src.First + uint64(g), Specs: [2]string{src.Specs[g%n], src.Specs[(g/n)%n]}}
				var err error
				if p.Positions, p.Moves, err = play(ctx, src.Rules, p.Specs, build, p.Seed); err != nil {
					mu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					cancel()
				}
				out[g] = p
			}
		}()
	}
feed:
	for g := range src.Games {
		select {
		case next <- g:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	if err := ctx.Err(); err != nil {
		return nil, err // the caller's context ended before every game was played
	}
	return out, nil
}

// CollectGames plays the games of src and returns Pick's positions of
// them.
func CollectGames(ctx context.Context, src Source, pliesLeft []int) ([]Position, error) {
	games, err := PlayGames(ctx, src)
	if err != nil {
		return nil, err
	}
	return Pick(games, pliesLeft), nil
}

// Pick returns, in game order, the positions pliesLeft plies before each
// game's end for every value in pliesLeft that the game is long enough
// for, in the play phase.
func Pick(games []Played, pliesLeft []int) []Position {
	var out []Position
	for g, p := range games {
		end := len(p.Positions) - 1
		for _, k := range pliesLeft {
			if k < 1 || k > end || p.Positions[end-k].Phase() != engine.Play {
				continue
			}
			out = append(out, Position{Pos: p.Positions[end-k], PliesLeft: k, Game: g, Ply: end - k})
		}
	}
	return out
}
