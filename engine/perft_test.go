package engine

import (
	"testing"
)

// perftCases are move-generator checks: the number of move sequences of
// each length from a position. The two-player figures are the published
// ones (they hold under stay=always). The others were computed by the
// engine and are confirmed by the reference generator of reference_test.go
// (crossCheck).
var perftCases = []struct {
	name       string
	rules      Rules
	moves      []string
	want       []uint64 // perft(1), perft(2), ...
	crossCheck bool     // also count with the reference generator
}{
	{
		name:  "four-stone start",
		rules: Rules{Players: 2, Opening: OpeningFourStone},
		// 45 empty squares, then 44.
		want: []uint64{45, 1980},
	},
	{
		name:  "empty start",
		rules: Rules{Players: 2, Opening: OpeningEmpty},
		want:  []uint64{49, 2352},
	},
	{
		name:       "four-stone after C3 E3 C5 E5",
		rules:      Rules{Players: 2, Opening: OpeningFourStone},
		moves:      []string{"C3", "E3", "C5", "E5"},
		want:       []uint64{144, 20900, 2795552},
		crossCheck: true,
	},
	{
		name:       "three players, empty start",
		rules:      Rules{Players: 3},
		want:       []uint64{49, 49 * 48, 49 * 48 * 47},
		crossCheck: true,
	},
	{
		name:       "three players, first turn",
		rules:      Rules{Players: 3},
		moves:      []string{"E6", "G3", "F5", "F1", "G7", "C2"},
		want:       []uint64{84, 3957, 242701},
		crossCheck: true,
	},
	{
		name:  "three players, Blue may break (xF5:E)",
		rules: Rules{Players: 3},
		moves: []string{"E6", "G3", "F5", "F1", "G7", "C2", "C2-B1:E", "G3-G5:W", "F1-F3:N", "E6-E6:W"},
		want:  []uint64{34, 2101, 101568},
		// 33 turns and one break.
		crossCheck: true,
	},
	{
		name:       "three players, mid-turn after a break",
		rules:      Rules{Players: 3},
		moves:      []string{"E6", "G3", "F5", "F1", "G7", "C2", "C2-B1:E", "G3-G5:W", "F1-F3:N", "E6-E6:W", "xF5:E"},
		want:       []uint64{34, 2200, 106643},
		crossCheck: true,
	},
	{
		name:       "three players, step-out, Green may break",
		rules:      Rules{Players: 3, Stay: StayStepOut},
		moves:      []string{"E2", "F2", "D1", "A2", "D5", "A4", "A4-B3:S", "F2-G3:S", "A2-A1:N", "E2-D2:E", "D5-E6:W"},
		want:       []uint64{33, 2165, 132129},
		crossCheck: true,
	},
	{
		name:       "two players, step-out, mid-game",
		rules:      Rules{Players: 2, Stay: StayStepOut},
		moves:      []string{"C5", "E2", "C1", "G2", "B6-D6:N", "C1-D1:W", "F2-E1:W", "B2-B1:E", "C5-B4:S", "E2-F3:W", "G2-E2:E", "F3-F2:S", "B4-B5:E", "F6-E5:N", "D6-D5:S", "D1-D2:N", "E2-E2:W", "F2-G3:S", "B5-B5:S", "B1-C2:N", "B5-B6:N"},
		want:       []uint64{64, 4270, 269395},
		crossCheck: true,
	},
	{
		name:       "two players, stay always, same game",
		rules:      Rules{Players: 2},
		moves:      []string{"C5", "E2", "C1", "G2", "B6-D6:N", "C1-D1:W", "F2-E1:W", "B2-B1:E", "C5-B4:S", "E2-F3:W", "G2-E2:E", "F3-F2:S", "B4-B5:E", "F6-E5:N", "D6-D5:S", "D1-D2:N", "E2-E2:W", "F2-G3:S", "B5-B5:S", "B1-C2:N", "B5-B6:N"},
		want:       []uint64{64, 4275, 269727},
		crossCheck: true,
	},
	{
		name:       "four players, step-out, mid-game",
		rules:      Rules{Players: 4, Stay: StayStepOut},
		moves:      []string{"C7", "G1", "E1", "D2", "A7", "B4", "G2", "E4", "E4-D4:E", "G1-F2:E", "B4-B6:W", "D2-E3:N", "D4-E5:S", "G2-G1:N", "B6-B7:S", "A7-A7:S"},
		want:       []uint64{63, 1809, 42410},
		crossCheck: true,
	},
}

func TestPerft(t *testing.T) {
	t.Parallel()
	for _, tc := range perftCases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p := mustPlay(t, tc.rules, tc.moves...)
			for d, want := range tc.want {
				if got := Perft(p, d+1); got != want {
					t.Errorf("Perft(%d) = %d, want %d", d+1, got, want)
				}
			}
			if got := Perft(p, 0); got != 1 {
				t.Errorf("Perft(0) = %d, want 1", got)
			}
		})
	}
}

// TestPerftReference counts the cross-checked cases again with the
// reference generator, which shares no move generation code with the
// engine.
func TestPerftReference(t *testing.T) {
	t.Parallel()
	for _, tc := range perftCases {
		if !tc.crossCheck {
			continue
		}
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			rules, err := tc.rules.Normalize()
			if err != nil {
				t.Fatal(err)
			}
			ref := newRef(rules)
			for _, text := range tc.moves {
				ref.apply(mustMove(t, text))
			}
			depth := len(tc.want)
			if testing.Short() && depth > 2 {
				depth = 2
			}
			for d := 1; d <= depth; d++ {
				if got := refPerft(ref, d); got != tc.want[d-1] {
					t.Errorf("reference perft(%d) = %d, want %d", d, got, tc.want[d-1])
				}
			}
		})
	}
}
