package reviewrow

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// golden is a three-player review's row as the service stores it
// (service/jobs's review golden file).
var golden = filepath.Join("..", "testdata", "review-three-players.golden.json")

// TestRoundTrip decodes a stored review and encodes it again: the same
// bytes (the row's shape is the one the API has always shown).
func TestRoundTrip(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	got, err := json.MarshalIndent(From(r), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(append(got, '\n'), data) {
		t.Errorf("the row changed on its way through the typed review:\n%s", got)
	}
}

// TestDecodeErrors: a row whose move or colour does not parse is an
// error naming the field.
func TestDecodeErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ row, want string }{
		{`{"players":["red","purple"]}`, "players: colour \"purple\""},
		{`{"players":["red","blue"],"moves":[{"move":"Z9","player":"red"}]}`, "moves.move: move \"Z9\""},
		{`{"players":["red","blue"],"winrateCurve":[{"ply":0,"redWinrate":0.5,"winrates":{"red":0.5}}]}`, "winrateCurve.winrates: no blue"},
		{`{"winrateCurve":[{"ply":0}]}`, "players: 0, want 2 to 4"},
		{`{`, "stored review: "},
	} {
		if _, err := Decode([]byte(tc.row)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one with %q", tc.row, err, tc.want)
		}
	}
}

// FuzzDecode: no row makes Decode panic, and a row it accepts encodes.
func FuzzDecode(f *testing.F) {
	if data, err := os.ReadFile(golden); err == nil {
		f.Add(data)
	}
	f.Add([]byte(`{"players":["red","blue"],"moves":[{"move":"C3","player":"red","bestMove":"","bestPv":[]}],"accuracy":{"red":50}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := Decode(data)
		if err != nil {
			return
		}
		if _, err := Encode(r); err != nil {
			t.Fatalf("a decoded row does not encode: %v", err)
		}
	})
}
