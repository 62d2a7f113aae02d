package recordtext

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"strings"

	"github.com/wallzero/wallzero/engine"
)

// parseRecordJSON decodes a JSON record strictly (unknown fields and
// trailing data are errors) and replays it. Errors name the field
// (*engine.FieldError: "rules.players", "board.walls.side"), the move
// (*engine.MoveError: "moves[4]") or, for malformed JSON, the line
// (*LineError).
func parseRecordJSON(text string) (engine.Record, error) {
	var rec engine.Record
	if err := engine.DecodeStrict([]byte(text), &rec); err != nil {
		return engine.Record{}, jsonRecordError(text, err)
	}
	g, err := rec.Game()
	if err != nil {
		return engine.Record{}, err
	}
	return g.Record(), nil
}

// formatRecordJSON writes the game's record as indented JSON, its moves
// in canonical notation with colour prefixes.
func formatRecordJSON(g *engine.Game) (string, error) {
	out, err := json.MarshalIndent(g.Record(), "", "  ")
	if err != nil {
		return "", err
	}
	return string(out) + "\n", nil
}

var unknownJSONFieldRE = regexp.MustCompile(`unknown field "([^"]*)"`)

// jsonRecordError turns an error of engine.DecodeStrict into one naming the
// field, or the line for malformed JSON.
func jsonRecordError(text string, err error) error {
	field := ""
	var fe *engine.FieldError
	if errors.As(err, &fe) {
		// engine.Rules.UnmarshalJSON names "rules"; the cause names what is inside.
		field, err = fe.Field, fe.Err
	}
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return &LineError{Line: lineOfOffset(text, syn.Offset), Err: fmt.Errorf("malformed JSON: %s", strings.TrimPrefix(syn.Error(), "json: "))}
	case errors.Is(err, io.ErrUnexpectedEOF):
		return errors.New("malformed JSON: the text ends in the middle of a value")
	case errors.As(err, &typ):
		return &engine.FieldError{Field: joinField(field, typ.Field), Err: fmt.Errorf("expected %s, got %s", jsonTypeName(typ.Type), typ.Value)}
	}
	if m := unknownJSONFieldRE.FindStringSubmatch(err.Error()); m != nil {
		return &engine.FieldError{Field: joinField(field, m[1]), Err: errors.New("unknown field")}
	}
	msg := strings.TrimPrefix(err.Error(), "json: ")
	if field != "" {
		return &engine.FieldError{Field: field, Err: errors.New(msg)}
	}
	return errors.New("malformed JSON: " + msg)
}

// joinField joins two parts of a JSON path, either of which may be empty.
func joinField(outer, inner string) string {
	switch {
	case outer == "":
		return inner
	case inner == "":
		return outer
	}
	return outer + "." + inner
}

// jsonTypeName names the JSON value a Go type decodes from.
func jsonTypeName(t reflect.Type) string {
	if t == nil {
		return "another value"
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Map, reflect.Struct, reflect.Pointer:
		return "an object"
	case reflect.Bool:
		return "true or false"
	}
	return "a number"
}

// lineOfOffset returns the 1-based line of byte offset off in text.
func lineOfOffset(text string, off int64) int {
	if off > int64(len(text)) {
		off = int64(len(text))
	}
	if off < 0 {
		off = 0
	}
	return strings.Count(text[:off], "\n") + 1
}
