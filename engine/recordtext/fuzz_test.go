package recordtext

// Fuzz targets of the text forms of a record; run one with e.g.
// go test -run='^$' -fuzz='^FuzzParse$' -fuzztime=20s ./engine/recordtext/

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/engine"
)

// FuzzParse: Parse never panics; an error names a line of the text or a
// field; an accepted text replays legally, and written in each format and
// read back it gives the same game.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		`{"rules":{"players":2},"moves":["C3","E3","C5","E5","E5-E4:N"]}`,
		`{"rules":{"players":3},"moves":["A1","G7","A7","G1","B1","F7","A1-A2:E","G7-G6:W","A7-A6:E","xA2:E","A2-B2:N"]}`,
		"C3\nE3, C5\n# comment\nE5\nE5-E4:N\n",
		"R C3, B E3, B C5, R E5, R C3-C4:W",
		"2|A1:11,A2:55,B1:15,B2:51|A333,B334,B432,A422|A121,H21;BV15;A245,235,V34",
		"3||A100,B106,C160,C266,B230,A236|AV00;B116,H16",
	} {
		f.Add(s)
	}
	addGoldenSeeds(f)
	f.Fuzz(func(t *testing.T, text string) {
		rec, format, err := Parse(text)
		checkParsed(t, text, Options{}, rec, format, err)
	})
}

// FuzzParseWGF: the same for texts read as WGF records, under the site's
// rules and under the default stay rule.
func FuzzParseWGF(f *testing.F) {
	for _, s := range []string{
		"2|A1:11,A2:55,B1:15,B2:51||",
		"3|||",
		"2|A1:11,A2:55,B1:15,B2:51|A333,B334,B432,A422|A121,H21;BV15;A245,235,V34",
		"2|A1:11,A2:55,B1:15,B2:51|A333,B334,B432,A422|A121,111,H11",
		"3||A100,B106,C160,C266,B230,A236|AV00;BXV00,116,H16",
		// A site game with breaks after a step and after the move, and a
		// settled player who plays with its break (the corpus's 3p-1).
		"3||A126,B136,C122,C220,B225,A214|A215,205,V05;BV24;C142,H32;A115,V15;B145,V45;C222,V22;A204,V04;BXV24,V25;C211,H11;A124,V23;BH45;C140,H30;A203,204,XV04,H04;B215,V14;C131,H31;A114,V13;BH15;C132,XH32,H32;AH14;B135,H25;C201,200,V00;A205,204,V03;B136,146,H46;C133,H23;A205,204,V04;B136,135,V35;C210,220,H20;B145,V44;C210,H10;B135,134,V33;C200,H00;BH05;C132,122,V21;B135,H35;C112,V12;B134,V34;C132,V31;B144,H34;C112,V11;B133,H33;C122,132,H22",
	} {
		f.Add(s, false)
	}
	addGoldenSeeds(f)
	f.Fuzz(func(t *testing.T, text string, always bool) {
		opt := Options{Format: WGF}
		if always {
			opt.Rules = &engine.Rules{Stay: engine.StayAlways}
		}
		rec, format, err := ParseWith(text, opt)
		checkParsed(t, text, opt, rec, format, err)
	})
}

// addGoldenSeeds adds the golden WGF records to a fuzz target's seeds,
// with the arguments the target takes.
func addGoldenSeeds(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join("testdata", "wgf", "*.wgf"))
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		if strings.Contains(f.Name(), "WGF") {
			f.Add(string(data), false)
		} else {
			f.Add(string(data))
		}
	}
}

// checkParsed checks what ParseWith made of text.
func checkParsed(t *testing.T, text string, opt Options, rec engine.Record, format Format, err error) {
	t.Helper()
	if err != nil {
		checkNamed(t, text, err)
		return
	}
	g, err := rec.Game()
	if err != nil {
		t.Fatalf("accepted as %s, but the record does not replay: %v\n%q", format, err, text)
	}
	if len(g.Moves) != len(rec.Moves) {
		t.Fatalf("replayed %d of %d moves", len(g.Moves), len(rec.Moves))
	}
	for _, f := range []Format{JSON, Moves, WGF} {
		out, err := Write(rec, f)
		if err != nil {
			var fe *engine.FieldError
			var me *engine.MoveError
			if f != JSON && (errors.As(err, &fe) || errors.As(err, &me)) {
				continue // what the format cannot hold: a board, four players, a game ending after a break
			}
			t.Fatalf("writing the record as %s: %v", f, err)
		}
		back := Options{Format: f}
		if f != JSON {
			back.Rules = &rec.Rules
		}
		again, _, err := ParseWith(out, back)
		if err != nil {
			t.Fatalf("the record written as %s does not read back: %v\n%s", f, err, out)
		}
		if f == WGF {
			if err := sameGame(again, rec); err != nil {
				t.Fatalf("the record written as %s reads back to another game: %v\n%s", f, err, out)
			}
		} else if again.Rules != rec.Rules || !slices.Equal(again.Moves, rec.Moves) {
			t.Fatalf("the record written as %s reads back as %+v, want %+v", f, again, rec)
		}
	}
}

// checkNamed checks that an error names where it is: a line of the text
// or, for JSON, a field or the move.
func checkNamed(t *testing.T, text string, err error) {
	t.Helper()
	var le *LineError
	if errors.As(err, &le) {
		if lines := strings.Count(text, "\n") + 1; le.Line < 1 || le.Line > lines || le.Err == nil {
			t.Fatalf("%v names line %d of %d", err, le.Line, lines)
		}
		if len(le.Move) > engine.MaxMoveText+3 {
			t.Fatalf("%v: the move's text is not cut", err)
		}
		return
	}
	if err.Error() == "" {
		t.Fatal("an error without a message")
	}
}
