package records

import (
	"errors"
	"fmt"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/recordtext"
	"github.com/wallzero/wallzero/service/analysis"
)

// RecordText is the text of a game record in a request. The API's decoder
// allows it up to MaxRecordTextBytes, more than other strings (1024
// bytes): a JSON record of a whole game, indented, is some kilobytes.
type RecordText string

// MaxRecordTextBytes is the longest RecordText, in bytes.
const MaxRecordTextBytes = 32 << 10

// ImportRequest is the body of POST /v1/records/import: a game record as
// text, to be read into a JSON record (docs/records.md).
type ImportRequest struct {
	// Text is the record: the project's JSON record, a plain move list in
	// the project's notation (one move per line or comma-separated, blank
	// lines and '#' comments allowed) or a WGF record of the WallGo site
	// ZachChiu/quoridor. At most MaxRecordTextBytes (32 KiB).
	Text RecordText `json:"text" maxLength:"32768" example:"C3\nE3\nC5\nE5\nE5-E4:N"`
	// Format is the text's format; auto (the default) tells it from the
	// first line: '{' is json, a number and '|' is wgf, anything else a
	// move list.
	Format string `json:"format,omitempty" enums:"auto,json,moves,wgf" example:"auto"`
	// Rules are the rules of a move list (default: the defaults) and the
	// stay and tie-break rules of a WGF record (default: the site's,
	// step-out and largest-region; its players and opening come from the
	// record). A JSON record carries its own: leave rules out with one.
	Rules *engine.Rules `json:"rules,omitempty"`
} // @name service.RecordImport

// Imported is the answer of POST /v1/records/import.
type Imported struct {
	// Format is the format the text was read as.
	Format string `json:"format" enums:"json,moves,wgf" example:"moves"`
	// Record is the game: normalized rules, the board when the game starts
	// from one, and the moves in canonical notation with colour prefixes.
	Record engine.Record `json:"record"`
	// Plies is the number of moves.
	Plies int `json:"plies" example:"5"`
} // @name service.ImportedRecord

// ExportRequest is the body of POST /v1/records/export: a game record to
// write as text.
type ExportRequest struct {
	// Record is the game record; it is replayed, so every move must be
	// legal.
	Record engine.Record `json:"record"`
	// Format is the text's format: json (indented), moves (one per line,
	// after a comment naming the rules) or wgf (the site's).
	Format string `json:"format" enums:"json,moves,wgf" example:"wgf"`
} // @name service.RecordExport

// Exported is the answer of POST /v1/records/export.
type Exported struct {
	// Format is the text's format.
	Format string `json:"format" enums:"json,moves,wgf" example:"wgf"`
	// Text is the record as text.
	Text string `json:"text" example:"2|A1:11,A2:55,B1:15,B2:51|A342,B344,B422,A424|A434,H24"`
} // @name service.ExportedRecord

// ImportText reads req.Text with recordtext.ParseWith and
// replays it. Errors are *wallzero.Error values (wallzero.CodeInvalid) naming the field:
// "format", "rules.players" (the rules given), "text:line 7" (the line of
// a move list or WGF record, the message naming the line and the move),
// "text:moves[4]" or "text:rules.players" (a field of a JSON record), or
// "text"; a text over MaxRecordTextBytes or a record of more than
// limits.MaxMoves moves is wallzero.CodeTooLarge.
func ImportText(req ImportRequest, limits analysis.Limits) (*Imported, error) {
	if len(req.Text) > MaxRecordTextBytes {
		return nil, &wallzero.Error{Code: wallzero.CodeTooLarge, Field: "text", Message: fmt.Sprintf("%d bytes, at most %d", len(req.Text), MaxRecordTextBytes)}
	}
	format, err := recordtext.ParseFormat(req.Format)
	if err != nil {
		return nil, wallzero.Invalid("format", err.Error())
	}
	text := string(req.Text)
	if format == recordtext.Auto {
		format = recordtext.Detect(text)
	}
	if req.Rules != nil {
		if format == recordtext.JSON {
			return nil, wallzero.Invalid("rules", "a JSON record carries its own rules: leave rules out")
		}
		if _, err := req.Rules.Normalize(); err != nil {
			return nil, wallzero.RecordError(err)
		}
	}
	rec, _, err := recordtext.ParseWith(text, recordtext.Options{Format: format, Rules: req.Rules})
	if err != nil {
		e := textError(err)
		if req.Format == "" || req.Format == string(recordtext.Auto) {
			e.Message += fmt.Sprintf(" (the text was read as %s)", format)
		}
		return nil, e
	}
	if len(rec.Moves) > limits.MaxMoves {
		return nil, &wallzero.Error{Code: wallzero.CodeTooLarge, Field: "text", Message: fmt.Sprintf("%d moves, at most %d", len(rec.Moves), limits.MaxMoves)}
	}
	return &Imported{Format: string(format), Record: rec, Plies: len(rec.Moves)}, nil
}

// textError turns an engine error about a record's text into an *wallzero.Error
// whose field starts with "text".
func textError(err error) *wallzero.Error {
	var le *recordtext.LineError
	if errors.As(err, &le) {
		return &wallzero.Error{Code: wallzero.CodeInvalid, Field: fmt.Sprintf("text:line %d", le.Line), Message: le.Error(), Err: err}
	}
	var me *engine.MoveError
	var fe *engine.FieldError
	if errors.As(err, &me) || errors.As(err, &fe) {
		e := wallzero.RecordError(err)
		e.Field = "text:" + e.Field
		return e
	}
	return &wallzero.Error{Code: wallzero.CodeInvalid, Field: "text", Message: err.Error(), Err: err}
}

// ExportText replays req.Record within limits and writes it in
// req.Format with recordtext.Write. Errors are *wallzero.Error values
// naming the field: "format", or the record's field under "record"
// ("record.moves[4]", "record.rules.players", "record.board" for what the
// format cannot hold).
func ExportText(req ExportRequest, limits analysis.Limits) (*Exported, error) {
	format := recordtext.Format(req.Format)
	switch format {
	case recordtext.JSON, recordtext.Moves, recordtext.WGF:
	case "":
		return nil, wallzero.Invalid("format", "missing: json, moves or wgf")
	default:
		return nil, wallzero.Invalid("format", fmt.Sprintf("%q: want json, moves or wgf", req.Format))
	}
	if _, err := analysis.ReplayRecord(req.Record, limits); err != nil {
		return nil, underRecord(err)
	}
	text, err := recordtext.Write(req.Record, format)
	if err != nil {
		return nil, underRecord(wallzero.RecordError(err))
	}
	return &Exported{Format: req.Format, Text: text}, nil
}

// underRecord puts the field of an *wallzero.Error about a record under "record".
func underRecord(err error) error {
	var e *wallzero.Error
	if !errors.As(err, &e) {
		return err
	}
	out := *e
	out.Field = "record"
	if e.Field != "" {
		out.Field += "." + e.Field
	}
	return &out
}
