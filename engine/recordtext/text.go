package recordtext

import (
	"errors"
	"fmt"
	"strings"

	"github.com/wallzero/wallzero/engine"
)

// Options tune ParseWith.
type Options struct {
	// Format is the text's format; "" or Auto detects it (Detect).
	Format Format
	// Rules, when set, are the rules of a plain move list (default
	// engine.DefaultRules) and the stay and tie-break rules of a WGF record
	// (default the site's, WGFRules), whose players and opening come from
	// the record. A JSON record carries its own rules: setting Rules for
	// one is an error.
	Rules *engine.Rules
}

// Parse reads a game record given as text in any of the formats,
// detected (Detect), with the default rules for a move list and the
// site's for WGF: see ParseWith.
func Parse(text string) (engine.Record, Format, error) {
	return ParseWith(text, Options{})
}

// ParseWith reads a game record given as text and replays it: the
// project's JSON record (engine.Record, decoded strictly), a plain move
// list in the project's notation (SplitMoveList) or a WGF record of the
// site ZachChiu/quoridor (ParseWGF). It returns the record with
// normalized rules and every move in canonical notation with its colour
// prefix (as engine.Game.Record writes it), and the format read, also on
// error. Errors name where: a *LineError the line and the move of a move
// list or WGF record, a *engine.MoveError ("moves[4]") or
// *engine.FieldError ("rules.players") the field of a JSON record.
func ParseWith(text string, opt Options) (engine.Record, Format, error) {
	text = strings.TrimPrefix(text, "\ufeff") // a byte order mark left by an editor
	f := opt.Format
	if f == "" || f == Auto {
		f = Detect(text)
	}
	if strings.TrimSpace(text) == "" {
		return engine.Record{}, f, errors.New("the text is empty: give a JSON record, a move list or a WGF record")
	}
	var rec engine.Record
	var err error
	switch f {
	case JSON:
		if opt.Rules != nil {
			return engine.Record{}, f, errors.New("a JSON record carries its own rules: give no rules with it")
		}
		rec, err = parseRecordJSON(text)
	case Moves:
		rules := engine.DefaultRules()
		if opt.Rules != nil {
			rules = *opt.Rules
		}
		rec, err = parseMoveList(text, rules)
	case WGF:
		rec, err = ParseWGF(text, opt.Rules)
	default:
		return engine.Record{}, f, fmt.Errorf("format %q: want auto, json, moves or wgf", f)
	}
	if err != nil {
		return engine.Record{}, f, err
	}
	return rec, f, nil
}

// Write replays rec and writes it in format: json (the record as
// indented JSON, moves in canonical notation with colour prefixes), moves
// (a comment naming the rules, then one move per line) or wgf (WriteWGF).
// Reading the text back with ParseWith, given the record's rules for
// moves and wgf, gives the same game. Errors are those of
// engine.Record.Game (*engine.MoveError, *engine.FieldError), or a
// *engine.FieldError naming what the format cannot hold ("board",
// "rules.players").
func Write(rec engine.Record, format Format) (string, error) {
	switch format {
	case JSON, Moves, WGF:
	default:
		return "", fmt.Errorf("format %q: want json, moves or wgf", format)
	}
	g, err := rec.Game()
	if err != nil {
		return "", err
	}
	switch format {
	case JSON:
		return formatRecordJSON(g)
	case Moves:
		return formatMoveList(g)
	}
	return formatWGF(g)
}
