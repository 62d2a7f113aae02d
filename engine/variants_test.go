package engine

import (
	"errors"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/engine/grid"
)

// TestRulesVariantsNormalize: the options breakTiming, breakWalls and end
// take their values by name, keep their defaults as the empty value, and
// refuse what is not theirs with an error naming the field.
func TestRulesVariantsNormalize(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		in    Rules
		want  Rules
		field string
	}{
		{"defaults by name", Rules{Players: 3, BreakTiming: BreakBeforeMove, BreakWalls: BreakBesideStone, End: EndNoMixedRegion},
			Rules{Players: 3, Opening: OpeningEmpty, Stay: StayAlways, TieBreak: TieBreakLargestRegion}, ""},
		{"the site's", Rules{Players: 3, Stay: StayStepOut, BreakTiming: BreakAnyTime, BreakWalls: BreakFreesStone, End: EndFrozenMixedRegions},
			Rules{Players: 3, Opening: OpeningEmpty, Stay: StayStepOut, TieBreak: TieBreakLargestRegion, BreakTiming: BreakAnyTime, BreakWalls: BreakFreesStone, End: EndFrozenMixedRegions}, ""},
		{"frozen end with two", Rules{End: EndFrozenMixedRegions},
			Rules{Players: 2, Opening: OpeningFourStone, Stay: StayAlways, TieBreak: TieBreakLargestRegion, End: EndFrozenMixedRegions}, ""},
		{"bad timing", Rules{Players: 3, BreakTiming: "sometimes"}, Rules{}, "rules.breakTiming"},
		{"bad walls", Rules{Players: 3, BreakWalls: "any"}, Rules{}, "rules.breakWalls"},
		{"bad end", Rules{End: "never"}, Rules{}, "rules.end"},
		{"timing with two", Rules{Players: 2, BreakTiming: BreakAnyTime}, Rules{}, "rules.breakTiming"},
		{"walls with four", Rules{Players: 4, BreakWalls: BreakFreesStone}, Rules{}, "rules.breakWalls"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, err := tc.in.Normalize()
			if tc.field != "" {
				var fe *FieldError
				if !errors.As(err, &fe) || fe.Field != tc.field {
					t.Fatalf("Normalize(%+v) = %v, want an error naming %s", tc.in, err, tc.field)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("Normalize(%+v) = %+v, %v, want %+v", tc.in, got, err, tc.want)
			}
		})
	}
}

// variantBoard returns the play-phase position of a three-player diagram
// under rules, Red to move.
func variantBoard(t *testing.T, rules Rules, stones map[string][]string, walls []Wall) Position {
	t.Helper()
	r, err := rules.Normalize()
	if err != nil {
		t.Fatal(err)
	}
	p, err := Diagram{Stones: stones, Walls: walls, ToMove: "red", Phase: "play"}.Position(r)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestBreakVariants plays breaks and turns under each break option. In
// "reach" Red's C3 reaches D3, beside the wall east of D3, in one step; in
// "walled" Red's A1 cannot step (walls north and east, Blue on A2) and B1,
// behind its east wall, is empty.
func TestBreakVariants(t *testing.T) {
	t.Parallel()
	reach := map[string][]string{"red": {"C3", "G7"}, "blue": {"E5", "E6"}, "green": {"A7", "B6"}}
	reachWalls := []Wall{{Square: "D3", Side: "E", By: "blue"}}
	walled := map[string][]string{"red": {"A1", "G7"}, "blue": {"A2", "E6"}, "green": {"C5", "B6"}}
	walledWalls := []Wall{{Square: "A1", Side: "N", By: "blue"}, {Square: "A1", Side: "E", By: "green"}}
	site := Rules{Players: 3, Stay: StayStepOut, BreakTiming: BreakAnyTime, BreakWalls: BreakFreesStone}
	cases := []struct {
		name   string
		rules  Rules
		stones map[string][]string
		walls  []Wall
		moves  []string
		err    string // in the error of the last move; "" for none
	}{
		{"before-move: a wall a step away", Rules{Players: 3}, reach, reachWalls, []string{"xD3:E"}, "not next to a red stone"},
		{"any-time: broken after the first step", site, reach, reachWalls, []string{"xD3:E", "C3-E3:N"}, ""},
		{"any-time: broken after the move", site, reach, reachWalls, []string{"xD3:E", "C3-D3:N"}, ""},
		{"any-time: the stone must pass it", site, reach, reachWalls, []string{"xD3:E", "C3-C4:N"}, "does not pass beside the wall"},
		{"any-time: another stone", site, reach, reachWalls, []string{"xD3:E", "G7-F7:S"}, "does not pass beside the wall"},
		{"beside-stone: walled in, any wall", Rules{Players: 3}, walled, walledWalls, []string{"xA1:N", "A1-A1:N"}, ""},
		{"frees-stone: walled in, a wall with a stone behind", site, walled, walledWalls, []string{"xA1:N"}, "walled-in stone may break only"},
		{"frees-stone: walled in, a wall that frees it", site, walled, walledWalls, []string{"xA1:E", "A1-B1:N"}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p := variantBoard(t, tc.rules, tc.stones, tc.walls)
			for i, text := range tc.moves {
				m, _, err := grid.ParseMove(text)
				if err != nil {
					t.Fatal(err)
				}
				err = p.Play(m)
				last := i == len(tc.moves)-1
				switch {
				case last && tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
					t.Fatalf("%s: got %v, want an error with %q", text, err, tc.err)
				case (!last || tc.err == "") && err != nil:
					t.Fatalf("%s: %v", text, err)
				}
				if p.Hash() != p.computeHash() {
					t.Fatalf("%s: stale hash", text)
				}
				legal := p.LegalMoves(nil)
				if len(legal) != p.CountLegalMoves() {
					t.Fatalf("%s: %d legal moves, counted %d", text, len(legal), p.CountLegalMoves())
				}
			}
		})
	}
}

// TestFrozenEnd: a pocket holding a Red and a Blue stone that neither can
// leave ends the game under end=frozen-mixed-regions, the rest of the board
// being settled, and not under the default end.
func TestFrozenEnd(t *testing.T) {
	t.Parallel()
	// A wall line north of row 3 keeps Red's A7, B7, C7 apart from Blue's
	// C2, D2, E2; Red's A1 and Blue's B1 share a pocket walled off north
	// of A1 and B1 and east of B1.
	stones := map[string][]string{"red": {"A1", "A7", "B7", "C7"}, "blue": {"B1", "C2", "D2", "E2"}}
	walls := []Wall{{Square: "A1", Side: "N", By: "red"}, {Square: "B1", Side: "N", By: "blue"}, {Square: "B1", Side: "E", By: "red"}}
	for _, col := range "ABCDEFG" {
		walls = append(walls, Wall{Square: string(col) + "3", Side: "N", By: "red"})
	}
	for _, tc := range []struct {
		end  EndRule
		over bool
	}{{"", false}, {EndFrozenMixedRegions, true}} {
		r, _ := Rules{Opening: OpeningEmpty, Stay: StayStepOut, End: tc.end}.Normalize()
		p, err := Diagram{Stones: stones, Walls: walls, ToMove: "red", Phase: "play"}.Position(r)
		if err != nil {
			t.Fatal(err)
		}
		if !p.Frozen(grid.SquareAt(0, 0)) || !p.Frozen(grid.SquareAt(1, 0)) || p.Frozen(grid.SquareAt(0, 6)) {
			t.Errorf("end %q: A1 frozen %v, B1 %v, A7 %v", tc.end, p.Frozen(grid.SquareAt(0, 0)), p.Frozen(grid.SquareAt(1, 0)), p.Frozen(grid.SquareAt(0, 6)))
		}
		if p.IsOver() != tc.over {
			t.Errorf("end %q: over %v, want %v", tc.end, p.IsOver(), tc.over)
		}
	}
}
