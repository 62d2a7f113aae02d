package jsonscan

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"strings"
)

// Decode decodes body into v with the zero Decoder's limits.
func Decode(body []byte, v any) error { return Decoder{}.Decode(body, v) }

// Decode decodes one JSON value into v (a pointer) after Scan has checked
// it to the last byte against v's type: valid UTF-8, no unknown or
// repeated fields, values of the right type, every error an *Error naming
// the full JSON path of its field (docs/validation.md).
func (d Decoder) Decode(body []byte, v any) error {
	if err := d.Scan(body, reflect.TypeOf(v)); err != nil {
		return err
	}
	return decodeChecked(body, v)
}

// decodeChecked decodes a body Scan accepted with encoding/json,
// rejecting unknown fields and trailing data. Scan refuses everything
// encoding/json would (the fuzz test checks it), so the errors here are a
// safety net.
func decodeChecked(body []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return &Error{Message: "malformed JSON: unexpected data after the JSON value"}
	}
	return nil
}

var unknownFieldRE = regexp.MustCompile(`unknown field "([^"]*)"`)

// jsonError turns an encoding/json error into an *Error, naming the
// field as far as encoding/json tells it.
func jsonError(err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	msg := err.Error()
	switch {
	case errors.Is(err, io.EOF):
		return &Error{Message: "the request body is empty: send a JSON object"}
	case errors.Is(err, io.ErrUnexpectedEOF):
		return &Error{Message: "malformed JSON: the body ends in the middle of a value"}
	case errors.As(err, &syn):
		return &Error{Message: fmt.Sprintf("malformed JSON at byte %d: %s", syn.Offset, strings.TrimPrefix(syn.Error(), "json: "))}
	case errors.As(err, &typ):
		return &Error{Field: typ.Field, Message: fmt.Sprintf("expected %s, got %s", want(typ.Type), typ.Value)}
	}
	if m := unknownFieldRE.FindStringSubmatch(msg); m != nil {
		return &Error{Field: m[1], Message: "unknown field"}
	}
	return &Error{Message: strings.TrimPrefix(msg, "json: ")}
}
