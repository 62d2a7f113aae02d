package player

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// SavedGame is one game of a match as `wallzero match -save-games` writes
// it: the game's record (rules and moves, which replay it), who played
// which colour, and how it ended. A reviewer or a calibration reads it
// back as a record and knows every player. Two-player and multi-player
// matches write the same shape; the fields only a multi-player game has
// are left out of two-player lines.
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
	// ASeat is the colour candidate A played in a multi-player match (B
	// played the others; A's spec may equal B's). Empty with two players,
	// where Players tells A from B.
	ASeat string `json:"a_seat,omitempty"`
}

// SavedPlayers names the player of each colour; Green and Yellow only in
// three- and four-player games.
type SavedPlayers struct {
	Red    string `json:"red"`
	Blue   string `json:"blue"`
	Green  string `json:"green,omitempty"`
	Yellow string `json:"yellow,omitempty"`
}

// set names the player of colour c.
func (p *SavedPlayers) set(c grid.Color, spec string) {
	switch c {
	case grid.Red:
		p.Red = spec
	case grid.Blue:
		p.Blue = spec
	case grid.Green:
		p.Green = spec
	case grid.Yellow:
		p.Yellow = spec
	}
}

// SavedResult is the end of a saved game: the winning colour ("draw" for
// none, a win shared), each colour's final land and, in a multi-player
// game, every colour sharing the win (one for a single winner).
type SavedResult struct {
	Winner  string         `json:"winner"`
	Score   map[string]int `json:"score"`
	Winners []string       `json:"winners,omitempty"`
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
	if g.Winner != grid.NoColor {
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

// MultiSavedGameOf returns the saved form of game g of a multi-player
// match under cfg with rules (normalized).
func MultiSavedGameOf(cfg MultiMatchConfig, rules engine.Rules, g MultiGameResult) SavedGame {
	out := SavedGame{Game: g.Index, Seed: cfg.Seed, ASeat: g.ASeat.String()}
	out.Rules = rules
	out.Moves = make([]string, len(g.Moves))
	for i, m := range g.Moves {
		out.Moves[i] = m.String()
	}
	out.Result = SavedResult{Winner: "draw", Score: map[string]int{}, Winners: []string{}}
	for c := range grid.Color(rules.Players) {
		spec := cfg.B
		if c == g.ASeat {
			spec = cfg.A
		}
		out.Players.set(c, spec)
		out.Result.Score[c.String()] = g.Score[c]
		if g.Winners>>uint(c)&1 != 0 {
			out.Result.Winners = append(out.Result.Winners, c.String())
		}
	}
	if len(out.Result.Winners) == 1 {
		out.Result.Winner = out.Result.Winners[0]
	}
	return out
}

// WriteMultiSavedGames writes the games of a multi-player match as JSON
// lines, one SavedGame per game, in index order.
func WriteMultiSavedGames(w io.Writer, cfg MultiMatchConfig, rules engine.Rules, games []MultiGameResult) error {
	enc := json.NewEncoder(w)
	for _, g := range games {
		if err := enc.Encode(MultiSavedGameOf(cfg, rules, g)); err != nil {
			return fmt.Errorf("save game %d: %w", g.Index, err)
		}
	}
	return nil
}
