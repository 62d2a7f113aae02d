package main

import (
	"context"
	"encoding/json"
	"io"
	"strings"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/gameinput"
	"github.com/wallzero/wallzero/cmd/wallzero/internal/program"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/player"
)

// runMatch implements `wallzero match`: it plays games between two players
// and prints one JSON object of statistics (see player.MatchResult). With
// -players 3 or 4 it plays a seat-rotated match instead, -red (A) against
// an instance of -blue (B) in every other seat (runMultiMatch).
func runMatch(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("match", stderr)
	var rf gameinput.RulesFlags
	rf.Register(fs)
	red := fs.String("red", "voronoi-medium", "player A, Red in the first game (with -players 3 or 4: the one seat A holds, "+
		"which rotates game by game): "+program.PlayerSpecHelp)
	blue := fs.String("blue", "random", "player B, Blue in the first game (with -players 3 or 4: every seat A does not hold, each its own instance)")
	games := fs.Int("games", 100, "number of games")
	seed := fs.Uint64("seed", 1, "seed of the match (every game's seed derives from it)")
	swap := fs.Bool("swap", false, "alternate colours game by game (with -players 3 or 4 seats always rotate)")
	workers := fs.Int("workers", 0, "games played at once (0: one per CPU, 16 with search players, 1 with a time budget "+
		"so that each search has the machine to itself); does not change the results of players without a time budget")
	saveGames := fs.String("save-games", "", "also write every game to this file: one JSON line each, the record (rules, moves) with players {red, blue[, green, yellow]} and result")
	var mf program.ModelFlags
	mf.Register(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	ev := program.NewEvaluators(mf)
	defer ev.Close()
	switch {
	case *workers != 0:
	case program.IsTimedSpec(*red) || program.IsTimedSpec(*blue):
		*workers = 1 // a budget per move is only fair when one search runs at a time
	case isSearchSpec(*red) || isSearchSpec(*blue):
		*workers = 16 // many games in flight fill the network's batches
	}
	rules, err := rf.Rules()
	if err != nil {
		return err
	}
	if rules.Players > 2 {
		cfg := player.MultiMatchConfig{A: *red, B: *blue, Games: *games, Rules: rules, Seed: *seed, Workers: *workers}
		return runMultiMatch(cfg, ev, *saveGames, stdout)
	}
	var tr program.ThinkTracker
	cfg := player.MatchConfig{
		A:         *red,
		B:         *blue,
		Games:     *games,
		Rules:     rules,
		Seed:      *seed,
		Swap:      *swap,
		Workers:   *workers,
		NewPlayer: program.PlayerConstructor(ev, &tr),
	}
	played, err := player.MatchGames(context.Background(), cfg)
	if err != nil {
		return err
	}
	normalized, _ := rules.Normalize() // MatchGames checked them
	if *saveGames != "" {
		if err := saveMatchGames(*saveGames, cfg, normalized, played); err != nil {
			return err
		}
	}
	return json.NewEncoder(stdout).Encode(matchOutput{
		MatchResult: player.Summarize(cfg, normalized, played),
		Workers:     *workers,
		AThink:      tr.Report(*red),
		BThink:      tr.Report(*blue),
	})
}

// matchOutput is the JSON `wallzero match` prints: the match statistics
// and each player's thinking (a and b share one entry when their specs are
// equal).
type matchOutput struct {
	player.MatchResult
	// Workers is the number of games played at once.
	Workers int `json:"workers"`
	// AThink and BThink summarize the players' thinking time and
	// evaluations per move.
	AThink program.ThinkReport `json:"a_think"`
	BThink program.ThinkReport `json:"b_think"`
}

// saveMatchGames writes the match's games to path (player.WriteSavedGames)
// whole or not at all.
func saveMatchGames(path string, cfg player.MatchConfig, rules engine.Rules, games []player.GameResult) error {
	return writeWhole(path, "-save-games", func(w io.Writer) error { return player.WriteSavedGames(w, cfg, rules, games) })
}

// isSearchSpec reports whether a player spec evaluates positions (a
// slipping player's when its inner player does).
func isSearchSpec(spec string) bool {
	if _, inner, ok := player.CutSlip(spec); ok {
		return isSearchSpec(inner)
	}
	return strings.HasPrefix(spec, "mcts") || strings.HasPrefix(spec, "policy")
}
