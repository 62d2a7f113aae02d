package workspace

import (
	"testing"

	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/service/explain"
	"github.com/wallzero/wallzero/service/jobs"
	"github.com/wallzero/wallzero/store"
)

// TestStatsOf: a player's moves are summed and their inaccuracies,
// mistakes and blunders counted by phase, kind and class.
func TestStatsOf(t *testing.T) {
	t.Parallel()
	facts := func(contested int) explain.Facts { return explain.Facts{Contested: make([]string, contested)} }
	sealed := &explain.MoveExplanation{Facts: explain.Facts{Sealed: []explain.RegionFact{{Owner: "red", Size: 3}}, Contested: make([]string, 20)}}
	mv := func(text string) grid.Move {
		m, _, err := grid.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	red, blue := grid.Red, grid.Blue
	res := &jobs.ReviewResult{Players: []grid.Color{red, blue}, Accuracy: []float64{80, 60}, Moves: []jobs.MoveReview{
		{Ply: 0, Move: mv("C3"), Player: red, Classification: "mistake", Loss: 0.1},
		{Ply: 1, Move: mv("E3"), Player: blue, Classification: "blunder", Loss: 0.3},
		{Ply: 2, Move: mv("C3-C4:N"), Player: red, Classification: "best"},
		{Ply: 13, Move: mv("C4-C5:N"), Player: red, Classification: "inaccuracy", PointsLoss: 2, Loss: 0.05,
			Explanation: &explain.Explanation{Played: explain.MoveExplanation{Facts: facts(20)}, Best: sealed}},
		{Ply: 15, Move: mv("C5-C6:N"), Player: red, Classification: "blunder", Loss: 0.2,
			Explanation: &explain.Explanation{Played: explain.MoveExplanation{Facts: explain.Facts{Tempo: true, Contested: make([]string, 4)}}}},
	}}
	st := statsOf(res, "red")
	if st.moves != 4 || st.accuracy != 80 || st.points != 2 || st.loss < 0.349 || st.loss > 0.351 {
		t.Errorf("sums: %+v", st)
	}
	want := map[string]map[string]int{
		"phase": {"setup": 1, "middlegame": 1, "endgame": 1},
		"kind":  {"other": 1, "missedSeal": 1, "tempo": 1},
		"class": {"mistake": 1, "inaccuracy": 1, "blunder": 1},
	}
	for name, got := range map[string]map[string]int{"phase": st.phases, "kind": st.kinds, "class": st.class} {
		if len(got) != len(want[name]) {
			t.Errorf("%s: %v, want %v", name, got, want[name])
		}
		for k, v := range want[name] {
			if got[k] != v {
				t.Errorf("%s %s: %d, want %d", name, k, got[k], v)
			}
		}
	}
}

// TestCompare: players with reviews come first by accuracy, then those
// without, by name.
func TestCompare(t *testing.T) {
	t.Parallel()
	res := []byte(`{"players":["red","blue"],"accuracy":{"red":70,"blue":90},"moves":[{"ply":0,"move":"C3","player":"red"},{"ply":1,"move":"E3","player":"blue"}]}`)
	games := []store.Game{{Players: map[string]string{"red": "a", "blue": "b"}, Winner: "blue", JobStatus: store.StatusSucceeded, Result: res}}
	players := []store.Player{{ID: "a", Name: "Ana"}, {ID: "b", Name: "Ben"}, {ID: "c", Name: "Cleo"}}
	out := compare(games, players)
	if len(out) != 3 || out[0].Name != "Ben" || out[0].Wins != 1 || *out[0].Accuracy != 90 || out[1].Name != "Ana" || out[2].Name != "Cleo" || out[2].Accuracy != nil {
		t.Errorf("%+v", out)
	}
}
