package api_test

import (
	"net/http"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/api"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/recordtext"
	"github.com/wallzero/wallzero/service/records"
)

// TestRecordsImport: POST /v1/records/import reads a JSON record, a move
// list and a WGF record (the site's, testdata of the engine) into the same
// JSON record the engine gives, detected or named.
func TestRecordsImport(t *testing.T) {
	t.Parallel()
	ts := start(t, newDatabase(t), options{noWorker: true})
	wgf, err := os.ReadFile("../engine/recordtext/testdata/wgf/three-player.wgf")
	if err != nil {
		t.Fatal(err)
	}
	three := engine.Rules{Players: 3}
	tests := []struct {
		name   string
		body   map[string]any
		format string
		rules  engine.Rules
		moves  []string
	}{
		{"json", map[string]any{"text": `{"rules":{"players":2},"moves":["C3","E3","C5","E5","E5-E4:N"]}`}, "json", engine.DefaultRules(),
			[]string{"R C3", "B E3", "B C5", "R E5", "R E5-E4:N"}},
		{"moves", map[string]any{"text": "C3\nE3, C5\n# Red\nE5\nE5-E4:N\n"}, "moves", engine.DefaultRules(),
			[]string{"R C3", "B E3", "B C5", "R E5", "R E5-E4:N"}},
		{"moves under rules", map[string]any{"text": "A1,G7,A7,G1,B1,F7", "format": "moves", "rules": three}, "moves",
			engine.Rules{Players: 3, Opening: engine.OpeningEmpty, Stay: engine.StayAlways, TieBreak: engine.TieBreakLargestRegion},
			[]string{"R A1", "B G7", "G A7", "G G1", "B B1", "R F7"}},
		{"wgf", map[string]any{"text": "2|A1:11,A2:55,B1:15,B2:51|A342,B344,B422,A424|A434,H24"}, "wgf", recordtext.WGFRules(2),
			[]string{"R C3", "B E3", "B C5", "R E5", "R E5-E4:N"}},
		{"wgf of the engine's testdata", map[string]any{"text": string(wgf), "format": "wgf"}, "wgf", recordtext.WGFRules(3), nil},
		// Longer than the 1024 bytes of other strings: a record's text may
		// hold up to 32 KiB.
		{"long json", map[string]any{"text": `{"moves":["C3","E3"]}` + strings.Repeat("\n", 2000)}, "json", engine.DefaultRules(), []string{"R C3", "B E3"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var out records.Imported
			if code := ts.do("POST", "/v1/records/import", tc.body, &out); code != http.StatusOK {
				t.Fatalf("status %d: %+v", code, out)
			}
			want := tc.moves
			if want == nil {
				rec, _, err := recordtext.Parse(tc.body["text"].(string))
				if err != nil {
					t.Fatal(err)
				}
				want = rec.Moves
			}
			if out.Format != tc.format || out.Record.Rules != tc.rules || out.Record.Board != nil || !slices.Equal(out.Record.Moves, want) || out.Plies != len(want) {
				t.Errorf("got %s %+v (%d plies), want %s %v %v", out.Format, out.Record, out.Plies, tc.format, tc.rules, want)
			}
		})
	}
}

// TestRecordsImportErrors: bad input is a 400 in the API's error shape
// naming the field, and for a text the line and the move.
func TestRecordsImportErrors(t *testing.T) {
	t.Parallel()
	ts := start(t, newDatabase(t), options{noWorker: true})
	tests := []struct {
		name  string
		body  string
		field string
		msg   string
	}{
		{"bad square", `{"text":"C3\nE3\nC5\nE5\n\n# next\nE5-E9:N"}`, "text:line 7",
			`line 7 "E5-E9:N": square "E9": row must be 1-7 (the text was read as moves)`},
		{"illegal move", `{"text":"C3\nE3\nC5\nE5\nE5-E1:N","format":"moves"}`, "text:line 5",
			`line 5 "E5-E1:N": turn E5-E1:N: E1 is not reachable from E5 in two steps (walls, stones or distance)`},
		{"wgf turn", `{"text":"2|A1:11,A2:55,B1:15,B2:51|A342,B344,B422,A424|A434,H71","format":"wgf"}`, "text:line 1",
			`line 1 "A434,H71": turn 1: action "H71": cell 71 is off the board: the site's board is 7x7, rows and columns 0-6`},
		{"wgf of four players", `{"text":"4|||"}`, "text:line 1",
			`line 1 "4": players: the site's games have 2 or 3 players, not "4" (the text was read as wgf)`},
		{"json move", `{"text":"{\"moves\":[\"C3\",\"C3\"]}"}`, "text:moves[1]",
			`"C3": placement C3: the square already holds a red stone (the text was read as json)`},
		{"json field", `{"text":"{\"rules\":{\"playrs\":2},\"moves\":[]}","format":"json"}`, "text:rules.playrs", "unknown field"},
		{"empty", `{"text":"  "}`, "text", "the text is empty: give a JSON record, a move list or a WGF record (the text was read as moves)"},
		{"unknown format", `{"text":"C3","format":"sgf"}`, "format", `format "sgf": want auto, json, moves or wgf`},
		{"bad rules", `{"text":"C3","rules":{"players":5}}`, "rules.players", "5 is not supported (2, 3 or 4)"},
		{"rules with json", `{"text":"{\"moves\":[]}","rules":{}}`, "rules", "a JSON record carries its own rules: leave rules out"},
		{"wgf rules disagree", `{"text":"3|||","rules":{"players":2}}`, "text:line 1",
			`line 1 "3": players: the record has 3 players, the rules given 2 (the text was read as wgf)`},
		{"text too long", `{"text":"` + strings.Repeat("C3,", 11000) + `"}`, "text", "a string longer than 32768 bytes (at byte 32778)"},
		{"unknown field", `{"text":"C3","fromat":"moves"}`, "fromat", "unknown field (known: format, rules, text) (at byte 21)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var out api.ErrorResponse
			if code := ts.do("POST", "/v1/records/import", tc.body, &out); code != http.StatusBadRequest {
				t.Fatalf("status %d: %+v", code, out)
			}
			if out.Error.Code != "invalid" || out.Error.Field != tc.field || out.Error.Message != tc.msg {
				t.Errorf("error %+v, want field %q message %q", out.Error, tc.field, tc.msg)
			}
		})
	}
}

// TestRecordsExport: POST /v1/records/export writes a record in each
// format, and importing the text gives the record back; bad records are
// refused naming record.moves[i] or what the format cannot hold.
func TestRecordsExport(t *testing.T) {
	t.Parallel()
	ts := start(t, newDatabase(t), options{noWorker: true})
	recs := []engine.Record{
		{Moves: []string{"C3", "E3", "C5", "E5", "E5-E4:N", "E3-E3:W"}},
		{Rules: engine.Rules{Players: 3, Stay: engine.StayStepOut}, Moves: []string{"A1", "G7", "A7", "G1", "B1", "F7", "A1-A2:E", "G7-G6:W", "A7-A6:E", "xA2:E", "A2-B2:N"}},
	}
	for _, rec := range recs {
		g, err := rec.Game()
		if err != nil {
			t.Fatal(err)
		}
		want := g.Record()
		for _, format := range []string{"json", "moves", "wgf"} {
			var out records.Exported
			if code := ts.do("POST", "/v1/records/export", map[string]any{"record": rec, "format": format}, &out); code != http.StatusOK {
				t.Fatalf("%s: status %d: %+v", format, code, out)
			}
			if out.Format != format || out.Text == "" {
				t.Fatalf("%s: %+v", format, out)
			}
			body := map[string]any{"text": out.Text}
			if format != "json" {
				body["rules"] = want.Rules
			}
			var back records.Imported
			if code := ts.do("POST", "/v1/records/import", body, &back); code != http.StatusOK {
				t.Fatalf("%s: importing %q: status %d", format, out.Text, code)
			}
			if back.Format != format || back.Record.Rules != want.Rules || !slices.Equal(back.Record.Moves, want.Moves) {
				t.Errorf("%s: %q imports as %+v, want %+v", format, out.Text, back, want)
			}
		}
	}
	var out records.Exported
	ts.do("POST", "/v1/records/export", map[string]any{"record": recs[0], "format": "wgf"}, &out)
	if want := "2|A1:11,A2:55,B1:15,B2:51|A342,B344,B422,A424|A434,H24;BV43"; out.Text != want {
		t.Errorf("wgf %q, want %q", out.Text, want)
	}

	bad := []struct {
		name, body, field, msg string
	}{
		{"illegal move", `{"record":{"moves":["C3","E3","C5","E5","E5-E1:N"]},"format":"wgf"}`, "record.moves[4]",
			`"E5-E1:N": turn E5-E1:N: E1 is not reachable from E5 in two steps (walls, stones or distance)`},
		{"four players in wgf", `{"record":{"rules":{"players":4},"moves":[]},"format":"wgf"}`, "record.rules.players",
			"WGF holds the site's games, of 2 or 3 players, not 4"},
		{"a board as moves", `{"record":{"board":{"stones":{"red":["B6","F2","C3","E5"],"blue":["B2","F6","E3","C5"]},"walls":[],"toMove":"red","phase":"play"},"moves":[]},"format":"moves"}`,
			"record.board", "a move list starts from the rules' start position, so a record with a board can only be written as json"},
		{"no format", `{"record":{"moves":[]}}`, "format", "missing: json, moves or wgf"},
		{"auto", `{"record":{"moves":[]},"format":"auto"}`, "format", `"auto": want json, moves or wgf`},
		{"bad rules", `{"record":{"rules":{"stay":"never"},"moves":[]},"format":"json"}`, "record.rules.stay", `"never" is not always or step-out`},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			var out api.ErrorResponse
			if code := ts.do("POST", "/v1/records/export", tc.body, &out); code != http.StatusBadRequest {
				t.Fatalf("status %d: %+v", code, out)
			}
			if out.Error.Code != "invalid" || out.Error.Field != tc.field || out.Error.Message != tc.msg {
				t.Errorf("error %+v, want field %q message %q", out.Error, tc.field, tc.msg)
			}
		})
	}
}
