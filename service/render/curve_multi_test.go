package render

import (
	"math"
	"strings"
	"testing"
)

// playersCurve is a made-up curve of n players over plies plies: the
// leader changes twice; ply 9 is an inaccuracy of the player to move
// there and ply 14 a blunder.
func playersCurve(n, plies int) []CurvePoint {
	var pts []CurvePoint
	for i := 0; i <= plies; i++ {
		p := CurvePoint{Ply: i, Mover: (i + n - 1) % n}
		var sum float64
		for c := 0; c < n; c++ {
			v := 1 + math.Sin(float64(i)/4+float64(c)*2*math.Pi/float64(n))
			p.Rates = append(p.Rates, v)
			sum += v
		}
		for c := range p.Rates {
			p.Rates[c] /= sum
		}
		p.Red = p.Rates[0]
		switch i {
		case 9:
			p.Class, p.Move = ClassInaccuracy, "xD4:E"
		case 14:
			p.Class, p.Move = ClassBlunder, "C3-C4:E"
		}
		pts = append(pts, p)
	}
	return pts
}

// TestWinrateCurvePlayers draws three- and four-player curves: one line
// per player in its stone colour with as many points as the curve, a
// legend entry per player, the markers on their movers' lines.
func TestWinrateCurvePlayers(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name           string
		players, plies int
		setup          int
	}{
		{"three-players", 3, 24, 6},
		{"four-players", 4, 30, 8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			points := playersCurve(tc.players, tc.plies)
			doc, err := WinrateCurve(points, CurveOptions{SetupPlies: tc.setup, Current: 12})
			if err != nil {
				t.Fatal(err)
			}
			golden(t, "winrate-"+tc.name, doc)
			els := parseSVG(t, doc)
			if n := count(els, "polyline", "curve"); n != tc.players {
				t.Fatalf("%d curves, want %d", n, tc.players)
			}
			for c, name := range []string{"red", "blue", "green", "yellow"}[:tc.players] {
				var line element
				for _, e := range els {
					if e.name == "polyline" && e.hasClass("curve", name) {
						line = e
					}
				}
				if line.attrs["stroke"] != stoneFill[c] || len(strings.Fields(line.attrs["points"])) != len(points) {
					t.Errorf("%s's line: stroke %s, %d points; want %s, %d", name, line.attrs["stroke"], len(strings.Fields(line.attrs["points"])), stoneFill[c], len(points))
				}
				if count(els, "line", "legend-line", name) != 1 {
					t.Errorf("no legend entry for %s", name)
				}
			}
			if count(els, "path", "area") != 0 || count(els, "circle", "marker", ClassInaccuracy) != 1 || count(els, "circle", "marker", ClassBlunder) != 1 {
				t.Error("want no red/blue areas and one inaccuracy and one blunder marker")
			}
			for _, e := range els {
				if e.hasClass("marker") && e.attrs["data-player"] == "" {
					t.Errorf("marker %v names no player", e.attrs)
				}
			}
		})
	}
}

func TestWinrateCurvePlayersRejects(t *testing.T) {
	t.Parallel()
	good := func() []CurvePoint { return playersCurve(3, 4) }
	for _, tc := range []struct {
		name string
		edit func([]CurvePoint)
		want string
	}{
		{"a point with fewer rates", func(p []CurvePoint) { p[2].Rates = p[2].Rates[:2] }, "points[2]: 2 win rates, want 3"},
		{"a rate above 1", func(p []CurvePoint) { p[1].Rates[2] = 1.5 }, "points[1].rates[2]: win rate 1.5"},
		{"a rate NaN", func(p []CurvePoint) { p[0].Rates[1] = math.NaN() }, "points[0].rates[1]"},
		{"a mover past the players", func(p []CurvePoint) { p[3].Mover = 3 }, "points[3]: mover 3"},
		{"five players", func(p []CurvePoint) {
			for i := range p {
				p[i].Rates = append(p[i].Rates, 0, 0)
			}
		}, "at most 4 players"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p := good()
			tc.edit(p)
			if _, err := WinrateCurve(p, CurveOptions{Current: -1}); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}
