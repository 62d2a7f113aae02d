package jsonscan

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/jobs"
)

// fuzzSeeds are bodies for the fuzz targets: valid ones, each kind of
// refusal, and the tricky corners of JSON strings and numbers.
var fuzzSeeds = []string{
	`{"moves":["C3"]}`, `{"moves":[1]}`, `{"rules":{"x":1}}`, `{`, ``, `[]`, `null`, `{"maxVisits":"a"}`, `{} {}`,
	`{"id":"a\u0000b","moves":["C3"]}`, "{\"id\":\"\xff\"}", `{"id":"\ud83d\ude00"}`, `{"id":"\ud800"}`,
	`{"rules":{"players":2,"opening":"empty"},"board":{"stones":{"red":["A1"]},"walls":[{"square":"C3","side":"N","by":"red"}]}}`,
	`{"openings":[["C3","E3"],[]]}`, `{"maxVisits":1e400}`, `{"maxVisits":-0}`, `{"analyzeTurns":[0,1,2]}`,
	`{"moves":null,"rules":null,"board":null}`, `{"moves":["C3"],"moves":["E3"]}`, `{"Moves":["C3"]}`,
	`{"id":"\"\\\/\b\f\n\r\t"}`, `{"topK":0x10}`, " \t\r\n{}", `{"includePolicy":tru}`,
}

// FuzzDecodeQuery: any body decodes into each request type or gives a
// *Error with a message, never a panic; the
// scanner accepts only what encoding/json accepts strictly, and an
// accepted body round-trips (encode, decode again: the same value).
func FuzzDecodeQuery(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		checkDecode[analysis.Query](t, body)
		checkDecode[jobs.ReviewRequest](t, body)
		checkDecode[jobs.OpeningsRequest](t, body)
		checkDecode[engine.Diagram](t, body)
	})
}

// checkDecode checks the invariants of Decode for one type.
func checkDecode[T any](t *testing.T, body []byte) {
	var v T
	err := Decode(body, &v)
	if err != nil {
		var se *Error
		if !errors.As(err, &se) || se.Message == "" {
			t.Fatalf("decode %q into %T: %#v", body, v, err)
		}
		return
	}
	// encoding/json, strictly, agrees.
	var strict T
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&strict); err != nil {
		t.Fatalf("the scanner accepted %q into %T, encoding/json refuses it: %v", body, v, err)
	}
	// Round trip.
	again, err := json.Marshal(&v)
	if err != nil {
		t.Fatalf("encode %T %+v: %v", v, v, err)
	}
	var back T
	if err := Decode(again, &back); err != nil {
		t.Fatalf("%q decoded, encoded as %s, is refused: %v", body, again, err)
	}
	if !reflect.DeepEqual(normalize(v), normalize(back)) {
		t.Fatalf("%q: decoded %+v, after a round trip %+v", body, v, back)
	}
}

// normalize re-encodes a value, so that nil and empty slices and maps
// (which omitempty fields cannot tell apart) compare equal.
func normalize(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
