package jsonscan

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/service/analysis"
)

// TestScan: the scanner's verdicts and paths on corners the hostile
// suite cannot reach through the request types (untyped values, depth,
// surrogate pairs).
func TestScan(t *testing.T) {
	t.Parallel()
	anyType := reflect.TypeFor[any]()
	query := reflect.TypeFor[*analysis.Query]()
	for _, tc := range []struct {
		name  string
		typ   reflect.Type
		body  string
		field string // "-": accepted
		text  string
	}{
		{"surrogate pair", query, `{"id":"\ud83d\ude00"}`, "-", ""},
		{"escapes", query, `{"id":"\"\\\/\b\f\n\r\t\u00e9"}`, "-", ""},
		{"raw UTF-8", query, `{"id":"Grüße 棋"}`, "-", ""},
		{"nulls leave fields unset", query, `{"moves":null,"rules":null,"board":null,"id":null}`, "-", ""},
		{"exactly 1024 bytes", query, `{"id":"` + strings.Repeat("a", 1024) + `"}`, "-", ""},
		{"1025 bytes", query, `{"id":"` + strings.Repeat("a", 1025) + `"}`, "id", "longer than 1024 bytes"},
		{"deep untyped", anyType, strings.Repeat("[", 10000), "[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]", "deeper than 32"},
		{"32 levels untyped", anyType, strings.Repeat("[", 32) + strings.Repeat("]", 32), "-", ""},
		{"untyped NUL", anyType, `{"a":[{"b":"\u0000"}]}`, "a[0].b", "NUL"},
		{"untyped invalid UTF-8 key", anyType, "{\"\xff\":1}", "", "invalid UTF-8"},
		{"high surrogate then text", query, `{"id":"\ud83dx"}`, "id", "low surrogate"},
		{"short \\u", query, `{"id":"\u12"}`, "id", "four hex digits"},
		{"leading zero", query, `{"maxVisits":012}`, "maxVisits", "followed by"},
		{"minus alone", query, `{"maxVisits":-}`, "maxVisits", "malformed JSON"},
		{"fraction without digits", query, `{"maxVisits":1.}`, "maxVisits", "digits after"},
		{"exponent without digits", query, `{"maxVisits":1e}`, "maxVisits", "exponent"},
		{"integral float for an int", query, `{"maxVisits":1.0}`, "maxVisits", "not a whole number"},
		{"missing colon", query, `{"id" "x"}`, "id", "expected ':'"},
		{"unquoted key", query, `{id:"x"}`, "", "field name in quotes"},
		{"trailing comma", query, `{"moves":["C3"],}`, "", "field name in quotes"},
		{"bad literal", query, `{"includePolicy":tru}`, "includePolicy", "malformed JSON"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			err := Scan([]byte(tc.body), tc.typ)
			if tc.field == "-" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			var se *Error
			if !errors.As(err, &se) || se.Field != tc.field || !strings.Contains(se.Message, tc.text) {
				t.Fatalf("got %#v; want field %q and %q", err, tc.field, tc.text)
			}
		})
	}
}

// TestLongStrings: a Decoder's LongStrings lift the string limit for
// their types only.
func TestLongStrings(t *testing.T) {
	t.Parallel()
	type text string
	type body struct {
		Text text   `json:"text"`
		ID   string `json:"id"`
	}
	d := Decoder{LongStrings: map[reflect.Type]int{reflect.TypeFor[text](): 2000}}
	long := strings.Repeat("a", 1500)
	var b body
	if err := d.Decode([]byte(`{"text":"`+long+`"}`), &b); err != nil || string(b.Text) != long {
		t.Fatalf("a long text refused: %v", err)
	}
	for _, tc := range []struct {
		name, body, field string
		dec               Decoder
	}{
		{"the zero decoder", `{"text":"` + long + `"}`, "text", Decoder{}},
		{"another field", `{"id":"` + long + `"}`, "id", d},
		{"over the type's limit", `{"text":"` + strings.Repeat("a", 2001) + `"}`, "text", d},
	} {
		var se *Error
		if err := tc.dec.Decode([]byte(tc.body), &b); !errors.As(err, &se) || se.Field != tc.field || !strings.Contains(se.Message, "longer than") {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
}
