package soak

import (
	"encoding/xml"
	"strings"
	"testing"
)

// soakRun makes n samples a second apart whose memory follows rss(i).
func soakRun(n int, rss func(i int) float64) []soakSample {
	var out []soakSample
	for i := range n {
		out = append(out, soakSample{Seconds: float64(i), RSSMB: rss(i), Goroutines: 60 + i%7, FDs: 30, Threads: 12, DBConns: 5})
	}
	return out
}

// TestJudgeSoak: growth during the warm-up is left out, a plateau
// passes, steady growth after it fails, and errors fail.
func TestJudgeSoak(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		samples []soakSample
		errors  int
		want    string
	}{
		{"plateau after warm-up", soakRun(100, func(i int) float64 { return 100 + 2*float64(min(i, 20)) }), 0, "pass"},
		{"leak", soakRun(100, func(i int) float64 { return 100 + 2*float64(i) }), 0, "fail"},
		{"errors", soakRun(100, func(int) float64 { return 100 }), 3, "fail"},
		{"too short", soakRun(25, func(int) float64 { return 100 }), 0, "fail"},
	} {
		v := judgeSoak(tc.samples, 20, tc.errors)
		if v.Verdict != tc.want {
			t.Errorf("%s: %s, want %s (%s)", tc.name, v.Verdict, tc.want, strings.Join(v.Findings, "; "))
		}
	}
}

// TestSoakSVG: the plot is well-formed XML with a polyline per panel.
func TestSoakSVG(t *testing.T) {
	t.Parallel()
	svg := soakSVG(soakRun(50, func(i int) float64 { return float64(100 + i) }), 10, soakVerdict{Verdict: "pass"})
	if err := xml.Unmarshal([]byte(svg), new(struct{})); err != nil {
		t.Fatalf("not XML: %v", err)
	}
	if n := strings.Count(svg, "<polyline"); n != len(soakPanels) {
		t.Errorf("%d polylines, want %d", n, len(soakPanels))
	}
	if empty := soakSVG(nil, 10, soakVerdict{Verdict: "fail"}); !strings.Contains(empty, "</svg>") {
		t.Error("no samples: no SVG")
	}
}
