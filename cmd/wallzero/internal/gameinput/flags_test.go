package gameinput

import (
	"flag"
	"io"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/engine"
)

// TestRulesFlagAliases checks the record's flag names, their deprecated
// aliases (-mode, -tiebreak), and that an alias contradicting its name is
// an error.
func TestRulesFlagAliases(t *testing.T) {
	t.Parallel()
	cases := []struct {
		args    []string
		opening engine.Opening
		tie     engine.TieBreak
		err     string
	}{
		{nil, engine.OpeningFourStone, engine.TieBreakLargestRegion, ""},
		{[]string{"-opening", "empty"}, engine.OpeningEmpty, engine.TieBreakLargestRegion, ""},
		{[]string{"-mode", "empty"}, engine.OpeningEmpty, engine.TieBreakLargestRegion, ""},
		{[]string{"-mode", "empty", "-opening", "empty"}, engine.OpeningEmpty, engine.TieBreakLargestRegion, ""},
		{[]string{"-tieBreak", "none"}, engine.OpeningFourStone, engine.TieBreakNone, ""},
		{[]string{"-tiebreak", "none"}, engine.OpeningFourStone, engine.TieBreakNone, ""},
		{[]string{"-mode", "empty", "-opening", "four-stone"}, "", "", "-mode is a deprecated alias of -opening"},
		{[]string{"-tiebreak", "none", "-tieBreak", "largest-region"}, "", "", "-tiebreak is a deprecated alias of -tieBreak"},
	}
	for _, tc := range cases {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			t.Parallel()
			fs := flag.NewFlagSet("x", flag.ContinueOnError)
			fs.SetOutput(io.Discard)
			var rf RulesFlags
			rf.Register(fs)
			if err := fs.Parse(tc.args); err != nil {
				t.Fatal(err)
			}
			r, err := rf.Rules()
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil || r.Opening != tc.opening || r.TieBreak != tc.tie {
				t.Errorf("rules %+v, %v; want opening %s, tieBreak %s", r, err, tc.opening, tc.tie)
			}
		})
	}
}
