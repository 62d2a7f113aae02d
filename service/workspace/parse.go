package workspace

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/engine/recordtext"
	"github.com/wallzero/wallzero/service/analysis"
)

// Import formats: JSON lines (one record a line, with optional players,
// date, event and result; `wallzero match -save-games` writes them) and
// WGF (one record a line). FormatAuto takes JSON lines when the first
// line that is not blank starts with '{', else WGF.
const (
	FormatAuto  = ""
	FormatJSONL = "jsonl"
	FormatWGF   = "wgf"
)

// LineProblem is a line of an import that was not imported, and why.
type LineProblem struct {
	Line int
	// Field names the part of the line at fault (a JSON path, e.g.
	// moves[12]), when there is one.
	Field   string
	Message string
}

// String returns `line N FIELD: MESSAGE` (`line N: MESSAGE` without a field).
func (p LineProblem) String() string {
	if p.Field == "" {
		return fmt.Sprintf("line %d: %s", p.Line, p.Message)
	}
	return fmt.Sprintf("line %d %s: %s", p.Line, p.Field, p.Message)
}

// ParsedGame is a game read from one line of an import, replayed.
type ParsedGame struct {
	Line   int
	Record engine.Record
	// Positions counts the positions of the game (its moves and the start).
	Positions int
	// Players names each colour's player (colour -> name; may be empty).
	Players map[string]string
	// Date is YYYY-MM-DD or ""; Event "" when not given.
	Date, Event string
	// Winner is a colour, "draw", or "" when unknown.
	Winner string
}

// importLine is a JSON line: a record with the game's context. Fields
// other than these (a saved match game's game, seed, aSeat) are ignored.
type importLine struct {
	Rules   engine.Rules      `json:"rules"`
	Board   *engine.Diagram   `json:"board"`
	Moves   []string          `json:"moves"`
	Players map[string]string `json:"players"`
	Date    string            `json:"date"`
	Event   string            `json:"event"`
	Result  json.RawMessage   `json:"result"`
}

// ParseImport reads the games of an import, one a line (blank lines and,
// in WGF, lines starting with '#' are skipped), each checked and replayed
// within limits. names gives the players of games that name none (a WGF
// record names none). Every bad line is a LineProblem; the error is for
// the import as a whole (an unknown format).
func ParseImport(text, format string, limits analysis.Limits, names map[string]string) ([]ParsedGame, []LineProblem, error) {
	lines := strings.Split(text, "\n")
	if format == FormatAuto {
		format = FormatWGF
		for _, l := range lines {
			if t := strings.TrimSpace(l); t != "" {
				if strings.HasPrefix(t, "{") {
					format = FormatJSONL
				}
				break
			}
		}
	}
	if format != FormatJSONL && format != FormatWGF {
		return nil, nil, wallzero.Invalid("format", fmt.Sprintf("%q: want jsonl or wgf (or none: detected)", wallzero.Clip(format, 20)))
	}
	var games []ParsedGame
	var problems []LineProblem
	for i, l := range lines {
		l = strings.TrimSpace(l)
		if l == "" || format == FormatWGF && strings.HasPrefix(l, "#") {
			continue
		}
		g, p := parseLine(i+1, l, format, limits, names)
		if p != nil {
			problems = append(problems, *p)
			continue
		}
		games = append(games, g)
	}
	return games, problems, nil
}

// parseLine reads and replays one line.
func parseLine(n int, line, format string, limits analysis.Limits, names map[string]string) (ParsedGame, *LineProblem) {
	g := ParsedGame{Line: n}
	problem := func(field, msg string) (ParsedGame, *LineProblem) {
		return g, &LineProblem{Line: n, Field: field, Message: msg}
	}
	var result json.RawMessage
	if format == FormatWGF {
		rec, err := recordtext.ParseWGF(line, nil)
		if err != nil {
			if le := (*recordtext.LineError)(nil); errors.As(err, &le) {
				if le.Move != "" {
					return problem("", fmt.Sprintf("%q: %v", le.Move, le.Err))
				}
				return problem("", le.Err.Error())
			}
			return problem("", err.Error())
		}
		g.Record = rec
	} else {
		var l importLine
		dec := json.NewDecoder(bytes.NewReader([]byte(line)))
		if err := dec.Decode(&l); err != nil {
			return problem("", "not a JSON record: "+jsonProblem(err))
		}
		if dec.More() {
			return problem("", "one JSON record a line: text follows the record")
		}
		g.Record = engine.Record{Rules: l.Rules, Board: l.Board, Moves: l.Moves}
		g.Players, g.Date, g.Event, result = l.Players, l.Date, l.Event, l.Result
	}
	if len(g.Record.Moves) == 0 {
		return problem("moves", "a game to review needs at least one move")
	}
	p, err := analysis.ReplayRecord(g.Record, limits)
	if err != nil {
		var se *wallzero.Error
		if errors.As(err, &se) {
			return problem(se.Field, se.Message)
		}
		return problem("", err.Error())
	}
	g.Record.Rules = p.Game.Rules
	g.Positions = len(p.Positions)
	if len(g.Players) == 0 {
		g.Players = names
	}
	if field, msg := checkPlayers(g.Players, p.Game.Rules.Players); msg != "" {
		return problem(field, msg)
	}
	if field, msg := g.setContext(result, p.Game); msg != "" {
		return problem(field, msg)
	}
	return g, nil
}

// checkPlayers checks that names names colours of a game of n players,
// each a valid name, no name twice.
func checkPlayers(names map[string]string, n int) (string, string) {
	seen := map[string]string{}
	for colour, name := range names {
		c, err := grid.ParseColor(colour)
		if err != nil || int(c) >= n || c.String() != colour {
			return "players", fmt.Sprintf("%q is not a colour of this %d-player game", wallzero.Clip(colour, 20), n)
		}
		if err := checkName("players."+colour, name); err != nil {
			return "players." + colour, err.(*wallzero.Error).Message
		}
		if other, ok := seen[name]; ok {
			return "players." + colour, fmt.Sprintf("%q already plays %s", wallzero.Clip(name, 100), other)
		}
		seen[name] = colour
	}
	return "", ""
}

// setContext checks and sets the date, the event and the winner (from
// result, a colour or "draw" or {"winner": ...}; else from the final
// position of a finished game).
func (g *ParsedGame) setContext(result json.RawMessage, game *engine.Game) (string, string) {
	if g.Date != "" {
		d, err := time.Parse(time.DateOnly, g.Date)
		if err != nil {
			t, err2 := time.Parse(time.RFC3339, g.Date)
			if err2 != nil {
				return "date", fmt.Sprintf("%q: want YYYY-MM-DD", wallzero.Clip(g.Date, 40))
			}
			d = t
		}
		g.Date = d.Format(time.DateOnly)
	}
	if len([]rune(g.Event)) > 200 {
		return "event", fmt.Sprintf("%d characters, at most 200", len([]rune(g.Event)))
	}
	if len(result) > 0 && string(result) != "null" {
		var w string
		var obj struct {
			Winner string `json:"winner"`
		}
		if json.Unmarshal(result, &w) != nil {
			if json.Unmarshal(result, &obj) != nil {
				return "result", "want a colour, \"draw\" or {\"winner\": ...}"
			}
			w = obj.Winner
		}
		if c, err := grid.ParseColor(w); w != "draw" && (err != nil || int(c) >= game.Rules.Players || c.String() != w) {
			return "result", fmt.Sprintf("winner %q: want a colour of the game or \"draw\"", wallzero.Clip(w, 20))
		}
		g.Winner = w
	} else if game.Final.Phase() == engine.Over {
		g.Winner = "draw"
		if c := game.Final.Result().Winner(); c != grid.NoColor {
			g.Winner = c.String()
		}
	}
	return "", ""
}

// jsonProblem words a JSON decoding error without Go's type names.
func jsonProblem(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return fmt.Sprintf("%s: wrong type (a JSON %s)", te.Field, te.Value)
	}
	return err.Error()
}
