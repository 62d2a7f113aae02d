package player

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/wallzero/wallzero/engine"
)

// SavedGame is one game of a match as `wallzero match -save-games` writes
// it: the game's record (rules and moves, which replay it), who played
// which colour, and how it ended. A reviewer or a calibration reads it
// back as a record and knows both players.
type SavedGame struct {
	engine.Record
	// Players are the specs that played Red and Blue.
	Players SavedPlayers `json:"players"`
	// Result is the end of the game.
	Result SavedResult `json:"result"`
	// Game is the game's index in the match and Seed the match's seed:
	// with the specs they play the game again.
	Game int    `json:"game"`
	Seed uint64 `json:"seed"`
}

// SavedPlayers names the player of each colour.
type SavedPlayers struct {
	Red  string `json:"red"`
	Blue string `json:"blue"`
}

// SavedResult is the end of a saved game: the winning colour ("draw" for
// none) and each colour's final land.
type SavedResult struct {
	Winner string         `json:"winner"`
	Score  map[string]int `json:"score"`
}

// SavedGameOf returns the saved form of game g of a match under cfg with
// rules (normalized).
func SavedGameOf(cfg MatchConfig, rules engine.Rules, g GameResult) SavedGame {
	out := SavedGame{Game: g.Index, Seed: cfg.Seed}
	out.Rules = rules
	out.Moves = make([]string, len(g.Moves))
	for i, m := range g.Moves {
		out.Moves[i] = m.String()
	}
	out.Players = SavedPlayers{Red: cfg.A, Blue: cfg.B}
	if !g.ARed {
		out.Players = SavedPlayers{Red: cfg.B, Blue: cfg.A}
	}
	out.Result = SavedResult{Winner: "draw", Score: map[string]int{"red": g.Score[0], "blue": g.Score[1]}}
	if g.Winner != engine.NoColor {
		out.Result.Winner = g.Winner.String()
	}
	return out
}

// WriteSavedGames writes the games of a match as JSON lines, one
// SavedGame per game, in index order.
func WriteSavedGames(w io.Writer, cfg MatchConfig, rules engine.Rules, games []GameResult) error {
	enc := json.NewEncoder(w)
	for _, g := range games {
		if err := enc.Encode(SavedGameOf(cfg, rules, g)); err != nil {
			return fmt.Errorf("save game %d: %w", g.Index, err)
		}
	}
	return nil
}
