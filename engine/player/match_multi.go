package player

import (
	"context"
	"fmt"
	"math/bits"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// MultiMatchConfig describes a seat-rotated match of three or four
// players: candidate A holds one seat and every other seat is played by
// its own instance of player B. A's seat rotates game by game, so that
// over a multiple of the player count A has held every seat equally often
// (the seats are not equal: the first placer, for one, picks first).
type MultiMatchConfig struct {
	// A and B are the players' specifications.
	A, B string
	// Games is the number of games, at least 1.
	Games int
	// Rules are the game's rules (normalized by MultiMatchGames): three or
	// four players, so the empty opening, whose setup phase places every
	// stone in snake order.
	Rules engine.Rules
	// Seed determines every game: game i and its players get seeds derived
	// from Seed and i (see MultiGameSeeds).
	Seed uint64
	// Workers is the number of games played at once; 0 means
	// runtime.NumCPU(). It does not change the results.
	Workers int
	// NewPlayer builds the players; nil means New.
	NewPlayer Constructor
}

// MultiGameResult is the outcome of one game of a multi-player match.
type MultiGameResult struct {
	// Index is the game's number in the match, from 0.
	Index int
	// Players is the number of seats, ASeat the colour A played (Index
	// mod Players).
	Players int
	ASeat   grid.Color
	// Winners has bit c set for each colour sharing the win (one bit: a
	// single winner), as engine.Result.
	Winners uint8
	// Score holds each colour's final land (zero past Players).
	Score [grid.MaxPlayers]int
	// Plies is the number of moves played.
	Plies int
	// Moves are the moves played, in order (a record of the game with the
	// match's rules).
	Moves []grid.Move
}

// Share returns colour c's part of the win: 1 for a single winner, 1/k
// for each of k players sharing it, 0 for the others.
func (g MultiGameResult) Share(c grid.Color) float64 {
	if g.Winners>>uint(c)&1 == 0 {
		return 0
	}
	return 1 / float64(bits.OnesCount8(g.Winners))
}

// AScore returns A's score in the game, its share of the win.
func (g MultiGameResult) AScore() float64 { return g.Share(g.ASeat) }

// MultiGameSeeds returns the seed of game i of a multi-player match seeded
// with seed, and the seed of the player in each seat when A sits in aSeat:
// A is built with the seed GameSeeds gives A, each instance of B with one
// of its own. Seats past players get 0.
func MultiGameSeeds(seed uint64, i, players int, aSeat grid.Color) (game uint64, seats [grid.MaxPlayers]uint64) {
	game = mixSeed(seed, uint64(i))
	for c := range players {
		if grid.Color(c) == aSeat {
			seats[c] = mixSeed(game, 1)
		} else {
			seats[c] = mixSeed(game, uint64(2+c))
		}
	}
	return game, seats
}

// MultiMatch plays cfg.Games seat-rotated games and summarizes them. Games
// run in parallel; each is fully determined by cfg.Seed and its index, so
// the result does not depend on cfg.Workers. It stops at the first error
// (a bad specification, an illegal move, ctx done).
func MultiMatch(ctx context.Context, cfg MultiMatchConfig) (MultiMatchResult, error) {
	games, err := MultiMatchGames(ctx, cfg)
	if err != nil {
		return MultiMatchResult{}, err
	}
	rules, _ := cfg.Rules.Normalize() // checked by MultiMatchGames
	return SummarizeMulti(cfg, rules, games), nil
}

// MultiMatchGames plays the games of MultiMatch and returns them in index
// order.
func MultiMatchGames(ctx context.Context, cfg MultiMatchConfig) ([]MultiGameResult, error) {
	rules, err := cfg.Rules.Normalize()
	if err != nil {
		return nil, fmt.Errorf("match: %w", err)
	}
	if rules.Players < 3 {
		return nil, fmt.Errorf("match: seat-rotated matches are for three or four players, not %d (Match plays two)", rules.Players)
	}
	build, err := matchPlayers(cfg.Games, cfg.NewPlayer, cfg.A, cfg.B)
	if err != nil {
		return nil, err
	}
	return playIndexed(ctx, cfg.Games, cfg.Workers, func(ctx context.Context, i int) (MultiGameResult, error) {
		return playMultiGame(ctx, cfg, rules, build, i)
	})
}

// playMultiGame plays game i of a multi-player match: A in seat i mod
// players, a fresh B in every other seat.
func playMultiGame(ctx context.Context, cfg MultiMatchConfig, rules engine.Rules, build Constructor, i int) (MultiGameResult, error) {
	aSeat := grid.Color(i % rules.Players)
	_, seeds := MultiGameSeeds(cfg.Seed, i, rules.Players, aSeat)
	players := make([]Player, rules.Players)
	for c := range players {
		spec := cfg.B
		if grid.Color(c) == aSeat {
			spec = cfg.A
		}
		p, err := build(spec, seeds[c])
		if err != nil {
			return MultiGameResult{}, err
		}
		players[c] = p
	}
	final, moves, err := PlayGameMoves(ctx, engine.NewPosition(rules), players)
	if err != nil {
		return MultiGameResult{}, fmt.Errorf("match game %d: %w", i, err)
	}
	res := final.Result()
	return MultiGameResult{
		Index:   i,
		Players: rules.Players,
		ASeat:   aSeat,
		Winners: res.Winners,
		Score:   res.Score,
		Plies:   final.Ply(),
		Moves:   moves,
	}, nil
}
