package main

import (
	"context"
	"encoding/json"
	"io"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/program"
	"github.com/wallzero/wallzero/engine/player"
)

// runMultiMatch plays the seat-rotated match cfg of three or four players
// (`wallzero match -players 3|4`), its search players sharing ev, saves
// its games to saveGames unless that is "", and prints one JSON object of
// statistics (see player.MultiMatchResult).
func runMultiMatch(cfg player.MultiMatchConfig, ev *program.Evaluators, saveGames string, stdout io.Writer) error {
	var tr program.ThinkTracker
	cfg.NewPlayer = program.PlayerConstructor(ev, &tr)
	played, err := player.MultiMatchGames(context.Background(), cfg)
	if err != nil {
		return err
	}
	rules, _ := cfg.Rules.Normalize() // MultiMatchGames checked them
	if saveGames != "" {
		err := writeWhole(saveGames, "-save-games", func(w io.Writer) error { return player.WriteMultiSavedGames(w, cfg, rules, played) })
		if err != nil {
			return err
		}
	}
	return json.NewEncoder(stdout).Encode(multiMatchOutput{
		MultiMatchResult: player.SummarizeMulti(cfg, rules, played),
		Workers:          cfg.Workers,
		AThink:           tr.Report(cfg.A),
		BThink:           tr.Report(cfg.B),
	})
}

// multiMatchOutput is the JSON `wallzero match -players 3|4` prints: the
// match statistics and each player's thinking, as matchOutput (b_think
// covers every B seat).
type multiMatchOutput struct {
	player.MultiMatchResult
	// Workers is the number of games played at once.
	Workers int `json:"workers"`
	// AThink and BThink summarize the players' thinking time and
	// evaluations per move.
	AThink program.ThinkReport `json:"a_think"`
	BThink program.ThinkReport `json:"b_think"`
}
