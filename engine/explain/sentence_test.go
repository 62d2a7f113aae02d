package explain

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// TestSentencesGolden writes the sentences of the hand-made positions and
// compares them with testdata/sentences.golden (go test -update rewrites
// it).
func TestSentencesGolden(t *testing.T) {
	t.Parallel()
	type pair struct {
		name        string
		red, blue   []string
		walls       []string
		played, alt string
		loss        float64
		points      float64
	}
	cases := []pair{
		{"case I: wall left vs wall above", []string{"E5"}, []string{"C3"}, nil, "E5-E3:W", "E5-E3:N", 0.03, -1},
		{"wall gives a square", []string{"E3"}, []string{"C3"}, nil, "E3-E3:W", "E3-E3:N", 0.012, -1},
		{"sealed region", []string{"G2"}, []string{"C4"}, []string{"F2:N", "G2:N", "E1:E"}, "G2-F2:W", "G2-F2:W", 0, -1},
		{"tempo move", []string{"D4"}, []string{"C3"}, nil, "A1-A1:E", "D4-D3:E", 0.2, -1},
		{"stone as a wall", []string{"D3"}, []string{"D4"}, []string{"b:C4:E", "b:D4:E"}, "D3-D3:E", "D3-D2:E", -1, -1},
		{"step-distance trade", []string{"D4"}, []string{"C3"}, nil, "D4-E3:W", "D4-D3:E", 0.08, -1},
		{"points in a decided game", []string{"D4"}, []string{"C3"}, nil, "A1-A1:E", "D4-D3:E", 0, 4.25},
		{"win rate and points", []string{"D4"}, []string{"C3"}, nil, "D4-E3:W", "D4-D3:E", 0.08, 1.6},
	}
	var out strings.Builder
	for _, c := range cases {
		p := board(t, "red", c.red, c.blue, c.walls...)
		a, b := extract(t, p, c.played), extract(t, p, c.alt)
		out.WriteString("# " + c.name + "\n" + Sentence(a) + "\n" + Contrast(a, b, c.loss, c.points) + "\n\n")
	}
	path := filepath.Join("testdata", "sentences.golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if got := out.String(); got != string(want) {
		t.Errorf("sentences differ from %s (go test -update rewrites it):\n%s", path, got)
	}
}

func TestList(t *testing.T) {
	t.Parallel()
	p := board(t, "red", []string{"E3"}, []string{"C3"})
	r := p.Reachability()
	tests := []struct{ in, want string }{
		{"", ""},
		{"D3", "D3"},
		{"D3 E4", "D3 and E4"},
		{"A2 B2 C2 D2 E2 F2", "A2, B2, C2, D2 and 2 more"},
	}
	_ = r
	for _, tc := range tests {
		var b = bitsOf(t, tc.in)
		if got := List(b); got != tc.want {
			t.Errorf("List(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
