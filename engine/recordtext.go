package engine

import (
	"errors"
	"fmt"
	"strings"
)

// RecordTextOptions tune ParseRecordTextWith.
type RecordTextOptions struct {
	// Format is the text's format; "" or RecordAuto detects it
	// (DetectRecordFormat).
	Format RecordFormat
	// Rules, when set, are the rules of a plain move list (default
	// DefaultRules) and the stay and tie-break rules of a WGF record
	// (default the site's, WGFRules), whose players and opening come from
	// the record. A JSON record carries its own rules: setting Rules for
	// one is an error.
	Rules *Rules
}

// ParseRecordText reads a game record given as text in any of the
// formats, detected (DetectRecordFormat), with the default rules for a
// move list and the site's for WGF: see ParseRecordTextWith.
func ParseRecordText(text string) (Record, RecordFormat, error) {
	return ParseRecordTextWith(text, RecordTextOptions{})
}

// ParseRecordTextWith reads a game record given as text and replays it:
// the project's JSON record (Record, decoded strictly), a plain move list
// in the project's notation (SplitMoveList) or a WGF record of the site
// ZachChiu/quoridor (ParseWGF). It returns the record with normalized
// rules and every move in canonical notation with its colour prefix (as
// Game.Record writes it), and the format read, also on error. Errors name
// where: a *LineError the line and the move of a move list or WGF record,
// a *MoveError ("moves[4]") or *FieldError ("rules.players") the field of
// a JSON record.
func ParseRecordTextWith(text string, opt RecordTextOptions) (Record, RecordFormat, error) {
	text = strings.TrimPrefix(text, "\ufeff") // a byte order mark left by an editor
	f := opt.Format
	if f == "" || f == RecordAuto {
		f = DetectRecordFormat(text)
	}
	if strings.TrimSpace(text) == "" {
		return Record{}, f, errors.New("the text is empty: give a JSON record, a move list or a WGF record")
	}
	var rec Record
	var err error
	switch f {
	case RecordJSON:
		if opt.Rules != nil {
			return Record{}, f, errors.New("a JSON record carries its own rules: give no rules with it")
		}
		rec, err = parseRecordJSON(text)
	case RecordMoves:
		rules := DefaultRules()
		if opt.Rules != nil {
			rules = *opt.Rules
		}
		rec, err = parseMoveList(text, rules)
	case RecordWGF:
		rec, err = ParseWGF(text, opt.Rules)
	default:
		return Record{}, f, fmt.Errorf("format %q: want auto, json, moves or wgf", f)
	}
	if err != nil {
		return Record{}, f, err
	}
	return rec, f, nil
}

// FormatRecordText replays rec and writes it in format: json (the record
// as indented JSON, moves in canonical notation with colour prefixes),
// moves (a comment naming the rules, then one move per line) or wgf
// (FormatWGF). Reading the text back with ParseRecordTextWith, given the
// record's rules for moves and wgf, gives the same game. Errors are those
// of Record.Game (*MoveError, *FieldError), or a *FieldError naming what
// the format cannot hold ("board", "rules.players").
func FormatRecordText(rec Record, format RecordFormat) (string, error) {
	switch format {
	case RecordJSON, RecordMoves, RecordWGF:
	default:
		return "", fmt.Errorf("format %q: want json, moves or wgf", format)
	}
	g, err := rec.Game()
	if err != nil {
		return "", err
	}
	switch format {
	case RecordJSON:
		return formatRecordJSON(g)
	case RecordMoves:
		return formatMoveList(g)
	}
	return formatWGF(g)
}
