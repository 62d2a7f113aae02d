package recordtext

import (
	"errors"
	"strings"

	"github.com/wallzero/wallzero/engine"
)

// parseMoveList reads a plain move list (SplitMoveList) and replays it
// from the start position of rules. A move that cannot be parsed or
// played is a *LineError naming its line and text; bad rules are a
// *engine.FieldError ("rules.players").
func parseMoveList(text string, rules engine.Rules) (engine.Record, error) {
	listed := SplitMoveList(text)
	rec := engine.Record{Rules: rules, Moves: make([]string, len(listed))}
	for i, m := range listed {
		rec.Moves[i] = m.Text
	}
	g, err := rec.Game()
	if err != nil {
		var me *engine.MoveError
		if errors.As(err, &me) {
			m := listed[me.Index]
			return engine.Record{}, lineError(m.Line, m.Text, withoutMovePrefix(me.Err, m.Text))
		}
		return engine.Record{}, err
	}
	return g.Record(), nil
}

// formatMoveList writes the game as a plain move list: a comment naming
// the rules (a move list does not carry them: whoever reads it back gives
// them), then one move per line in canonical notation with its colour
// prefix. A game from an explicit board cannot be written this way.
func formatMoveList(g *engine.Game) (string, error) {
	rec := g.Record()
	if rec.Board != nil {
		return "", &engine.FieldError{Field: "board", Err: errors.New("a move list starts from the rules' start position, so a record with a board can only be written as json")}
	}
	var b strings.Builder
	b.WriteString("# WallGo moves; rules: " + g.Rules.String() + "\n")
	for _, m := range rec.Moves {
		b.WriteString(m + "\n")
	}
	return b.String(), nil
}
