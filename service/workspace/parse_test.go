package workspace

import (
	"strings"
	"testing"

	"github.com/wallzero/wallzero/service/analysis"
)

func TestParseImport(t *testing.T) {
	t.Parallel()
	limits := analysis.DefaultLimits()
	for _, tc := range []struct {
		name, text, format string
		names              map[string]string
		games              int
		problems           []string // "LINE FIELD" of each problem
		winner             string   // of the first game
	}{
		{name: "json lines", text: `{"moves":["C3","E3"],"players":{"red":"Ana","blue":"Ben"},"date":"2026-11-02","result":"blue"}` + "\n\n" +
			`{"moves":["C3"],"result":{"winner":"draw"}}`, games: 2, winner: "blue"},
		{name: "a saved match game", text: `{"game":3,"seed":9,"rules":{"players":2},"moves":["C3","E3","C5","E5"],"players":{"red":"a","blue":"b"},"result":{"winner":"red","score":{"red":1,"blue":0}}}`,
			games: 1, winner: "red"},
		{name: "wgf", text: "# a comment\n2|A1:11,A2:55,B1:15,B2:51|A342,B344,B422,A424|\n", names: map[string]string{"red": "Ana"}, games: 1},
		{name: "bad lines", text: strings.Join([]string{
			`{"moves":["C3","Z9"]}`,
			`{"moves":["C3"],"date":"soon"}`,
			`{"moves":["C3"],"players":{"red":"Ana","blue":"Ana"}}`,
			`{"moves":["C3"]} {"moves":["E3"]}`,
			`{"moves":["C3"],"result":"purple"}`,
			`{"moves":["C3"],"players":{"red":"\u0007"}}`,
		}, "\n"), problems: []string{"1 moves[1]", "2 date", "3 players.", "4 ", "5 result", "6 players.red"}},
		{name: "bad wgf", text: "2|A1:11|x|\n", format: FormatWGF, problems: []string{"1 "}},
	} {
		games, problems, err := ParseImport(tc.text, tc.format, limits, tc.names)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if len(games) != tc.games || len(problems) != len(tc.problems) {
			t.Errorf("%s: %d games, problems %+v", tc.name, len(games), problems)
			continue
		}
		for i, p := range problems {
			want := strings.SplitN(tc.problems[i], " ", 2)
			if got := p.String(); !strings.HasPrefix(got, "line "+want[0]+" "+want[1]) && !strings.HasPrefix(got, "line "+want[0]+": ") || p.Message == "" {
				t.Errorf("%s: problem %d is %q, want line %s field %q", tc.name, i, got, want[0], want[1])
			}
		}
		if tc.games > 0 && games[0].Winner != tc.winner {
			t.Errorf("%s: winner %q, want %q", tc.name, games[0].Winner, tc.winner)
		}
		if tc.names != nil && games[0].Players["red"] != tc.names["red"] {
			t.Errorf("%s: players %v", tc.name, games[0].Players)
		}
	}
	if _, _, err := ParseImport("x", "pgn", limits, nil); err == nil {
		t.Error("an unknown format was accepted")
	}
}

// FuzzParseImport: any text parses without panicking, and every line is
// either a game or a problem naming it.
func FuzzParseImport(f *testing.F) {
	f.Add(`{"moves":["C3","E3"],"players":{"red":"Ana"}}`)
	f.Add("2|A1:11,A2:55,B1:15,B2:51|A342,B344,B422,A424|")
	f.Add(`{"moves":["C3"],"result":{"winner":7}}` + "\n{")
	limits := analysis.DefaultLimits()
	f.Fuzz(func(t *testing.T, text string) {
		games, problems, err := ParseImport(text, FormatAuto, limits, nil)
		if err != nil {
			t.Fatal(err)
		}
		lines := 0
		for _, l := range strings.Split(text, "\n") {
			if strings.TrimSpace(l) != "" {
				lines++ // an upper bound: WGF comments count too
			}
		}
		if len(games)+len(problems) > lines {
			t.Fatalf("%d games and %d problems from %d lines", len(games), len(problems), lines)
		}
		for _, p := range problems {
			if p.Line < 1 || p.Message == "" {
				t.Fatalf("problem %+v", p)
			}
		}
	})
}
