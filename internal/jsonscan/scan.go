// Package jsonscan decodes JSON strictly, for the two front ends that read
// requests (the HTTP API and the JSON-lines analysis engine): Scan checks a
// document to the last byte against the Go type it will decode into, and
// Decode scans, then decodes with encoding/json. Errors are *Error values
// whose Field is the full JSON path of the value concerned, so that both
// front ends refuse bad input with the same words. It imports nothing of
// the project: the front ends turn an *Error into their own error type.
package jsonscan

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"
)

// The scanner's limits.
const (
	// maxDepth bounds the nesting of objects and arrays (the request
	// types nest three levels deep at most).
	maxDepth = 32
	// MaxStringBytes bounds every string of a body, decoded, in bytes;
	// callers may apply smaller limits to some fields (ids, moves), and
	// the types of Decoder.LongStrings have larger ones.
	MaxStringBytes = 1024
)

// Error is a refusal: Field is the full JSON path of the value concerned
// ("rules.players", "board.walls[1].side", "openings[3][1]"; empty for the
// document as a whole) and Message says what is wrong with it.
type Error struct {
	Field, Message string
}

// Error implements error.
func (e *Error) Error() string {
	if e.Field == "" {
		return e.Message
	}
	return e.Field + ": " + e.Message
}

// Decoder holds the limits a document is checked against; its zero value
// allows MaxStringBytes in every string.
type Decoder struct {
	// LongStrings are the string types allowed more than MaxStringBytes,
	// with their limits (say, a game record's text).
	LongStrings map[reflect.Type]int
}

// Scan checks body against t with the zero Decoder's limits.
func Scan(body []byte, t reflect.Type) error { return Decoder{}.Scan(body, t) }

// Scan checks body to the last byte against the Go type t, before
// encoding/json decodes it: one JSON value, valid syntax, valid UTF-8 (raw
// bytes and \u escapes alike: no lone surrogates), no NUL, strings of at
// most MaxStringBytes (LongStrings: more), at most maxDepth levels of
// nesting, no unknown or repeated fields, values of the field's type and
// numbers in its range. Its errors are *Error values.
//
// encoding/json alone would replace invalid UTF-8 with U+FFFD, match field
// names case-insensitively, keep the last of repeated fields and report
// type errors without array indices.
func (d Decoder) Scan(body []byte, t reflect.Type) error {
	s := &scanner{data: body, long: d.LongStrings}
	s.space()
	if s.pos == len(s.data) {
		return &Error{Message: "the request body is empty: send a JSON object"}
	}
	if s.peekLiteral("null") {
		return &Error{Message: "the request body is null: send a JSON object"}
	}
	if err := s.value(t, ""); err != nil {
		return err
	}
	s.space()
	if s.pos != len(s.data) {
		return s.fail("", "malformed JSON: unexpected data after the JSON value")
	}
	return nil
}

// scanner walks a JSON document guided by a Go type.
type scanner struct {
	data  []byte
	pos   int
	depth int
	long  map[reflect.Type]int // Decoder.LongStrings
}

// fail returns an invalid error at path, with the byte offset.
func (s *scanner) fail(path, format string, args ...any) error {
	return &Error{Field: path,
		Message: fmt.Sprintf(format, args...) + fmt.Sprintf(" (at byte %d)", s.pos)}
}

// space skips JSON white space.
func (s *scanner) space() {
	for s.pos < len(s.data) {
		switch s.data[s.pos] {
		case ' ', '\t', '\n', '\r':
			s.pos++
		default:
			return
		}
	}
}

// peekLiteral reports whether the input continues with lit.
func (s *scanner) peekLiteral(lit string) bool {
	return strings.HasPrefix(string(s.data[s.pos:min(len(s.data), s.pos+len(lit))]), lit)
}

// kindOf names the JSON kind of the value starting at the current byte.
func (s *scanner) kindOf() string {
	if s.pos >= len(s.data) {
		return "the end of the body"
	}
	switch c := s.data[s.pos]; {
	case c == '{':
		return "an object"
	case c == '[':
		return "an array"
	case c == '"':
		return "a string"
	case c == 't' || c == 'f':
		return "true or false"
	case c == 'n':
		return "null"
	case c == '-' || c >= '0' && c <= '9':
		return "a number"
	}
	return fmt.Sprintf("the character %q", rune(s.data[s.pos]))
}

// want names a Go type's JSON form.
func want(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	}
	return "a value"
}

var rawMessageType = reflect.TypeFor[json.RawMessage]()

// value checks one value of type t (nil: any value) at path. null is
// accepted where encoding/json treats it as "leave unset": object members.
func (s *scanner) value(t reflect.Type, path string) error {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t != nil && (t.Kind() == reflect.Interface || t == rawMessageType) {
		t = nil
	}
	if s.pos >= len(s.data) {
		return s.fail(path, "malformed JSON: the body ends where a value should start")
	}
	c := s.data[s.pos]
	if t == nil {
		switch {
		case c == '{':
			return s.object(nil, path)
		case c == '[':
			return s.array(nil, path)
		case c == '"':
			_, err := s.str(path)
			return err
		case c == 't' || c == 'f' || c == 'n':
			return s.literal(path)
		default:
			_, err := s.number(path)
			return err
		}
	}
	mismatch := func() error { return s.fail(path, "expected %s, got %s", want(t), s.kindOf()) }
	switch t.Kind() {
	case reflect.Struct, reflect.Map:
		if c != '{' {
			return s.mismatchOrSyntax(path, mismatch)
		}
		if t.Kind() == reflect.Map && t.Key().Kind() != reflect.String {
			return s.fail(path, "unsupported map key type %s", t.Key())
		}
		return s.object(t, path)
	case reflect.Slice, reflect.Array:
		if c != '[' {
			return s.mismatchOrSyntax(path, mismatch)
		}
		return s.array(t, path)
	case reflect.String:
		if c != '"' {
			return s.mismatchOrSyntax(path, mismatch)
		}
		limit, ok := s.long[t]
		if !ok {
			limit = MaxStringBytes
		}
		_, err := s.strUpTo(path, limit)
		return err
	case reflect.Bool:
		if c != 't' && c != 'f' {
			return s.mismatchOrSyntax(path, mismatch)
		}
		return s.literal(path)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if c != '-' && (c < '0' || c > '9') {
			return s.mismatchOrSyntax(path, mismatch)
		}
		start := s.pos
		lit, err := s.number(path)
		if err != nil {
			return err
		}
		if _, err := strconv.ParseInt(lit, 10, t.Bits()); err != nil {
			s.pos = start
			return s.fail(path, "%s is not a whole number from %d to %d", clip(lit), minInt(t.Bits()), maxInt(t.Bits()))
		}
		return nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if c != '-' && (c < '0' || c > '9') {
			return s.mismatchOrSyntax(path, mismatch)
		}
		start := s.pos
		lit, err := s.number(path)
		if err != nil {
			return err
		}
		if _, err := strconv.ParseUint(lit, 10, t.Bits()); err != nil {
			s.pos = start
			return s.fail(path, "%s is not a whole number from 0 to %d", clip(lit), uint64(1)<<t.Bits()-1)
		}
		return nil
	case reflect.Float32, reflect.Float64:
		if c != '-' && (c < '0' || c > '9') {
			return s.mismatchOrSyntax(path, mismatch)
		}
		start := s.pos
		lit, err := s.number(path)
		if err != nil {
			return err
		}
		if _, err := strconv.ParseFloat(lit, t.Bits()); err != nil {
			s.pos = start
			return s.fail(path, "%s is out of range", clip(lit))
		}
		return nil
	}
	return s.fail(path, "unsupported field type %s", t)
}

// mismatchOrSyntax reports a type mismatch when the value is a JSON value
// of another kind, else a syntax error.
func (s *scanner) mismatchOrSyntax(path string, mismatch func() error) error {
	c := s.data[s.pos]
	switch {
	case c == 'n':
		if !s.peekLiteral("null") {
			return s.literal(path)
		}
		return mismatch()
	case c == 't' || c == 'f':
		if !s.peekLiteral("true") && !s.peekLiteral("false") {
			return s.literal(path)
		}
		return mismatch()
	case c == '{' || c == '[' || c == '"' || c == '-' || c >= '0' && c <= '9':
		return mismatch()
	}
	return s.fail(path, "malformed JSON: unexpected character %q where a value should start", rune(c))
}

// clip shortens a number literal for a message.
func clip(lit string) string {
	if len(lit) > 24 {
		return lit[:24] + "..."
	}
	return lit
}

func minInt(bits int) int64 { return -1 << (bits - 1) }
func maxInt(bits int) int64 { return 1<<(bits-1) - 1 }

// enter counts a level of nesting.
func (s *scanner) enter(path string) error {
	s.depth++
	if s.depth > maxDepth {
		return s.fail(path, "nested deeper than %d levels", maxDepth)
	}
	return nil
}

// object checks an object: a struct's fields, a map's members or (t nil)
// anything.
func (s *scanner) object(t reflect.Type, path string) error {
	if err := s.enter(path); err != nil {
		return err
	}
	s.pos++ // {
	var fields map[string]reflect.Type
	if t != nil && t.Kind() == reflect.Struct {
		fields = structFields(t)
	}
	seen := map[string]bool{}
	s.space()
	if s.pos < len(s.data) && s.data[s.pos] == '}' {
		s.pos++
		s.depth--
		return nil
	}
	for {
		s.space()
		if s.pos >= len(s.data) {
			return s.fail(path, "malformed JSON: the body ends inside an object")
		}
		if s.data[s.pos] != '"' {
			return s.fail(path, "malformed JSON: expected a field name in quotes, got %s", s.kindOf())
		}
		key, err := s.str(path)
		if err != nil {
			return err
		}
		keyPath := JoinKey(path, key)
		if seen[key] {
			return s.fail(keyPath, "given twice")
		}
		seen[key] = true
		var ft reflect.Type
		if t != nil {
			if fields != nil {
				var ok bool
				if ft, ok = fields[key]; !ok {
					return s.fail(keyPath, "unknown field (known: %s)", knownFields(fields))
				}
			} else {
				ft = t.Elem()
			}
		}
		s.space()
		if s.pos >= len(s.data) || s.data[s.pos] != ':' {
			return s.fail(keyPath, "malformed JSON: expected ':' after the field name")
		}
		s.pos++
		s.space()
		if s.peekLiteral("null") && t != nil {
			s.pos += 4 // null leaves a member unset
		} else if err := s.value(ft, keyPath); err != nil {
			return err
		}
		if done, err := s.separator(path, '}', "an object", "a field"); done || err != nil {
			return err
		}
	}
}

// array checks an array whose elements have type t.Elem() (t nil: any).
// null elements are refused: they would decode as empty values.
func (s *scanner) array(t reflect.Type, path string) error {
	if err := s.enter(path); err != nil {
		return err
	}
	s.pos++ // [
	var et reflect.Type
	if t != nil {
		et = t.Elem()
	}
	s.space()
	if s.pos < len(s.data) && s.data[s.pos] == ']' {
		s.pos++
		s.depth--
		return nil
	}
	for i := 0; ; i++ {
		elem := fmt.Sprintf("%s[%d]", path, i)
		s.space()
		if t != nil && s.peekLiteral("null") {
			return s.fail(elem, "expected %s, got null", want(indirect(et)))
		}
		if err := s.value(et, elem); err != nil {
			return err
		}
		if done, err := s.separator(path, ']', "an array", "an element"); done || err != nil {
			return err
		}
	}
}

// separator reads what follows a field or an element: ',' (more follow)
// or the container's closing byte (done: the container is left).
func (s *scanner) separator(path string, closer byte, container, item string) (done bool, err error) {
	s.space()
	if s.pos >= len(s.data) {
		return false, s.fail(path, "malformed JSON: the body ends inside %s", container)
	}
	switch s.data[s.pos] {
	case ',':
		s.pos++
		return false, nil
	case closer:
		s.pos++
		s.depth--
		return true, nil
	}
	return false, s.fail(path, "malformed JSON: expected ',' or '%c' after %s, got %s", closer, item, s.kindOf())
}

// indirect returns the type a pointer type points to.
func indirect(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

// JoinKey appends an object key to a JSON path ("rules" and "players":
// "rules.players"; "" and "moves": "moves").
func JoinKey(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// structFields returns the JSON names of a struct's fields with their
// types, as encoding/json sees them (tags, "-", embedded structs).
func structFields(t reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" && !strings.HasPrefix(f.Tag.Get("json"), "-,") {
			continue
		}
		if f.Anonymous && name == "" && indirect(f.Type).Kind() == reflect.Struct {
			for k, v := range structFields(indirect(f.Type)) {
				if _, ok := out[k]; !ok {
					out[k] = v
				}
			}
			continue
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out[name] = f.Type
	}
	return out
}

// knownFields lists a struct's field names for a message.
func knownFields(fields map[string]reflect.Type) string {
	names := make([]string, 0, len(fields))
	for k := range fields {
		names = append(names, k)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}
