package wire

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/jobs/review"
)

func move(t *testing.T, text string) grid.Move {
	t.Helper()
	m, _, err := grid.ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestFromAnalysis checks the analysis shape's conventions: two players'
// win rates as Red's, three or four players' by colour, moves in notation,
// and no winrate or lcb on a move the search never visited.
func TestFromAnalysis(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		a    analysis.Analysis
		want []string // substrings of the JSON
		not  []string
	}{
		{"two players", analysis.Analysis{Territory: []int{3, 4}, MoveInfos: []analysis.MoveInfo{
			{Move: move(t, "E5-E4:N"), Visits: 3, Winrate: 0.6, PV: []grid.Move{move(t, "E5-E4:N"), move(t, "C3")}},
			{Move: move(t, "xD4:E"), Prior: 0.1}},
			RootInfo: analysis.RootInfo{CurrentPlayer: grid.Blue, Phase: engine.Play, Winrate: 0.6, Winrates: []float32{0.4, 0.6}, Hash: 0xabc}},
			[]string{`"move":"E5-E4:N"`, `"pv":["E5-E4:N","C3"]`, `"move":"xD4:E","visits":0,"prior":0.1,"pv":null`, `"redWinrate":0.4`,
				`"currentPlayer":"blue"`, `"phase":"play"`, `"hash":"0000000000000abc"`, `"territory":{"blue":4,"red":3}`},
			[]string{`"winrates"`}},
		{"three players", analysis.Analysis{Territory: []int{1, 2, 3},
			RootInfo: analysis.RootInfo{CurrentPlayer: grid.Green, Winrates: []float32{0.2, 0.3, 0.5}}},
			[]string{`"winrates":{"blue":0.3,"green":0.5,"red":0.2}`, `"phase":"setup"`},
			[]string{`"redWinrate"`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			data, err := json.Marshal(FromAnalysis(&tc.a))
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tc.want {
				if !strings.Contains(string(data), w) {
					t.Errorf("no %s in %s", w, data)
				}
			}
			for _, n := range tc.not {
				if strings.Contains(string(data), n) {
					t.Errorf("%s in %s", n, data)
				}
			}
		})
	}
}

// TestFromReview checks that a player without moves has no accuracy,
// that a move without a best move has an empty one, and that rating
// estimates are listed by colour.
func TestFromReview(t *testing.T) {
	t.Parallel()
	r := &review.Result{Players: []grid.Color{grid.Red, grid.Blue}, Accuracy: []float64{91.5, math.NaN()},
		WinrateCurve: []review.CurvePoint{{Ply: 0, Winrates: []float32{0.5, 0.5}}},
		Moves:        []review.Move{{Move: move(t, "C3"), Player: grid.Red}}}
	data, err := json.Marshal(FromReview(r))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{`"players":["red","blue"]`, `"accuracy":{"red":91.5}`, `"bestMove":""`, `"bestPv":[]`,
		`"winrateCurve":[{"ply":0,"redWinrate":0.5,"winrates":{"blue":0.5,"red":0.5}}]`} {
		if !strings.Contains(string(data), w) {
			t.Errorf("no %s in %s", w, data)
		}
	}
	if strings.Contains(string(data), "ratingEstimate") {
		t.Errorf("a rating estimate without a calibration: %s", data)
	}
}
