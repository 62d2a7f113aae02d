package workspace

import (
	"reflect"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/service/jobs"
)

// mustMove parses a move in notation or fails the test.
func mustMove(t *testing.T, text string) grid.Move {
	t.Helper()
	m, _, err := grid.ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestCardRoundTrip: a puzzle written as a card row reads back equal,
// with and without a line, and the row's text is the stored keys'.
func TestCardRoundTrip(t *testing.T) {
	t.Parallel()
	rec := engine.Record{Rules: engine.Rules{Players: 2, Opening: engine.OpeningEmpty}, Moves: []string{"D4", "C5"}}
	for _, tc := range []struct {
		name string
		line []grid.Move
	}{
		{"with a line", []grid.Move{mustMove(t, "E4-E5:N"), mustMove(t, "C5-C6:W")}},
		{"without a line", []grid.Move{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			in := jobs.Puzzle{Ply: 12, Record: rec, Player: grid.Blue, Played: mustMove(t, "D3-D2:S"), Loss: 0.21,
				Solution: mustMove(t, "E4-E5:N"), Line: tc.line, Margin: 0.31, Proven: true}
			data, err := encodeCard(&in)
			if err != nil {
				t.Fatal(err)
			}
			for _, key := range []string{`"player":"blue"`, `"played":"D3-D2:S"`, `"solution":"E4-E5:N"`, `"line":[`} {
				if !strings.Contains(string(data), key) {
					t.Errorf("row %s lacks %s", data, key)
				}
			}
			out, err := decodeCard(data)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(out, in) {
				t.Errorf("read back %+v, want %+v", out, in)
			}
		})
	}
}

// TestDecodeCardNamesTheField: a stored row whose text does not parse
// is refused with the field's name.
func TestDecodeCardNamesTheField(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ row, field string }{
		{`{"player":"purple","played":"D3","solution":"D4","line":[]}`, "player"},
		{`{"player":"red","played":"Z9","solution":"D4","line":[]}`, "played"},
		{`{"player":"red","played":"D3","solution":"","line":[]}`, "solution"},
		{`{"player":"red","played":"D3","solution":"D4","line":["D5","nope"]}`, "line[1]"},
	} {
		_, err := decodeCard([]byte(tc.row))
		if err == nil || !strings.HasPrefix(err.Error(), tc.field+":") {
			t.Errorf("%s: error %v, want one naming %s", tc.row, err, tc.field)
		}
	}
}
