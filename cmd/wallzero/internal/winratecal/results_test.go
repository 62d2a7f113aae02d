package winratecal

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/engine"
)

// madeGame is a one-position game of the given rules whose result and
// first-position win rates are given, and whose moves tell it apart.
func madeGame(players int, opening engine.Opening, moves string, result, search []float32) *Game {
	return &Game{
		Record:    engine.Record{Rules: engine.Rules{Players: players, Opening: opening}, Moves: strings.Fields(moves)},
		Positions: []Position{{Players: players, Opening: opening, Phase: "setup", Search: search, Raw: search, Result: result}},
	}
}

func TestSeatResults(t *testing.T) {
	t.Parallel()
	red, blue, draw := []float32{1, 0}, []float32{0, 1}, []float32{0.5, 0.5}
	even := []float32{0.5, 0.5}
	games := []*Game{
		madeGame(2, engine.OpeningFourStone, "a", red, even),
		madeGame(2, engine.OpeningFourStone, "b", red, even),
		madeGame(2, engine.OpeningFourStone, "a", blue, even), // repeats the first's moves
		madeGame(2, engine.OpeningFourStone, "c", draw, []float32{0.6, 0.4}),
		madeGame(3, engine.OpeningEmpty, "d", []float32{0, 0, 1}, []float32{0.3, 0.3, 0.4}),
		madeGame(3, engine.OpeningEmpty, "e", []float32{0, 1, 0}, []float32{0.3, 0.3, 0.4}),
	}
	got := SeatResults(games)
	if len(got) != 2 || got[0].Players != 2 || got[1].Players != 3 {
		t.Fatalf("groups %+v, want two-player four-stone then three-player empty", got)
	}
	two := got[0]
	if two.Games != 4 || two.Distinct != 3 {
		t.Errorf("two players: %d games, %d distinct, want 4 and 3", two.Games, two.Distinct)
	}
	// Red: 1, 1, 0, 0.5: mean 0.625, its interval the Wilson interval of
	// 0.625 over 4 games (0.219 to 0.908).
	for _, tc := range []struct {
		name      string
		got, want float64
	}{
		{"red's share", two.Shares[0].Mean, 0.625},
		{"blue's share", two.Shares[1].Mean, 0.375},
		{"red's low", two.Shares[0].Low, 0.2194},
		{"red's high", two.Shares[0].High, 0.9081},
		{"red's start", two.StartSearch[0], 0.525},
		{"green's share", got[1].Shares[2].Mean, 0.5},
		{"green's start", got[1].StartRaw[2], 0.4},
	} {
		if math.Abs(tc.got-tc.want) > 1e-4 {
			t.Errorf("%s: %.4f, want %.4f", tc.name, tc.got, tc.want)
		}
	}
	var out bytes.Buffer
	PrintResults(&out, games)
	for _, want := range []string{"| 4 | 3 | 2p four-stone | red | 0.625 [", "| 2 | 2 | 3p empty | green | 0.500 ["} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("results lack %q:\n%s", want, out.String())
		}
	}
}
