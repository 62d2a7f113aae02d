package render

import (
	"math"
	"strings"
	"testing"
)

// sampleCurve is a 2-player four-stone game's curve: 4 setup plies, then
// play with an inaccuracy, a mistake and a blunder.
func sampleCurve() []CurvePoint {
	reds := []float64{0.5, 0.52, 0.49, 0.51, 0.55, 0.58, 0.5, 0.53, 0.61, 0.64, 0.52, 0.66, 0.7, 0.31, 0.35, 0.2, 0.15, 0.08, 0.04, 0}
	classes := map[int]string{6: ClassInaccuracy, 10: ClassMistake, 13: ClassBlunder}
	var pts []CurvePoint
	for i, v := range reds {
		pts = append(pts, CurvePoint{Ply: i, Red: v, Class: classes[i], Move: map[int]string{6: "E3-E2:N", 10: "C3-C2:E", 13: "D5-D6:N"}[i]})
	}
	return pts
}

func TestWinrateCurveGolden(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		points []CurvePoint
		opt    CurveOptions
		marks  map[string]int
	}{
		{name: "four-stone-game", points: sampleCurve(), opt: CurveOptions{SetupPlies: 4, Current: -1},
			marks: map[string]int{ClassInaccuracy: 1, ClassMistake: 1, ClassBlunder: 1}},
		{name: "current-ply", points: sampleCurve()[:9], opt: CurveOptions{SetupPlies: 4, Current: 7, Title: "Review & curve"}, marks: map[string]int{ClassInaccuracy: 1}},
		{name: "empty", points: nil, opt: CurveOptions{Current: -1}},
		{name: "long-empty-opening", points: longCurve(), opt: CurveOptions{SetupPlies: 8, Current: 0}, marks: map[string]int{ClassBlunder: 1}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			doc, err := WinrateCurve(tc.points, tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			golden(t, "winrate-"+tc.name, doc)
			els := parseSVG(t, doc)
			for _, c := range classOrder {
				if n := count(els, "circle", "marker", c); n != tc.marks[c] {
					t.Errorf("%d %s markers, want %d", n, c, tc.marks[c])
				}
			}
			if n := count(els, "line", "fifty"); n != 1 {
				t.Errorf("%d 50%% lines, want 1", n)
			}
			if n, want := count(els, "rect", "setup-phase"), btoi(tc.opt.SetupPlies > 0); n != want {
				t.Errorf("%d setup shadings, want %d", n, want)
			}
			if n, want := count(els, "line", "current"), btoi(tc.opt.Current >= 0); n != want {
				t.Errorf("%d current-ply lines, want %d", n, want)
			}
			if n, want := count(els, "polyline", "curve"), btoi(len(tc.points) > 0); n != want {
				t.Errorf("%d curves, want %d", n, want)
			}
			for _, e := range els {
				if e.hasClass("curve") {
					if n := len(strings.Fields(e.attrs["points"])); n != len(tc.points) {
						t.Errorf("curve has %d points, want %d", n, len(tc.points))
					}
				}
			}
			if count(els, "text", "axis-label") != 2 {
				t.Error("want two axis labels")
			}
		})
	}
}

func longCurve() []CurvePoint {
	var pts []CurvePoint
	for i := 0; i <= 64; i++ {
		p := CurvePoint{Ply: i, Red: 0.5 + 0.45*math.Sin(float64(i)/9)}
		if i == 40 {
			p.Class = ClassBlunder
		}
		pts = append(pts, p)
	}
	return pts
}

func TestWinrateCurveRejects(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		points []CurvePoint
		want   string
	}{
		{"negative ply", []CurvePoint{{Ply: -1, Red: 0.5}}, "points[0]: ply -1"},
		{"plies not increasing", []CurvePoint{{Ply: 1, Red: 0.5}, {Ply: 1, Red: 0.5}}, "points[1]: ply 1 does not follow"},
		{"win rate above 1", []CurvePoint{{Ply: 0, Red: 1.2}}, "points[0]: win rate"},
		{"win rate NaN", []CurvePoint{{Ply: 0, Red: math.NaN()}}, "points[0]: win rate"},
		{"unknown class", []CurvePoint{{Ply: 0, Red: 0.5, Class: "brilliant"}}, `class "brilliant"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := WinrateCurve(tc.points, CurveOptions{Current: -1})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func TestTickStep(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ max, want int }{{1, 1}, {12, 1}, {13, 2}, {24, 2}, {25, 2}, {26, 5}, {61, 5}, {65, 10}, {130, 20}} {
		if got := tickStep(tc.max); got != tc.want {
			t.Errorf("tickStep(%d) = %d, want %d", tc.max, got, tc.want)
		}
	}
}
