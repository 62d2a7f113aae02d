package main

import (
	"context"
	"encoding/json"
	"io"

	"github.com/wallzero/wallzero/engine/player"
)

// newPlayer builds a player from its specification. Only the built-in
// heuristic players exist so far; search and network players will be added
// here.
func newPlayer(spec string, seed uint64) (player.Player, error) {
	return player.New(spec, seed)
}

// runMatch implements `wallzero match`: it plays games between two players
// and prints one JSON object of statistics (see player.MatchResult).
func runMatch(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("match", stderr)
	var rf rulesFlags
	rf.register(fs)
	red := fs.String("red", "voronoi-medium", "player A, Red in the first game: random, voronoi-easy, voronoi-medium or voronoi-hard")
	blue := fs.String("blue", "random", "player B, Blue in the first game")
	games := fs.Int("games", 100, "number of games")
	seed := fs.Uint64("seed", 1, "seed of the match (every game's seed derives from it)")
	swap := fs.Bool("swap", false, "alternate colours game by game")
	workers := fs.Int("workers", 0, "games played at once (0: one per CPU); does not change the results")
	if err := fs.Parse(args); err != nil {
		return err
	}
	rules, err := rf.rules()
	if err != nil {
		return err
	}
	res, err := player.Match(context.Background(), player.MatchConfig{
		A:         *red,
		B:         *blue,
		Games:     *games,
		Rules:     rules,
		Seed:      *seed,
		Swap:      *swap,
		Workers:   *workers,
		NewPlayer: newPlayer,
	})
	if err != nil {
		return err
	}
	return json.NewEncoder(stdout).Encode(res)
}
