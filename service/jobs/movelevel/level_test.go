package movelevel

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/jobs/review"
	"github.com/wallzero/wallzero/service/levels"
)

// stubLevels is an Engine of made-up choices: moves maps a heuristic
// spec to its move, searches a budget to the search's best move; calls
// counts the searches asked.
type stubLevels struct {
	moves    map[string]string
	searches map[int]string
	calls    []int
	err      error
}

func (s *stubLevels) PlayerMove(_ context.Context, spec string, _ int) (grid.Move, error) {
	return stubMove(s.moves[spec]), s.err
}

func (s *stubLevels) SearchBest(_ context.Context, _, visits int) (grid.Move, error) {
	s.calls = append(s.calls, visits)
	return stubMove(s.searches[visits]), s.err
}

// stubMove parses a stub's move; "" is no move.
func stubMove(text string) grid.Move {
	if text == "" {
		return grid.Move{}
	}
	return mv(text)
}

// testLadder is the shipped ladder's shape: three heuristic levels, the
// policy and two searches.
var testLadder = []LadderLevel{
	{Name: "Beginner", Rating: -669, Players: []int{2, 3, 4}, Player: "voronoi-medium"},
	{Name: "Casual", Rating: -225, Players: []int{2, 3, 4}, Player: "voronoi-medium"},
	{Name: "Club", Rating: 0, Players: []int{2, 3, 4}, Player: "voronoi-hard"},
	{Name: "Strong", Rating: 321, Players: []int{2}},
	{Name: "Expert", Rating: 1143, Players: []int{2}, Visits: 64},
	{Name: "Master", Rating: 1851, Players: []int{2}, Visits: 400},
}

func lead(v float32) *float32 { return &v }

// refAnalysis is a made-up review analysis of a position: A1 is best,
// B1 good (1 point of win rate and of score below), C1 visited but an
// inaccuracy, D1 close in win rate but 2 points below, E1 never visited
// (and the highest prior), F1 the best move's runner-up by prior.
func refAnalysis() *analysis.Analysis {
	return &analysis.Analysis{MoveInfos: []analysis.MoveInfo{
		{Move: mv("A1"), Visits: 150, Winrate: 0.60, Prior: 0.03, ScoreLead: lead(4)},
		{Move: mv("B1"), Visits: 30, Winrate: 0.59, Prior: 0.10, ScoreLead: lead(3.4)},
		{Move: mv("C1"), Visits: 10, Winrate: 0.54, Prior: 0.20, ScoreLead: lead(3.5)},
		{Move: mv("D1"), Visits: 5, Winrate: 0.595, Prior: 0.02, ScoreLead: lead(2)},
		{Move: mv("E1"), Visits: 0, Winrate: 0.60, Prior: 0.40},
		{Move: mv("F1"), Visits: 5, Winrate: 0.58, Prior: 0.25},
		{Move: mv("A2"), Visits: 5, Winrate: 0.595, Prior: 0.01, ScoreLead: lead(3.1000001)},
	}}
}

// TestLevelFinds checks which moves count as found against the best move
// A1 of refAnalysis: the best move itself, and a visited move the review
// would call good (less than an inaccuracy below in win rate and in
// points, by the two-player thresholds).
func TestLevelFinds(t *testing.T) {
	t.Parallel()
	ref := refAnalysis()
	for move, want := range map[string]bool{
		"A1": true,  // the best move
		"B1": true,  // 1 point of win rate and 0.6 of score below: good
		"C1": false, // 6 points of win rate below: an inaccuracy
		"D1": false, // 2 points of score below: a mistake in points
		"E1": false, // never visited: no value of its own
		"F1": true,  // 2 points of win rate below, score unknown
		"G1": false, // not in the analysis
		"A2": false, // 0.9 of score below (0.89999986 in float32): an inaccuracy exactly
	} {
		if got := levelFinds(review.TwoPlayerThresholds, ref, mv(move)); got != want {
			t.Errorf("levelFinds(%s) = %v, want %v", move, got, want)
		}
	}
}

// TestMeasureLevel is the level computation on made-up choices: which
// levels find the best move, the weakest of them, the best move's prior
// and the first budget of the doubling series whose search prefers it,
// with the searches shared between that series and the network levels.
func TestMeasureLevel(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name     string
		moves    map[string]string
		searches map[int]string
		visits   int
		// want are the finders, lowest the weakest one's name ("" for
		// none), toFind the visits to find and calls the budgets searched.
		want    []string
		lowest  string
		toFind  int
		calls   []int
		checked int
	}{
		{name: "club and up", moves: map[string]string{"voronoi-medium": "C1", "voronoi-hard": "B1"},
			searches: map[int]string{16: "E1", 32: "E1", 64: "A1", 128: "A1"}, visits: 200,
			want: []string{"Club", "Expert"}, lowest: "Club", toFind: 64, calls: []int{16, 32, 64}, checked: 5},
		{name: "none finds it", moves: map[string]string{"voronoi-medium": "C1", "voronoi-hard": "D1"},
			searches: map[int]string{16: "E1", 32: "C1", 64: "C1", 128: "C1"}, visits: 200,
			want: []string{}, toFind: 200, calls: []int{16, 32, 64, 128}, checked: 5},
		{name: "only the search", moves: map[string]string{"voronoi-medium": "E1", "voronoi-hard": "E1"},
			searches: map[int]string{16: "A1", 64: "A1"}, visits: 64,
			want: []string{"Expert"}, lowest: "Expert", toFind: 16, calls: []int{16}, checked: 5},
		{name: "a review at 400 visits checks Master", moves: map[string]string{"voronoi-medium": "B1", "voronoi-hard": "C1"},
			searches: map[int]string{16: "C1", 32: "F1", 64: "C1", 128: "C1", 256: "C1"}, visits: 400,
			want: []string{"Beginner", "Casual", "Master"}, lowest: "Beginner", toFind: 400, calls: []int{16, 32, 64, 128, 256}, checked: 6},
		{name: "a review below 16 visits", moves: map[string]string{"voronoi-medium": "A1", "voronoi-hard": "A1"},
			visits: 8, want: []string{"Beginner", "Casual", "Club"}, lowest: "Beginner", toFind: 8, checked: 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			eng := &stubLevels{moves: tc.moves, searches: tc.searches}
			l, err := measureLevel(context.Background(), eng, ladderFor(testLadder, 2, tc.visits), review.TwoPlayerThresholds, 3, refAnalysis(), tc.visits)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(l.Finders, tc.want) || l.LowestName != tc.lowest || l.VisitsToFind != tc.toFind ||
				!slices.Equal(eng.calls, tc.calls) || len(l.Checked) != tc.checked || l.BestPrior != 0.03 {
				t.Errorf("got finders %v, lowest %q, visits %d, searched %v, checked %v, prior %v; want %v, %q, %d, %v, %d levels",
					l.Finders, l.LowestName, l.VisitsToFind, eng.calls, l.Checked, l.BestPrior, tc.want, tc.lowest, tc.toFind, tc.calls, tc.checked)
			}
			if (l.Lowest == nil) != (tc.lowest == "") {
				t.Errorf("lowest rating %v with lowest name %q", l.Lowest, l.LowestName)
			}
			for _, lv := range testLadder {
				if lv.Name == tc.lowest && *l.Lowest != lv.Rating {
					t.Errorf("lowest rating %v, want %s's %v", *l.Lowest, lv.Name, lv.Rating)
				}
			}
		})
	}
}

// TestMeasureLevelError passes an engine's failure on, naming the level.
func TestMeasureLevelError(t *testing.T) {
	t.Parallel()
	eng := &stubLevels{err: errors.New("no network")}
	if _, err := measureLevel(context.Background(), eng, testLadder[:1], review.TwoPlayerThresholds, 0, refAnalysis(), 8); err == nil || !strings.Contains(err.Error(), "Beginner") {
		t.Errorf("error %v", err)
	}
}

// TestLadder reads the shipped levels file: every level but the random
// ones, by rating, voronoi-easy played by its choice without noise, the
// searches by their visits.
func TestLadder(t *testing.T) {
	t.Parallel()
	f, err := levels.Load("../../../models/levels.json")
	if err != nil {
		t.Fatal(err)
	}
	f.Levels = append(f.Levels, levels.Level{ID: "timed", Name: "Timed", Spec: "mcts:time=1s", Rating: levels.Rating{Elo: 500}})
	got := Ladder(f)
	var names []string
	for _, l := range got {
		names = append(names, l.Name)
	}
	if want := []string{"Beginner", "Casual", "Club", "Strong", "Expert", "Master"}; !slices.Equal(names, want) {
		t.Fatalf("ladder %v, want %v", names, want)
	}
	if got[0].Player != "voronoi-medium" || got[2].Player != "voronoi-hard" || got[3].Player != "" || got[3].Visits != 0 ||
		got[4].Visits != 64 || got[5].Visits != 400 || !slices.Equal(got[4].Players, []int{2}) {
		t.Errorf("ladder %+v", got)
	}
	if Ladder(nil) != nil {
		t.Error("a nil file gives a ladder")
	}
}

// TestLevelSentence checks the level in words.
func TestLevelSentence(t *testing.T) {
	t.Parallel()
	checked := []string{"Beginner", "Casual", "Club", "Strong", "Expert"}
	for _, tc := range []struct {
		finders []string
		prior   float32
		want    string
	}{
		{[]string{"Club", "Strong", "Expert"}, 0.03, "Club and up find E4-E5:N; the best move has a prior of 3% and the search needs 128 visits to prefer it."},
		{[]string{"Expert"}, 0.004, "Only Expert finds E4-E5:N; the best move has a prior of 0.4% and the search needs 128 visits to prefer it."},
		{[]string{}, 0.5, "None of the levels up to Expert finds E4-E5:N; the best move has a prior of 50% and the search needs 128 visits to prefer it."},
		{checked, 0.5, "Every level finds E4-E5:N; the best move has a prior of 50% and the search needs 128 visits to prefer it."},
		{[]string{"Club", "Expert"}, 0.2, "Club and Expert find E4-E5:N; the best move has a prior of 20% and the search needs 128 visits to prefer it."},
		{[]string{"Casual"}, 0.2, "Casual finds E4-E5:N; the best move has a prior of 20% and the search needs 128 visits to prefer it."},
		{[]string{"Beginner", "Club", "Expert"}, 0.2, "Beginner, Club and Expert find E4-E5:N; the best move has a prior of 20% and the search needs 128 visits to prefer it."},
	} {
		l := &review.MoveLevel{Finders: tc.finders, Checked: checked, BestPrior: tc.prior, VisitsToFind: 128}
		if got := levelSentence(l, mv("E4-E5:N")); got != tc.want {
			t.Errorf("got  %q\nwant %q", got, tc.want)
		}
	}
}

// mv parses a move of a test's made-up analysis.
func mv(text string) grid.Move {
	m, _, err := grid.ParseMove(text)
	if err != nil {
		panic(err)
	}
	return m
}
