package render

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

var (
	twoPlayers   = engine.DefaultRules()
	emptyOpening = engine.Rules{Opening: engine.OpeningEmpty}
	threePlayers = engine.Rules{Players: 3}
	fourPlayers  = engine.Rules{Players: 4, Stay: engine.StayStepOut, TieBreak: engine.TieBreakNone}

	// fourStoneEnd is a four-stone game to its end: Blue walls itself into
	// two 2x2 corners, Red keeps the other 41 squares.
	fourStoneEnd = strings.Split("D4 A1 A2 D2 D4-D4:N A2-A2:N D4-D4:E B2-B2:N D4-D4:W B2-B2:E D2-D2:N B2-B1:E D2-D2:E F6-F6:S D2-D2:W F6-F6:W F2-F2:N F6-G6:S F2-F2:E G6-F7:W", " ")
	// midgame is a four-stone game a few turns after the setup.
	midgame = strings.Split("C3 E3 C5 E5 E5-E4:N E3-D3:W C3-C2:E B2-B3:N E4-D5:S", " ")
	// threeBreaks is a three-player game up to and after Red's break.
	threeBreaks = strings.Split("A3 A2 C6 C5 A1 F5 F5-F6:W A1-B2:E C6-D6:E F6-F7:E A2-A1:N C5-B4:N xF7:E", " ")
	// fourMoves is a four-player game under step-out.
	fourMoves = strings.Split("F2 A3 D6 A2 G5 C6 G4 B5 B5-B7:S A3-B2:N C6-B5:W G5-F5:S F2-G1:W G4-G5:S D6-E6:S A2-B3:E", " ")
)

// ramp is a deterministic ownership map: Red owns the west, Blue the east.
func ramp() []float32 {
	own := make([]float32, grid.NumSquares)
	for s := range own {
		col, row := s%grid.Size, s/grid.Size
		own[s] = float32(math.Round((float64(3-col)/3*0.9+float64(row-3)*0.02)*100) / 100)
	}
	return own
}

func TestBoardGolden(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		rules engine.Rules
		moves []string
		opt   func(t *testing.T) Options
		// check holds extra expectations beyond the common ones.
		check func(t *testing.T, els []element)
	}{
		{name: "four-stone-start", rules: twoPlayers, opt: func(*testing.T) Options { return Options{} },
			check: func(t *testing.T, els []element) {
				if n := count(els, "circle", "stone", "red"); n != 2 {
					t.Errorf("%d red stones, want 2", n)
				}
				if n := count(els, "circle", "stone", "blue"); n != 2 {
					t.Errorf("%d blue stones, want 2", n)
				}
			}},
		{name: "empty-setup-placements", rules: emptyOpening, moves: []string{"D4", "C3", "E5"}, opt: func(t *testing.T) Options {
			return Options{Candidates: []Candidate{{Move: mustMove(t, "E3"), Winrate: 0.52}, {Move: mustMove(t, "C5"), Winrate: 0.49}, {Move: mustMove(t, "D2"), Winrate: -1}},
				LastMove: ptr(mustMove(t, "E5"))}
		}},
		{name: "midgame-reachability", rules: twoPlayers, moves: midgame, opt: func(t *testing.T) Options {
			return Options{Reachability: true, LastMove: ptr(mustMove(t, "E4-D5:S"))}
		}, check: func(t *testing.T, els []element) {
			if count(els, "rect", "reach", "shared") == 0 || count(els, "rect", "reach", "red-only") == 0 || count(els, "rect", "reach", "blue-only") == 0 {
				t.Error("want Red-only, Blue-only and shared squares")
			}
		}},
		{name: "midgame-ownership-candidates", rules: twoPlayers, moves: midgame, opt: func(t *testing.T) Options {
			return Options{Ownership: ramp(), Candidates: []Candidate{
				{Move: mustMove(t, "D3-E3:N"), Winrate: 0.6251},
				{Move: mustMove(t, "C5-C5:N"), Winrate: 0.58},
				{Move: mustMove(t, "F6-D6:S"), Winrate: 0.4, Played: true},
			}}
		}, check: func(t *testing.T, els []element) {
			if n := count(els, "text", "label"); n != 3 {
				t.Errorf("%d win-rate labels, want 3", n)
			}
			if n := count(els, "line", "candidate-wall"); n != 3 {
				t.Errorf("%d candidate walls, want 3", n)
			}
			var labels []string
			for _, e := range els {
				if e.hasClass("label") {
					labels = append(labels, e.text)
				}
			}
			if strings.Join(labels, " ") != "40.0% 58.0% 62.5%" {
				t.Errorf("labels %q, want the three win rates worst first", labels)
			}
			if n := count(els, "g", "candidate", "played"); n != 1 {
				t.Errorf("%d played moves, want 1", n)
			}
		}},
		{name: "midgame-distances", rules: twoPlayers, moves: midgame, opt: func(t *testing.T) Options {
			return Options{Distances: true, DistanceFrom: mustSquare(t, "D5")}
		}, check: func(t *testing.T, els []element) {
			for _, e := range els {
				if e.hasClass("dist") && e.attrs["data-square"] == "D6" && e.text != "1" {
					t.Errorf("D6 is %q steps from D5, want 1", e.text)
				}
				if e.hasClass("dist") && e.attrs["data-square"] == "D4" && e.text != "5" {
					t.Errorf("D4 is %q steps from D5, want 5 (around the wall on D5's south side and the stones)", e.text)
				}
			}
		}},
		{name: "four-stone-end-territory", rules: twoPlayers, moves: fourStoneEnd, opt: func(*testing.T) Options { return Options{Territory: true} },
			check: func(t *testing.T, els []element) {
				if n := count(els, "rect", "land", "red"); n != 41 {
					t.Errorf("%d red land squares, want 41", n)
				}
				if n := count(els, "rect", "land", "blue"); n != 8 {
					t.Errorf("%d blue land squares, want 8", n)
				}
				if !strings.Contains(els[1].text, "game over: red 41, blue 8") {
					t.Errorf("title %q does not give the score", els[1].text)
				}
			}},
		{name: "three-players-break", rules: threePlayers, moves: threeBreaks, opt: func(t *testing.T) Options {
			return Options{Reachability: true, LastMove: ptr(mustMove(t, "xF7:E")), Candidates: []Candidate{{Move: mustMove(t, "F7-G7:S"), Winrate: 0.41}}}
		}},
		{name: "four-players-all-overlays", rules: fourPlayers, moves: fourMoves, opt: func(t *testing.T) Options {
			return Options{Title: "Four players <all overlays>", Reachability: true, Territory: true, Distances: true, DistanceFrom: mustSquare(t, "F5"),
				Candidates: []Candidate{{Move: mustMove(t, "F5-F5:N"), Winrate: 0.3}}, LastMove: ptr(mustMove(t, "A2-B3:E"))}
		}, check: func(t *testing.T, els []element) {
			for _, c := range []string{"red", "blue", "green", "yellow"} {
				if count(els, "line", "wall", c) == 0 {
					t.Errorf("no %s walls", c)
				}
			}
			if els[1].text != "Four players <all overlays>" {
				t.Errorf("title %q", els[1].text)
			}
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			pos := play(t, tc.rules, tc.moves...)
			opt := tc.opt(t)
			doc, err := Board(&pos, opt)
			if err != nil {
				t.Fatal(err)
			}
			again, _ := Board(&pos, opt)
			if !bytes.Equal(doc, again) {
				t.Error("two renderings differ")
			}
			golden(t, "board-"+tc.name, doc)
			els := parseSVG(t, doc)
			if n, want := count(els, "circle", "stone"), pos.Occupied().Count(); n != want {
				t.Errorf("%d stone circles, want %d", n, want)
			}
			if n, want := count(els, "line", "wall"), pos.WallCount(); n != want {
				t.Errorf("%d wall lines, want %d", n, want)
			}
			if n := count(els, "text") - count(els, "text", "label") - count(els, "text", "dist"); n != 14 {
				t.Errorf("%d coordinate texts, want 14", n)
			}
			wantReach := 0
			if opt.Reachability {
				r := pos.Reachability()
				wantReach = r.Shared.Count()
				for _, b := range r.Exclusive {
					wantReach += b.Count()
				}
			}
			if n := count(els, "rect", "reach"); n != wantReach {
				t.Errorf("%d reachability squares, want %d", n, wantReach)
			}
			wantLand := 0
			if opt.Territory {
				for _, b := range pos.Territory().Owned {
					wantLand += b.Count()
				}
			}
			if n := count(els, "rect", "land"); n != wantLand {
				t.Errorf("%d land squares, want %d", n, wantLand)
			}
			if n := count(els, "g", "candidate"); n != len(opt.Candidates) {
				t.Errorf("%d candidates drawn, want %d", n, len(opt.Candidates))
			}
			if n, want := count(els, "g", "last-move"), btoi(opt.LastMove != nil); n != want {
				t.Errorf("%d last-move highlights, want %d", n, want)
			}
			if opt.Distances {
				d := pos.StepDistances(opt.DistanceFrom)
				want := 0
				for s, v := range d {
					if v >= 0 && !pos.Occupied().Has(grid.Square(s)) {
						want++
					}
				}
				if n := count(els, "text", "dist"); n != want {
					t.Errorf("%d distance numbers, want %d", n, want)
				}
			}
			if tc.check != nil {
				tc.check(t, els)
			}
		})
	}
}

func ptr[T any](v T) *T { return &v }

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestOwnershipShading(t *testing.T) {
	t.Parallel()
	pos := engine.NewPosition(twoPlayers)
	own := make([]float32, grid.NumSquares)
	own[0], own[48], own[24] = 1, -0.5, 0.001
	doc, err := Board(&pos, Options{Ownership: own})
	if err != nil {
		t.Fatal(err)
	}
	els := parseSVG(t, doc)
	got := map[string]string{}
	for _, e := range els {
		if e.hasClass("own") {
			got[e.attrs["data-square"]] = e.attrs["fill"] + " " + e.attrs["fill-opacity"]
		}
	}
	want := map[string]string{"A1": stoneFill[grid.Red] + " 0.5", "G7": stoneFill[grid.Blue] + " 0.25"}
	if len(got) != len(want) || got["A1"] != want["A1"] || got["G7"] != want["G7"] {
		t.Errorf("ownership shading %v, want %v (near-zero values unshaded)", got, want)
	}
}

func TestBoardRejectsBadOptions(t *testing.T) {
	t.Parallel()
	pos := engine.NewPosition(twoPlayers)
	cases := []struct {
		name string
		opt  Options
		want string
	}{
		{"short ownership", Options{Ownership: make([]float32, 48)}, "ownership: 48 values"},
		{"ownership out of range", Options{Ownership: append(make([]float32, 48), 1.5)}, "ownership[48]"},
		{"ownership NaN", Options{Ownership: append([]float32{float32(math.NaN())}, make([]float32, 48)...)}, "ownership[0]"},
		{"distances from an empty square", Options{Distances: true, DistanceFrom: grid.SquareAt(3, 3)}, "no stone on D4"},
		{"distances off the board", Options{Distances: true, DistanceFrom: 60}, "not a square"},
		{"candidate off the board", Options{Candidates: []Candidate{{Move: grid.TurnMove(1, 99, grid.North)}}}, "candidates[0]"},
		{"no move", Options{Candidates: []Candidate{{}}}, "candidates[0]"},
		{"last move bad", Options{LastMove: &grid.Move{Kind: grid.Break, To: 3, Side: 9}}, "last move"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := Board(&pos, tc.opt)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func TestNumAndEscape(t *testing.T) {
	t.Parallel()
	cases := []struct{ got, want string }{
		{num(0), "0"}, {num(-0.001), "0"}, {num(1.005), "1"}, {num(2.5), "2.5"}, {num(1.0 / 3), "0.33"},
		{num(math.NaN()), "0"}, {num(-12.345), "-12.35"}, {num(math.Inf(1)), "0"},
		{percent(0.6251), "62.5%"}, {percent(1), "100.0%"}, {percent(0), "0.0%"},
		{esc(`a<b>&"c'` + "\x01\uFFFE"), "a&lt;b&gt;&amp;&quot;c&#39;"},
		{esc("bad\xffutf8"), "badutf8"},
	}
	for i, tc := range cases {
		if tc.got != tc.want {
			t.Errorf("case %d: %q, want %q", i, tc.got, tc.want)
		}
	}
}
