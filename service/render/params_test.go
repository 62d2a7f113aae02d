package render

import (
	"strings"
	"testing"

	"github.com/wallzero/wallzero/engine"
)

func TestParseCandidates(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in      string
		want    string // moves and win rates, or the error's start
		wantErr bool
	}{
		{in: "", want: ""},
		{in: "E5-E4:N@0.62, C3-C4:E @ 0.5 ,D4", want: "E5-E4:N 0.62|C3-C4:E 0.5|D4 -1"},
		{in: "xD4:E@1", want: "xD4:E 1"},
		{in: "xD5:S", want: "xD4:N -1"},
		{in: "E5-E4:N@1.5", wantErr: true, want: `[0] "E5-E4:N@1.5": the win rate`},
		{in: "E5-E4:N@NaN", wantErr: true, want: "[0]"},
		{in: "E5-E4:N@", wantErr: true, want: "[0]"},
		{in: "R E5-E4:N", wantErr: true, want: "[0]"},
		{in: "C3,,C4", wantErr: true, want: "[1]"},
		{in: "H9", wantErr: true, want: "[0]"},
		{in: strings.Repeat("C3,", MaxCandidates) + "C4", wantErr: true, want: "17 moves, at most 16"},
	}
	for _, tc := range cases {
		t.Run(tc.in, func(t *testing.T) {
			t.Parallel()
			got, err := ParseCandidates(tc.in)
			if tc.wantErr {
				if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
					t.Errorf("error %v, want one starting %q", err, tc.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var parts []string
			for _, c := range got {
				parts = append(parts, c.Move.String()+" "+num(c.Winrate))
			}
			if s := strings.Join(parts, "|"); s != tc.want {
				t.Errorf("got %q, want %q", s, tc.want)
			}
		})
	}
}

func TestParseOwnership(t *testing.T) {
	t.Parallel()
	ok := strings.TrimSuffix(strings.Repeat("0.5,", 48), ",") + ",-1"
	own, err := ParseOwnership(ok)
	if err != nil || len(own) != 49 || own[0] != 0.5 || own[48] != -1 {
		t.Fatalf("ParseOwnership: %v %v", own, err)
	}
	for _, bad := range []string{"", "1,2", strings.Repeat("0,", 48) + "2", strings.Repeat("0,", 48) + "x", strings.Repeat("0,", 49) + "0"} {
		if _, err := ParseOwnership(bad); err == nil {
			t.Errorf("ParseOwnership(%q) succeeded", bad)
		}
	}
}

// FuzzParseCandidates checks that any text either fails to parse or gives
// candidates that draw as well-formed SVG.
func FuzzParseCandidates(f *testing.F) {
	for _, s := range []string{"", "E5-E4:N@0.62,C3-C4:E", "xD4:E@1", "D4", "C3@0", "a1-g7:w@0.5", "@", ",", "E5-E4:N@1e-3"} {
		f.Add(s)
	}
	pos := engine.NewPosition(engine.DefaultRules())
	f.Fuzz(func(t *testing.T, text string) {
		cands, err := ParseCandidates(text)
		if err != nil {
			return
		}
		doc, err := Board(&pos, Options{Candidates: cands})
		if err != nil {
			t.Fatalf("parsed %q but Board refused it: %v", text, err)
		}
		parseSVG(t, doc)
	})
}

// FuzzParseOwnership checks that parsed ownership always draws.
func FuzzParseOwnership(f *testing.F) {
	f.Add(strings.TrimSuffix(strings.Repeat("0.5,", 49), ","))
	f.Add(strings.TrimSuffix(strings.Repeat("-1e0,", 49), ","))
	f.Add("1,2,3")
	pos := engine.NewPosition(engine.DefaultRules())
	f.Fuzz(func(t *testing.T, text string) {
		own, err := ParseOwnership(text)
		if err != nil {
			return
		}
		doc, err := Board(&pos, Options{Ownership: own})
		if err != nil {
			t.Fatalf("parsed %q but Board refused it: %v", text, err)
		}
		parseSVG(t, doc)
	})
}
