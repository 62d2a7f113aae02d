package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/wallzero/wallzero/service"
)

// decodeBody reads the request body (at most limit bytes) into v,
// strictly: one JSON value, no unknown fields. Errors are *service.Error
// values naming the field.
func decodeBody(c *gin.Context, limit int64, v any) error {
	body, err := io.ReadAll(http.MaxBytesReader(c.Writer, c.Request.Body, limit))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return &service.Error{Code: service.CodeTooLarge, Message: fmt.Sprintf("the request body exceeds %d bytes", limit)}
		}
		return &service.Error{Code: service.CodeInvalid, Message: "reading the request body: " + err.Error()}
	}
	return decodeJSON(body, v)
}

// decodeJSON decodes one JSON value into v, rejecting unknown fields and
// trailing data, and names the offending field in its errors.
func decodeJSON(body []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return &service.Error{Code: service.CodeInvalid, Message: "malformed JSON: unexpected data after the JSON value"}
	}
	return nil
}

var unknownFieldRE = regexp.MustCompile(`unknown field "([^"]*)"`)

// jsonError turns a decoding error into a *service.Error naming the field.
func jsonError(err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	msg := err.Error()
	switch {
	case errors.Is(err, io.EOF):
		return &service.Error{Code: service.CodeInvalid, Message: "the request body is empty: send a JSON object"}
	case errors.Is(err, io.ErrUnexpectedEOF):
		return &service.Error{Code: service.CodeInvalid, Message: "malformed JSON: the body ends in the middle of a value"}
	case errors.As(err, &syn):
		return &service.Error{Code: service.CodeInvalid, Message: fmt.Sprintf("malformed JSON at byte %d: %s", syn.Offset, strings.TrimPrefix(syn.Error(), "json: "))}
	case errors.As(err, &typ):
		field := typ.Field
		if field == "" {
			return &service.Error{Code: service.CodeInvalid, Message: fmt.Sprintf("expected a JSON %s, got %s", jsonKind(typ.Type.Kind().String()), typ.Value)}
		}
		return &service.Error{Code: service.CodeInvalid, Field: field, Message: fmt.Sprintf("expected %s, got %s", jsonKind(typ.Type.Kind().String()), typ.Value)}
	}
	if m := unknownFieldRE.FindStringSubmatch(msg); m != nil {
		field := m[1]
		if prefix, _, ok := strings.Cut(msg, ": json: "); ok && !strings.Contains(prefix, " ") {
			field = prefix + "." + field // e.g. rules.colour
		}
		return &service.Error{Code: service.CodeInvalid, Field: field, Message: "unknown field"}
	}
	if prefix, rest, ok := strings.Cut(msg, ": "); ok && !strings.Contains(prefix, " ") && prefix != "json" {
		return &service.Error{Code: service.CodeInvalid, Field: prefix, Message: strings.TrimPrefix(rest, "json: ")}
	}
	return &service.Error{Code: service.CodeInvalid, Message: strings.TrimPrefix(msg, "json: ")}
}

// jsonKind names a Go kind in JSON terms.
func jsonKind(k string) string {
	switch {
	case strings.HasPrefix(k, "int"), strings.HasPrefix(k, "uint"), strings.HasPrefix(k, "float"):
		return "a number"
	case k == "string":
		return "a string"
	case k == "bool":
		return "true or false"
	case k == "slice" || k == "array":
		return "an array"
	case k == "struct" || k == "map":
		return "an object"
	}
	return k
}
