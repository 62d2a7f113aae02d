package recordtext

import (
	"errors"
	"fmt"
	"strings"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// WriteWGF replays rec and writes it as a WGF record of the site
// ZachChiu/quoridor (see ParseWGF), the way the site writes its own: one
// step action per moving turn (the stone's destination, however many
// cells away), none for a stay, the break first in its turn unless
// breakTiming=any-time puts it after a step (see engine.Position.BreakPoint:
// then after the first of two step actions, or after the move). ParseWGF
// given the record's rules reads it back to the same game: the same
// positions, and the same moves but where a stay's wall stands between
// two of the player's stones (WGF does not say which of them stays, and
// ParseWGF names the first in piece order). WGF holds only the site's
// games: two players from the four-stone opening or three from the empty
// one, from the rules' start position; other records are a
// *engine.FieldError naming rules.players, rules.opening or board. WGF
// does not carry the stay and tie-break rules: the site plays step-out
// and largest-region (WGFRules). A record that ends after a break, in the
// middle of a turn, is a *engine.MoveError: WGF writes whole turns.
func WriteWGF(rec engine.Record) (string, error) {
	g, err := rec.Game()
	if err != nil {
		return "", err
	}
	return formatWGF(g)
}

// formatWGF writes a replayed game as WGF.
func formatWGF(g *engine.Game) (string, error) {
	if err := checkWGFGame(g); err != nil {
		return "", err
	}
	pieces := wgfStartStones(g.Rules)
	var opening, turns []string
	pendingBreak := ""
	pos := g.Start // the position before move i
	for i, m := range g.Moves {
		c := g.Movers[i]
		before := pos
		pos.Apply(m)
		switch m.Kind {
		case grid.Place:
			pieces[c] = append(pieces[c], m.To)
			r, col := wgfCell(m.To)
			opening = append(opening, fmt.Sprintf("%c%d%d%d", wgfLetter(c), len(pieces[c]), r, col))
		case grid.Break:
			if i+1 == len(g.Moves) || g.Movers[i+1] != c {
				return "", &engine.MoveError{Index: i, Move: c.Letter() + " " + m.String(), Err: errors.New("the record ends after this break, in the middle of the turn, or the break ended the turn: WGF writes whole turns, each with its wall")}
			}
			pendingBreak = "X" + wgfWallOf(m.To, m.Side).String()
		case grid.Turn:
			// Under breakTiming=any-time a break whose wall no stone stood
			// beside before the move goes where the stone reached it:
			// after its first step (the steps written one by one) or after
			// the move.
			steps, at, mid := before.BreakPoint(m)
			mid = mid && steps > 0 && pendingBreak != ""
			acts := []string{}
			if pendingBreak != "" && !mid {
				acts, pendingBreak = append(acts, pendingBreak), ""
			}
			if m.From != m.To || mid {
				k := indexOfSquare(pieces[c], m.From)
				if k < 0 {
					return "", fmt.Errorf("moves[%d]: no %s stone on %s in the piece list (a bug)", i, c, m.From)
				}
				pieces[c][k] = m.To
				if mid && steps == 1 && at != m.To {
					r, col := wgfCell(at)
					acts = append(acts, fmt.Sprintf("%d%d%d", k+1, r, col), pendingBreak)
					pendingBreak = ""
				}
				r, col := wgfCell(m.To)
				acts = append(acts, fmt.Sprintf("%d%d%d", k+1, r, col))
				if pendingBreak != "" {
					acts, pendingBreak = append(acts, pendingBreak), ""
				}
			}
			acts = append(acts, wgfWallOf(m.To, m.Side).String())
			turns = append(turns, string(wgfLetter(c))+strings.Join(acts, ","))
		}
	}
	return fmt.Sprintf("%d|%s|%s|%s", g.Rules.Players, wgfInitBlock(g.Rules), strings.Join(opening, ","), strings.Join(turns, ";")), nil
}

// checkWGFGame refuses games the site does not play.
func checkWGFGame(g *engine.Game) error {
	switch {
	case g.Rules.Players != 2 && g.Rules.Players != 3:
		return fieldError("rules.players", "WGF holds the site's games, of 2 or 3 players, not %d", g.Rules.Players)
	case g.Rules.Opening != WGFRules(g.Rules.Players).Opening:
		return fieldError("rules.opening", "the site's %d-player game starts from the %s opening, not %s", g.Rules.Players, WGFRules(g.Rules.Players).Opening, g.Rules.Opening)
	case g.Start != engine.NewPosition(g.Rules):
		return fieldError("board", "WGF starts from the site's start position, so a record with a board has no WGF form")
	}
	return nil
}

// indexOfSquare returns the index of s in list, or -1.
func indexOfSquare(list []grid.Square, s grid.Square) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// fieldError returns a *engine.FieldError for field with a formatted
// reason.
func fieldError(field, format string, args ...any) error {
	return &engine.FieldError{Field: field, Err: fmt.Errorf(format, args...)}
}
