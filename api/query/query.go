// Package query reads the query strings of the API's GET endpoints
// strictly: a malformed escape is an error, every name and value must be
// valid UTF-8 without control characters and within its length limit
// (a whole record or board as JSON may be long, the rest short), and the
// errors are *wallzero.Error values of code invalid naming the parameter.
// The picture endpoints (api/pictures) and the explorer use it.
package query

import (
	"fmt"
	"net/url"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/wallzero/wallzero"
)

// Invalid returns a CodeInvalid error naming a query parameter.
func Invalid(field, format string, args ...any) *wallzero.Error {
	return &wallzero.Error{Code: wallzero.CodeInvalid, Field: field, Message: fmt.Sprintf(format, args...)}
}

// maxParamBytes bounds a query parameter's value: a whole record or board
// as JSON may take this much, the others much less (maxShortParamBytes;
// title: maxTitleChars characters).
const (
	maxParamBytes      = 16 << 10
	maxShortParamBytes = 1024
	maxTitleChars      = 200
)

// longParams may take up to maxParamBytes.
var longParams = map[string]bool{"record": true, "moves": true, "board": true, "candidates": true}

// Parse parses a raw query string strictly: a malformed escape is an
// error (url.URL.Query drops such pairs silently), and every value must be
// valid UTF-8 without control characters and within its length limit.
func Parse(raw string) (url.Values, error) {
	q, err := url.ParseQuery(raw)
	if err != nil {
		return nil, Invalid("", "malformed query string: %v", err)
	}
	for _, k := range Keys(q) {
		vs := q[k]
		if !utf8.ValidString(k) || strings.IndexFunc(k, isControl) >= 0 || len(k) > 64 {
			name := k
			if len(name) > 64 {
				name = name[:64] + "..."
			}
			return nil, Invalid("", "a query parameter name %q is not valid UTF-8 text of at most 64 bytes", name)
		}
		for _, v := range vs {
			if err := checkParam(k, v); err != nil {
				return nil, err
			}
		}
	}
	return q, nil
}

// Keys returns a query's parameter names in order, so that the first
// bad one named is always the same.
func Keys(q url.Values) []string {
	keys := make([]string, 0, len(q))
	for k := range q {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// isControl reports C0 control characters and DEL.
func isControl(r rune) bool { return r < 0x20 || r == 0x7f }

// checkParam checks one query value's encoding and length.
func checkParam(k, v string) error {
	if !utf8.ValidString(v) {
		return Invalid(k, "not valid UTF-8")
	}
	if i := strings.IndexFunc(v, isControl); i >= 0 {
		if v[i] == 0 {
			return Invalid(k, "holds a NUL character")
		}
		return Invalid(k, "holds a control character (%U)", rune(v[i]))
	}
	limit := maxShortParamBytes
	if longParams[k] {
		limit = maxParamBytes
	}
	if len(v) > limit {
		return Invalid(k, "%d bytes, at most %d", len(v), limit)
	}
	if k == "title" && utf8.RuneCountInString(v) > maxTitleChars {
		return Invalid(k, "%d characters, at most %d", utf8.RuneCountInString(v), maxTitleChars)
	}
	return nil
}
