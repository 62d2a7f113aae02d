package recordtext

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/engine"
)

// TestParse reads good records of every format, detected, and
// checks the record each gives.
func TestParse(t *testing.T) {
	t.Parallel()
	twoSite := WGFRules(2)
	// Rules given replace the site's: what they leave unset takes the
	// engine's default, the stay rule here too.
	threeAlways := engine.Rules{Players: 3, Opening: engine.OpeningEmpty, Stay: engine.StayAlways, TieBreak: engine.TieBreakLargestRegion}
	cases := []struct {
		name   string
		text   string
		rules  *engine.Rules
		format Format
		want   engine.Rules
		moves  string
	}{
		{"json", `{"rules":{"players":2},"moves":["C3","e3"]}`, nil, JSON, engine.DefaultRules(), "R C3,B E3"},
		{"json with a board", "\n  {\"rules\":{},\"board\":{\"stones\":{\"red\":[\"B6\",\"F2\",\"C3\",\"E5\"],\"blue\":[\"B2\",\"F6\",\"E3\",\"C5\"]},\"walls\":[],\"toMove\":\"red\",\"phase\":\"play\"},\"moves\":[\"E5-E4:N\"]}",
			nil, JSON, engine.DefaultRules(), "R E5-E4:N"},
		{"moves", "C3\nE3, C5\n\n# a comment\n  E5   # Red's last\nE5-E4:N", nil, Moves, engine.DefaultRules(), "R C3,B E3,B C5,R E5,R E5-E4:N"},
		{"moves with colour prefixes", "R C3,B E3,B C5,R E5", nil, Moves, engine.DefaultRules(), "R C3,B E3,B C5,R E5"},
		{"moves under given rules", "A1\nG7\nA7\nG1\nB1\nF7", &engine.Rules{Players: 3}, Moves, engine.Rules{Players: 3, Opening: engine.OpeningEmpty, Stay: engine.StayAlways, TieBreak: engine.TieBreakLargestRegion}, "R A1,B G7,G A7,G G1,B B1,R F7"},
		{"only comments", "# nothing yet\n", nil, Moves, engine.DefaultRules(), ""},
		{"byte order mark", "\ufeffC3", nil, Moves, engine.DefaultRules(), "R C3"},
		{"wgf new game", "2|A1:11,A2:55,B1:15,B2:51||", nil, WGF, twoSite, ""},
		{"wgf new three-player game", "3|||", nil, WGF, WGFRules(3), ""},
		// The opening puts A on D4 and C5, B on E4 and C4. A's stone 1
		// (B6) steps to B5, B stays on F6 (its stone 1) building east, A's
		// stone 2 (F2) steps to F3 and on to F4 in two actions.
		{"wgf", "\n2|A2:55,A1:11,B1:15,B2:51|A333,B334,B432,A422|A121,H21;BV15;A245,235,V34\n\n", nil, WGF, twoSite,
			"R D4,B E4,B C4,R C5,R B6-B5:S,B F6-F6:E,R F2-F4:W"},
		{"wgf out and back is a stay", "2|A1:11,A2:55,B1:15,B2:51|A333,B334,B432,A422|A121,111,H11", nil, WGF, twoSite,
			"R D4,B E4,B C4,R C5,R B6-B6:S"},
		{"wgf under given rules", "3||A100,B106,C160,C266,B230,A236|AV00", &engine.Rules{Stay: engine.StayAlways}, WGF, threeAlways,
			"R A7,B G7,G A1,G G1,B A4,R G4,R A7-A7:E"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			rec, f, err := ParseWith(tc.text, Options{Rules: tc.rules})
			if err != nil {
				t.Fatal(err)
			}
			if f != tc.format || rec.Rules != tc.want || strings.Join(rec.Moves, ",") != tc.moves {
				t.Errorf("got %s %+v %q, want %s %+v %q", f, rec.Rules, strings.Join(rec.Moves, ","), tc.format, tc.want, tc.moves)
			}
			if _, err := rec.Game(); err != nil {
				t.Errorf("the record does not replay: %v", err)
			}
		})
	}
}

// TestParseErrors checks the exact error of bad input in every
// format: each names the line and the move, or the field.
func TestParseErrors(t *testing.T) {
	t.Parallel()
	const start = "2|A1:11,A2:55,B1:15,B2:51|"
	const opened = start + "A333,B334,B432,A422|"
	cases := []struct {
		name  string
		text  string
		opt   Options
		want  string
		where string // "line N", a field, or "" when neither
	}{
		{"empty", " \n\t\n", Options{}, "the text is empty: give a JSON record, a move list or a WGF record", ""},
		{"unknown format", "C3", Options{Format: "sgf"}, `format "sgf": want auto, json, moves or wgf`, ""},

		{"moves: not a square", "C3\nE3\nC5\nE5\n\n# next\nE5-E9:N", Options{}, `line 7 "E5-E9:N": square "E9": row must be 1-7`, "line 7"},
		{"moves: not a move", "C3, E3, C5, E5, pass", Options{}, `line 1 "pass": want a placement like C3, a turn like E5-E3:N or a break like xD4:E`, "line 1"},
		{"moves: illegal", "C3\nE3\nC5\nE5\nE5-E1:N", Options{}, `line 5 "E5-E1:N": turn E5-E1:N: E1 is not reachable from E5 in two steps (walls, stones or distance)`, "line 5"},
		{"moves: wrong colour", "C3\nR E3", Options{}, `line 2 "R E3": blue is to move, not red`, "line 2"},
		{"moves: too long", "C3\n" + strings.Repeat("E", 40), Options{}, `line 2 "EEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEE...": 40 bytes, a move is at most 32`, "line 2"},
		{"moves: bad rules", "C3", Options{Rules: &engine.Rules{Players: 5}}, "rules.players: 5 is not supported (2, 3 or 4)", "rules.players"},

		{"json: unknown field", `{"rules":{"players":2},"move":[]}`, Options{}, "move: unknown field", "move"},
		{"json: unknown rules field", `{"rules":{"playrs":2},"moves":[]}`, Options{}, "rules.playrs: unknown field", "rules.playrs"},
		{"json: wrong type", `{"rules":{"players":"two"},"moves":[]}`, Options{}, "rules.players: expected a number, got string", "rules.players"},
		{"json: a move not a string", `{"moves":["C3",4]}`, Options{}, "moves: expected a string, got number", "moves"},
		{"json: illegal move", `{"moves":["C3","C3"]}`, Options{}, `moves[1] "C3": placement C3: the square already holds a red stone`, "moves[1]"},
		{"json: bad rules", `{"rules":{"opening":"three-stone"},"moves":[]}`, Options{}, `rules.opening: "three-stone" is not empty or four-stone`, "rules.opening"},
		{"json: malformed", "{\"moves\": [\"C3\",\n ]}", Options{}, "line 2: malformed JSON: invalid character ']' looking for beginning of value", "line 2"},
		{"json: cut short", `{"moves": ["C3"`, Options{}, "malformed JSON: the text ends in the middle of a value", ""},
		{"json: trailing data", `{"moves": []} {}`, Options{}, "malformed JSON: unexpected data after the JSON value", ""},
		{"json: rules given", `{"moves": []}`, Options{Rules: &engine.Rules{}}, "a JSON record carries its own rules: give no rules with it", ""},

		{"wgf: four players", "4|||", Options{}, `line 1 "4": players: the site's games have 2 or 3 players, not "4"`, "line 1"},
		{"wgf: blocks", "2|A1:11,A2:55,B1:15,B2:51|", Options{}, "line 1: a WGF record has 4 blocks separated by '|' (players|init|opening|turns); this line has 3", "line 1"},
		{"wgf: second line", "3|||\n3|||", Options{}, "line 2: a WGF record is one line; this is a second", "line 2"},
		{"wgf: no init", "2|||", Options{}, "line 1: init: the site's two-player game starts with the preset stones A1:11,A2:55,B1:15,B2:51 (the four-stone opening: Red on B6 and F2, Blue on F6 and B2), nothing else", "line 1"},
		{"wgf: other init", "2|A1:11,A2:55,B1:15,B2:52||", Options{}, `line 1 "A1:11,A2:55,B1:15,B2:52": init: the site's two-player game starts with the preset stones A1:11,A2:55,B1:15,B2:51 (the four-stone opening: Red on B6 and F2, Blue on F6 and B2), nothing else`, "line 1"},
		{"wgf: three-player init", "3|A1:11||", Options{}, `line 1 "A1:11": init: the site's three-player game has no preset stones, so this block is empty`, "line 1"},
		{"wgf: players disagree", "3|||", Options{Rules: &engine.Rules{Players: 2}}, `line 1 "3": players: the record has 3 players, the rules given 2`, "line 1"},
		{"wgf: opening disagrees", "2|A1:11,A2:55,B1:15,B2:51||", Options{Rules: &engine.Rules{Opening: engine.OpeningEmpty}}, `line 1 "2": players: the site's 2-player game starts from the four-stone opening, the rules given say empty`, "line 1"},
		{"wgf: bad stay rule", "3|||", Options{Rules: &engine.Rules{Stay: "never"}}, `rules.stay: "never" is not always or step-out`, "rules.stay"},
		{"wgf: placement off the board", start + "A373|", Options{}, `line 1 "A373": opening placement 1: cell 73 is off the board: the site's board is 7x7, rows and columns 0-6`, "line 1"},
		{"wgf: placement out of turn", start + "A333,A434|", Options{}, `line 1 "A434": opening placement 2: red (A) places, but blue is to place`, "line 1"},
		{"wgf: placement numbered wrong", start + "A433|", Options{}, `line 1 "A433": opening placement 1: A's next stone is number 3, not 4`, "line 1"},
		{"wgf: placement on a stone", start + "A311|", Options{}, `line 1 "A311": opening placement 1: placement B6: the square already holds a red stone`, "line 1"},
		{"wgf: placement of a fourth player", "3||D100|", Options{}, `line 1 "D100": opening placement 1: player 'D': the players of a 3-player game are A, B and C`, "line 1"},
		{"wgf: too many placements", opened[:len(opened)-1] + ",A500|", Options{}, `line 1 "A500": opening placement 5: the setup phase is over (4 of 4 placements made)`, "line 1"},
		{"wgf: turn before the end of the opening", start + "A333|A121,H21", Options{}, `line 1 "A121,H21": turn 1: the opening is not complete: blue still places a stone`, "line 1"},
		{"wgf: turn out of turn", opened + "B121,H21", Options{}, `line 1 "B121,H21": turn 1: blue (B) plays, but red is to move`, "line 1"},
		{"wgf: wall off the board", opened + "A121,H71", Options{}, `line 1 "A121,H71": turn 1: action "H71": cell 71 is off the board: the site's board is 7x7, rows and columns 0-6`, "line 1"},
		{"wgf: wall on the edge", opened + "A161,H61", Options{}, `line 1 "A161,H61": turn 1: action "H61": a wall H on row 6 would lie below the bottom row, on the board's edge, which is not a wall slot`, "line 1"},
		{"wgf: wall away from the stone", opened + "A121,H33", Options{}, `line 1 "A121,H33": turn 1: action "H33": the wall is not a side of B5, where the stone ends its move`, "line 1"},
		{"wgf: no wall", opened + "A121", Options{}, `line 1 "A121": turn 1: a turn ends with its wall, H or V and a row and a column`, "line 1"},
		{"wgf: two walls", opened + "AH11,H21", Options{}, `line 1 "AH11,H21": turn 1: action "H11": a turn builds one wall, its last action`, "line 1"},
		{"wgf: empty turn", opened + "A121,H21;", Options{}, `line 1: turn 2: empty: a turn is the player's letter and its actions, e.g. A123,H22`, "line 1"},
		{"wgf: bad action", opened + "A1-21,H21", Options{}, `line 1 "A1-21,H21": turn 1: action "1-21": want a step like 132 (stone 1 to row 3, column 2), a wall like H23 or V23, or a break like XH23`, "line 1"},
		{"wgf: too far", opened + "A121,131,141,H41", Options{}, `line 1 "A121,131,141,H41": turn 1: action "141": the stone would move 3 cells from B6; a turn moves it at most 2`, "line 1"},
		{"wgf: no such stone", opened + "A521,H21", Options{}, `line 1 "A521,H21": turn 1: action "521": red has no stone 5 (it has 4)`, "line 1"},
		{"wgf: two stones", opened + "A121,255,H55", Options{}, `line 1 "A121,255,H55": turn 1: action "255": a turn moves one stone, and stone 1 moved first`, "line 1"},
		{"wgf: unreachable", opened + "A335,V35", Options{}, `line 1 "A335,V35": turn 1: turn D4-F4:E: F4 is not reachable from D4 in two steps (walls, stones or distance)`, "line 1"},
		{"wgf: stay beside no stone", opened + "AH44", Options{}, `line 1 "AH44": turn 1: action "H44": the turn moves no stone, and the wall is beside none of red's stones`, "line 1"},
		{"wgf: break with two players", opened + "AXH11,H21", Options{}, `line 1 "AXH11,H21": turn 1: action "XH11": break xB5:N: wall breaks exist only in three-player games`, "line 1"},
		{"wgf: stay forbidden by the site's rule", "3||A100,B110,C101,C266,B230,A236|AV00", Options{}, `line 1 "AV00": turn 1: turn A7-A7:E: the stone on A7 may not stay (stay rule step-out)`, "line 1"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, _, err := ParseWith(tc.text, tc.opt)
			if err == nil {
				t.Fatalf("no error, want %q", tc.want)
			}
			if err.Error() != tc.want {
				t.Errorf("error\n %s\nwant\n %s", err, tc.want)
			}
			if got := whereOf(err); got != tc.where {
				t.Errorf("the error names %q, want %q", got, tc.where)
			}
		})
	}
}

// whereOf returns what an error names: "line N", a field, or "".
func whereOf(err error) string {
	var le *LineError
	var me *engine.MoveError
	var fe *engine.FieldError
	switch {
	case errors.As(err, &le):
		return "line " + strconv.Itoa(le.Line)
	case errors.As(err, &me):
		return me.Field()
	case errors.As(err, &fe):
		return fe.Field
	}
	return ""
}

// TestDetect checks the detection on the first non-blank
// line.
func TestDetect(t *testing.T) {
	t.Parallel()
	cases := map[string]Format{
		`{"moves":[]}`:     JSON,
		"\n\n  {":          JSON,
		"2|||":             WGF,
		"\n 3|||\n":        WGF,
		"C3\nE3":           Moves,
		"# 2|||\nC3":       Moves,
		"12":               Moves,
		"":                 Moves,
		"R C3, B E3":       Moves,
		"|2|A1:11,A2:55||": Moves,
	}
	for text, want := range cases {
		if got := Detect(text); got != want {
			t.Errorf("Detect(%q) = %s, want %s", text, got, want)
		}
	}
	for _, s := range []string{"", "auto", "json", "moves", "wgf"} {
		if _, err := ParseFormat(s); err != nil {
			t.Errorf("ParseFormat(%q): %v", s, err)
		}
	}
	if _, err := ParseFormat("JSON"); err == nil || err.Error() != `format "JSON": want auto, json, moves or wgf` {
		t.Errorf("ParseFormat(JSON): %v", err)
	}
}

// TestWriteErrors checks what each format refuses.
func TestWriteErrors(t *testing.T) {
	t.Parallel()
	board := &engine.Diagram{Stones: map[string][]string{"red": {"B6", "F2", "C3", "E5"}, "blue": {"B2", "F6", "E3", "C5"}}, Walls: []engine.Wall{}, ToMove: "red", Phase: "play"}
	three := engine.Rules{Players: 3}
	breakLast := engine.Record{Rules: three, Moves: []string{"A1", "G7", "A7", "G1", "B1", "F7", "A1-A2:E", "G7-G6:W", "A7-A6:E", "xA2:E"}}
	cases := []struct {
		name   string
		rec    engine.Record
		format Format
		want   string
	}{
		{"bad move", engine.Record{Moves: []string{"C3", "C3"}}, JSON, `moves[1] "C3": placement C3: the square already holds a red stone`},
		{"auto", engine.Record{}, Auto, `format "auto": want json, moves or wgf`},
		{"moves with a board", engine.Record{Board: board}, Moves, "board: a move list starts from the rules' start position, so a record with a board can only be written as json"},
		{"wgf with a board", engine.Record{Board: board}, WGF, "board: WGF starts from the site's start position, so a record with a board has no WGF form"},
		{"wgf of four players", engine.Record{Rules: engine.Rules{Players: 4}}, WGF, "rules.players: WGF holds the site's games, of 2 or 3 players, not 4"},
		{"wgf of the empty two-player opening", engine.Record{Rules: engine.Rules{Opening: engine.OpeningEmpty}}, WGF, "rules.opening: the site's 2-player game starts from the four-stone opening, not empty"},
		{"wgf ending in a break", breakLast, WGF, `moves[9] "R xA2:E": the record ends after this break, in the middle of the turn, or the break ended the turn: WGF writes whole turns, each with its wall`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := Write(tc.rec, tc.format)
			if err == nil || err.Error() != tc.want {
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}
}
