package ratingcal

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/engine/player"
	"github.com/wallzero/wallzero/service/rating"
)

const testList = `{"players": [{"player": "voronoi-hard", "elo": 0}, {"player": "wz-0027 policy", "elo": 321.4}]}`

func writeFiles(t *testing.T, table string) (string, string) {
	t.Helper()
	dir := t.TempDir()
	tp, lp := filepath.Join(dir, "players.tsv"), filepath.Join(dir, "ratings.json")
	if err := os.WriteFile(tp, []byte(table), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(lp, []byte(testList), 0o600); err != nil {
		t.Fatal(err)
	}
	return tp, lp
}

func TestLoadPlayers(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, table, want string }{
		{"good", "voronoi-hard\tvoronoi-hard\npolicy\twz-0027 policy\n", ""},
		{"not on the list", "voronoi-hard\tvoronoi-hard\nmcts:visits=64\twz-0027 mcts:visits=64\n", `:2: "wz-0027 mcts:visits=64" is not on the rating lists`},
		{"no tab", "voronoi-hard voronoi-hard\n", ":1: want SPEC<tab>NAME[<tab>check]"},
		{"a third column other than check", "voronoi-hard\tvoronoi-hard\tfit\n", ":1: want SPEC<tab>NAME[<tab>check]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ps, err := LoadPlayers(writeFiles(t, tt.table))
			if tt.want == "" {
				if err != nil || ps["policy"] != (ListPlayer{Name: "wz-0027 policy", Rating: 321.4, Rated: true, Order: 1}) || len(ps) != 2 {
					t.Errorf("LoadPlayers: %v %+v", err, ps)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err %v, want %q", err, tt.want)
			}
		})
	}
}

func TestSamplesAndPairs(t *testing.T) {
	t.Parallel()
	ps := Players{"voronoi-hard": {Name: "voronoi-hard", Rated: true}, "policy": {Name: "wz-0027 policy", Rating: 321.4, Rated: true, Order: 1}}
	open := []rating.Move{{Loss: 0.1, BestWinrate: 0.5}, {Loss: 0, Best: true, BestWinrate: 0.5}}
	game := func(red, blue string) Reviewed {
		return Reviewed{Players: player.SavedPlayers{Red: red, Blue: blue}, Model: "m", Visits: 200,
			Moves: map[string][]rating.Move{"red": open, "blue": open[:1]}}
	}
	train := []Reviewed{game("policy", "voronoi-hard"), game("voronoi-hard", "policy")}
	held := []Reviewed{game("voronoi-hard", "policy")}
	s, err := ps.Samples(train)
	if err != nil || len(s) != 4 || s[0].Player != "wz-0027 policy" || s[0].Features.Open != 2 || s[1].Player != "voronoi-hard" || s[1].Features.Open != 1 {
		t.Fatalf("Samples: %v %+v", err, s)
	}
	pairs := ps.Pairs(train, held)
	if len(pairs) != 1 || pairs[0] != (rating.PairCount{A: "voronoi-hard", B: "wz-0027 policy", TrainGames: 2, HeldoutGames: 1}) {
		t.Errorf("Pairs: %+v", pairs)
	}
	if _, err := ps.Samples([]Reviewed{game("random", "policy")}); err == nil || !strings.Contains(err.Error(), `"random" is not in the players table`) {
		t.Errorf("an unknown player: %v", err)
	}
}

// TestShippedCalibrationRanksWideGaps: on the fresh games of the verdicts
// table (scripts/rating/table.sh, seeds no calibration uses) whose players
// are at least 500 points apart on the rating list, the shipped
// calibration gives the stronger side the higher estimate, in the first
// game and in most of them.
func TestShippedCalibrationRanksWideGaps(t *testing.T) {
	t.Parallel()
	file, err := rating.Load("../../../../models/" + rating.FileName)
	if err != nil {
		t.Fatal(err)
	}
	ps, err := LoadPlayers("../../../../scripts/rating/table-players.tsv", "../../../../models/ratings.json")
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open("testdata/wide-gaps.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games, err := ReadReviewed(f)
	if err != nil || len(games) < 20 {
		t.Fatalf("%d games: %v", len(games), err)
	}
	right := 0
	for i, g := range games {
		c := file.For(g.Model, g.Visits, g.InaccuracyPoints)
		if c == nil {
			t.Fatalf("no calibration for %s at %d visits", g.Model, g.Visits)
		}
		red, ok1 := c.Estimate(rating.FeaturesOf(g.Moves["red"], g.Accuracy["red"], g.Visits))
		blue, ok2 := c.Estimate(rating.FeaturesOf(g.Moves["blue"], g.Accuracy["blue"], g.Visits))
		if !ok1 || !ok2 {
			continue
		}
		redStronger := ps[g.Players.Red].Rating > ps[g.Players.Blue].Rating
		if (red.Rating > blue.Rating) == redStronger {
			right++
		} else if i == 0 {
			t.Errorf("game 1 (%s vs %s): red %+v, blue %+v", g.Players.Red, g.Players.Blue, red, blue)
		}
	}
	if share := float64(right) / float64(len(games)); share < 0.75 {
		t.Errorf("the stronger side estimated higher in %d of %d games (%.2f), want >= 0.75", right, len(games), share)
	} else {
		t.Logf("the stronger side estimated higher in %d of %d games (%.2f)", right, len(games), share)
	}
}

// TestRateAgainstList: a new player is rated against the fixed ratings of
// its opponents; an even result puts it at the opponent's rating, a clean
// sweep stays finite (the virtual draw), and a result with no known
// player is refused.
func TestRateAgainstList(t *testing.T) {
	t.Parallel()
	ps := Players{"hard": {Name: "voronoi-hard", Rated: true}, "pol": {Name: "policy", Rating: 400, Rated: true},
		"new": {Name: "new"}, "other": {Name: "other"}}
	tests := []struct {
		name     string
		results  []MatchResult
		want     float64 // the new player's rating, within 1
		maxWidth float64
		wantErr  string
	}{
		{"even against one", []MatchResult{{A: "new", B: "hard", AWins: 20, BWins: 20}}, 0, 260, ""},
		{"even against both sides of it", []MatchResult{{A: "new", B: "hard", AWins: 30, BWins: 10}, {A: "pol", B: "new", AWins: 30, BWins: 10}}, 200, 260, ""},
		{"draws count half", []MatchResult{{A: "hard", B: "new", Draws: 40}}, 0, 260, ""},
		{"a clean sweep stays finite", []MatchResult{{A: "new", B: "hard", AWins: 40}}, 400 * math.Log10(81), 1000, ""},
		{"two unknown players", []MatchResult{{A: "new", B: "other", AWins: 1}}, 0, 0, "neither player is on a rating list"},
		{"not in the table", []MatchResult{{A: "new", B: "ghost", AWins: 1}}, 0, 0, "both players must be in the players table"},
		{"only known players", []MatchResult{{A: "hard", B: "pol", AWins: 1}}, 0, 0, "no result of a player the rating lists lack"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := RateAgainstList(tt.results, ps)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Errorf("err %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || len(got) != 1 || got[0].Player != "new" {
				t.Fatalf("RateAgainstList = %+v, %v", got, err)
			}
			if math.Abs(got[0].Elo-tt.want) > 1 || got[0].CI95[0] >= got[0].Elo || got[0].CI95[1]-got[0].CI95[0] > tt.maxWidth {
				t.Errorf("rating %+v, want %.1f with an interval at most %.0f wide", got[0], tt.want, tt.maxWidth)
			}
		})
	}
}

// TestMergeKeepsOtherThresholds: a fit replaces the calibration of its
// model, visits and thresholds and keeps the one of reviews classified
// under other thresholds, which still rates the reviews stored under
// them; the merged file loads.
func TestMergeKeepsOtherThresholds(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), rating.FileName)
	cal := func(points, coef float64) *rating.Calibration {
		return &rating.Calibration{Model: "m", Visits: 200, InaccuracyPoints: points, Terms: []string{"const"}, Coef: []float64{coef},
			MinOpen: 5, Range: [2]float64{-700, 1900}, Within: 200, Between: 100, Z: 2}
	}
	for _, c := range []*rating.Calibration{cal(1.5, 1), cal(0.9, 2), cal(0.9, 3)} {
		b, err := Merge(path, c)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	f, err := rating.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(f.Calibrations); n != 2 {
		t.Fatalf("%d calibrations, want 2", n)
	}
	if c := f.For("m", 200, 1.5); c == nil || c.Coef[0] != 1 {
		t.Errorf("the 1.5-point calibration: %+v", c)
	}
	if c := f.For("m", 200, 0.9); c == nil || c.Coef[0] != 3 {
		t.Errorf("the 0.9-point calibration, fitted again: %+v", c)
	}
}
