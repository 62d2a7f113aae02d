package player

import (
	"context"
	"fmt"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// Constructor builds a player from its specification and a seed; New is
// the built-in one.
type Constructor func(spec string, seed uint64) (Player, error)

// MatchConfig describes a match between two players, A and B.
type MatchConfig struct {
	// A and B are the players' specifications. A plays Red and B Blue (in
	// every game, or in the even-numbered ones with Swap).
	A, B string
	// Games is the number of games, at least 1.
	Games int
	// Rules are the game's rules (normalized by Match); two players only.
	Rules engine.Rules
	// Seed determines every game: game i and its players get seeds derived
	// from Seed and i (see GameSeeds).
	Seed uint64
	// Swap alternates colours: A plays Blue in the odd-numbered games.
	Swap bool
	// Workers is the number of games played at once; 0 means
	// runtime.NumCPU(). It does not change the results.
	Workers int
	// NewPlayer builds the players; nil means New.
	NewPlayer Constructor
}

// MatchResult summarizes a match. Scores count a win as 1 and a draw as
// 1/2, from A's side.
type MatchResult struct {
	// Games is the number of games played.
	Games int `json:"games"`
	// A and B are the players' specifications.
	A string `json:"a"`
	B string `json:"b"`
	// Mode is the opening, Rules the full rules.
	Mode  engine.Opening `json:"mode"`
	Rules string         `json:"rules"`
	// Seed and Swap repeat the configuration.
	Seed uint64 `json:"seed"`
	Swap bool   `json:"swap"`
	// AWins, BWins and Draws count the outcomes.
	AWins int `json:"a_wins"`
	BWins int `json:"b_wins"`
	Draws int `json:"draws"`
	// AScore is A's mean score per game, (AWins + Draws/2) / Games.
	AScore float64 `json:"a_score"`
	// AScoreCI95 is a 95% confidence interval for AScore: the normal
	// approximation from the variance of the per-game scores, clipped to
	// [0, 1].
	AScoreCI95 [2]float64 `json:"a_score_ci95"`
	// AMeanTerritory and BMeanTerritory are the players' mean final land.
	AMeanTerritory float64 `json:"a_mean_territory"`
	BMeanTerritory float64 `json:"b_mean_territory"`
	// ARedGames counts the games A played as Red, ARedWins and ABlueWins
	// A's wins as Red and as Blue.
	ARedGames int `json:"a_red_games"`
	ARedWins  int `json:"a_red_wins"`
	ABlueWins int `json:"a_blue_wins"`
	// RedWins and BlueWins count the wins by colour, whoever played it.
	RedWins  int `json:"red_wins"`
	BlueWins int `json:"blue_wins"`
	// MeanPlies is the mean game length in moves, placements included.
	MeanPlies float64 `json:"mean_plies"`
}

// GameResult is the outcome of one game of a match.
type GameResult struct {
	// Index is the game's number in the match, from 0.
	Index int
	// ARed reports whether A played Red.
	ARed bool
	// Winner is the winning colour, or NoColor for a draw.
	Winner grid.Color
	// Score holds the final land of Red and Blue.
	Score [2]int
	// Plies is the number of moves played.
	Plies int
	// Moves are the moves played, in order (a record of the game with the
	// match's rules).
	Moves []grid.Move
}

// AScore returns A's score in the game: 1, 1/2 or 0.
func (g GameResult) AScore() float64 {
	a := aColor(g.ARed)
	switch g.Winner {
	case a:
		return 1
	case grid.NoColor:
		return 0.5
	}
	return 0
}

// aColor returns A's colour.
func aColor(aRed bool) grid.Color {
	if aRed {
		return grid.Red
	}
	return grid.Blue
}

// Match plays cfg.Games games between cfg.A and cfg.B and summarizes them.
// Games run in parallel; each is fully determined by cfg.Seed and its
// index, so the result does not depend on cfg.Workers. It stops at the
// first error (a bad specification, an illegal move, ctx done).
func Match(ctx context.Context, cfg MatchConfig) (MatchResult, error) {
	games, err := MatchGames(ctx, cfg)
	if err != nil {
		return MatchResult{}, err
	}
	rules, _ := cfg.Rules.Normalize() // checked by MatchGames
	return Summarize(cfg, rules, games), nil
}

// MatchGames plays the games of Match and returns them in index order.
func MatchGames(ctx context.Context, cfg MatchConfig) ([]GameResult, error) {
	rules, err := cfg.Rules.Normalize()
	if err != nil {
		return nil, fmt.Errorf("match: %w", err)
	}
	if rules.Players != 2 {
		return nil, fmt.Errorf("match: two-player games only, not %d players (MultiMatchGames plays three or four)", rules.Players)
	}
	build, err := matchPlayers(cfg.Games, cfg.NewPlayer, cfg.A, cfg.B)
	if err != nil {
		return nil, err
	}
	return playIndexed(ctx, cfg.Games, cfg.Workers, func(ctx context.Context, i int) (GameResult, error) {
		return playMatchGame(ctx, cfg, rules, build, i)
	})
}

// playMatchGame plays game i of the match.
func playMatchGame(ctx context.Context, cfg MatchConfig, rules engine.Rules, build Constructor, i int) (GameResult, error) {
	_, seedA, seedB := GameSeeds(cfg.Seed, i)
	a, err := build(cfg.A, seedA)
	if err != nil {
		return GameResult{}, err
	}
	b, err := build(cfg.B, seedB)
	if err != nil {
		return GameResult{}, err
	}
	aRed := !cfg.Swap || i%2 == 0
	players := []Player{a, b}
	if !aRed {
		players = []Player{b, a}
	}
	final, moves, err := PlayGameMoves(ctx, engine.NewPosition(rules), players)
	if err != nil {
		return GameResult{}, fmt.Errorf("match game %d: %w", i, err)
	}
	res := final.Result()
	return GameResult{
		Index:  i,
		ARed:   aRed,
		Winner: res.Winner(),
		Score:  [2]int{res.Score[grid.Red], res.Score[grid.Blue]},
		Plies:  final.Ply(),
		Moves:  moves,
	}, nil
}

// matchPlayers checks a match's game count and builds each player spec
// once up front, so that a bad specification fails before any game; it
// returns the constructor to use (New when newPlayer is nil).
func matchPlayers(games int, newPlayer Constructor, specs ...string) (Constructor, error) {
	if games < 1 {
		return nil, fmt.Errorf("match: games must be at least 1, not %d", games)
	}
	build := newPlayer
	if build == nil {
		build = New
	}
	for _, spec := range specs {
		if _, err := build(spec, 0); err != nil {
			return nil, fmt.Errorf("match: %w", err)
		}
	}
	return build, nil
}
