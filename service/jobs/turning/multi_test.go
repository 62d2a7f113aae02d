package turning

import (
	"strings"
	"testing"

	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/service/jobs/review"
)

func TestLeader(t *testing.T) {
	t.Parallel()
	players := []grid.Color{grid.Red, grid.Blue, grid.Green}
	for _, tc := range []struct {
		rates map[string]float32
		want  string
	}{
		{map[string]float32{"red": 0.5, "blue": 0.3, "green": 0.2}, "red"},
		{map[string]float32{"red": 0.2, "blue": 0.3, "green": 0.5}, "green"},
		{map[string]float32{"red": 0.4, "blue": 0.4, "green": 0.2}, ""},
		{map[string]float32{"red": 0.2, "blue": 0.4, "green": 0.4}, ""},
	} {
		want := grid.NoColor
		if tc.want != "" {
			want, _ = grid.ParseColor(tc.want)
		}
		res := &review.Result{Players: players, Thresholds: review.MultiPlayerThresholds, Moves: []review.Move{{}}, WinrateCurve: []review.CurvePoint{{}, {Winrates: seatValues(tc.rates, 3)}}}
		if got := seatsOf(res).leader(0, true); got != want {
			t.Errorf("leader(%v) = %q, want %q", tc.rates, got, tc.want)
		}
	}
}

// TestMultiTurningPoints finds the turning points of a made-up
// three-player review: a lead taken from no one and one taken from
// another player, the decided move of an unfinished game's leader, the
// largest losses deduplicated into them, ordered by cost; a small swing
// is no lead change and an inaccuracy no missed chance.
func TestMultiTurningPoints(t *testing.T) {
	t.Parallel()
	g := testGame(t, "../testdata/three-player-game.json", 8)
	curve := []map[string]float32{
		{"red": 0.34, "blue": 0.33, "green": 0.33}, // red leads
		{"red": 0.34, "blue": 0.33, "green": 0.33},
		{"red": 0.28, "blue": 0.27, "green": 0.45}, // green takes the lead from red
		{"red": 0.3, "blue": 0.35, "green": 0.35},  // tie: no leader
		{"red": 0.2, "blue": 0.6, "green": 0.2},    // blue takes the lead
		{"red": 0.05, "blue": 0.91, "green": 0.04},
		{"red": 0.05, "blue": 0.92, "green": 0.03},
		{"red": 0.02, "blue": 0.95, "green": 0.03},
		{"red": 0.02, "blue": 0.96, "green": 0.02},
	}
	res := &review.Result{Players: []grid.Color{grid.Red, grid.Blue, grid.Green}, Thresholds: review.MultiPlayerThresholds}
	for i, c := range curve {
		res.WinrateCurve = append(res.WinrateCurve, review.CurvePoint{Ply: i, Winrates: seatValues(c, 3)})
	}
	losses := map[int]float32{1: 0.2, 6: 0.06, 3: 0.12, 7: 0.02}
	for i, m := range g.Moves {
		res.Moves = append(res.Moves, review.Move{Ply: i, Move: m, Player: g.Movers[i], Loss: losses[i], BestMove: mv("A1"), Classification: review.MultiPlayerThresholds.Classify(losses[i], 0, false)})
	}
	final := g.Final
	var got []string
	for _, tp := range Points(res, &final) {
		got = append(got, tp.Kind+"@"+string(rune('0'+tp.Ply))+" "+tp.Summary)
	}
	// By cost: the decided move (Blue's rate +0.31), Blue's lead (+0.25),
	// Green's lead (+0.12, and the move a blunder of 0.2); Red's
	// inaccuracy at 6 is no missed chance, and the wobble at 2 (no leader
	// after it) no lead change.
	want := []string{
		"decided@4 The game is decided: from here on Blue's win rate never drops below 90%.",
		"lead-change@3 Blue takes the lead: its win rate goes from 35% to 60%.",
		"lead-change@1 Green takes the lead from Red: Green's win rate goes from 33% to 45%, Red's from 34% to 28%.",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("turning points:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestMultiLeadChangeNeedsSwing: a change of leader whose rates move less
// than LeadChangeSwing is a wobble, not a lead change; the same change
// with a swing of LeadChangeSwing is one.
func TestMultiLeadChangeNeedsSwing(t *testing.T) {
	t.Parallel()
	g := testGame(t, "../testdata/three-player-game.json", 2)
	players := []grid.Color{grid.Red, grid.Blue, grid.Green}
	for _, tc := range []struct {
		name  string
		after map[string]float32
		want  int
	}{
		{"wobble", map[string]float32{"red": 0.33, "blue": 0.34, "green": 0.33}, 0},
		{"swing", map[string]float32{"red": 0.25, "blue": 0.43, "green": 0.32}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			curve := []map[string]float32{{"red": 0.35, "blue": 0.33, "green": 0.32}, {"red": 0.35, "blue": 0.33, "green": 0.32}, tc.after}
			res := &review.Result{Players: players, Thresholds: review.MultiPlayerThresholds}
			for i, c := range curve {
				res.WinrateCurve = append(res.WinrateCurve, review.CurvePoint{Ply: i, Winrates: seatValues(c, 3)})
			}
			for i, m := range g.Moves {
				res.Moves = append(res.Moves, review.Move{Ply: i, Move: m, Player: g.Movers[i], BestMove: mv("A1"), Classification: "good"})
			}
			final := g.Final
			n := 0
			for _, tp := range Points(res, &final) {
				if tp.Kind == LeadChange {
					n++
				}
			}
			if n != tc.want {
				t.Errorf("%d lead changes, want %d", n, tc.want)
			}
		})
	}
}
