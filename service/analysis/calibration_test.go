package analysis

import (
	"context"
	"math"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/service/winrate"
)

// TestCalibratedAnalysis checks that a model's calibration maps every win
// rate of an analysis (the root's, Red's, each move's and its bound), keeps
// the search's own beside them, names itself, and keys the cache apart
// from the uncalibrated model.
func TestCalibratedAnalysis(t *testing.T) {
	t.Parallel()
	cal := &winrate.File{Model: "heuristic-as-network", Visits: 200, Groups: []winrate.Group{
		{Players: 2, Opening: engine.OpeningFourStone, Phase: "play", Seats: []winrate.Platt{{A: 2, B: -0.3}}},
	}}
	if err := cal.Check(); err != nil {
		t.Fatal(err)
	}
	plain := heuristicAnalyzer()
	calibrated := heuristicAnalyzer()
	calibrated.Calibrations = []*winrate.File{cal}
	q := &Query{ID: "c", Moves: []string{"C3", "E3", "C5", "E5"}, MaxVisits: 32, TopK: 3}

	own, err := plain.Analyze(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	got, err := calibrated.Analyze(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	a, b := own[0], got[0]
	if b.RootInfo.Calibration != cal.ID() || a.RootInfo.Calibration != "" {
		t.Errorf("calibration named %q (uncalibrated %q), want %q and none", b.RootInfo.Calibration, a.RootInfo.Calibration, cal.ID())
	}
	if b.RootInfo.SearchWinrate == nil || *b.RootInfo.SearchWinrate != a.RootInfo.Winrate || a.RootInfo.SearchWinrate != nil {
		t.Fatalf("searchWinrate %v, want the uncalibrated winrate %v (and none without a calibration)", b.RootInfo.SearchWinrate, a.RootInfo.Winrate)
	}
	kind := winrate.Kind{Players: 2, Opening: engine.OpeningFourStone, Phase: engine.Play}
	near := func(x, y float32) bool { return math.Abs(float64(x-y)) < 2e-4 }
	if want := cal.Seat(kind, grid.Red, a.RootInfo.Winrate); !near(b.RootInfo.Winrate, want) {
		t.Errorf("winrate %v, want %v (the map of %v)", b.RootInfo.Winrate, want, a.RootInfo.Winrate)
	}
	if red, _ := b.RootInfo.RedWinrate(); !near(red, b.RootInfo.Winrate) {
		t.Errorf("redWinrate %v, winrate %v: Red is to move", red, b.RootInfo.Winrate)
	}
	for i := range a.MoveInfos {
		x, y := a.MoveInfos[i], b.MoveInfos[i]
		if x.Move != y.Move || x.Visits != y.Visits {
			t.Fatalf("move %d: %s/%d against %s/%d: the calibration changed the search", i, x.Move, x.Visits, y.Move, y.Visits)
		}
		if !near(y.Winrate, cal.Seat(kind, grid.Red, x.Winrate)) || !near(y.LCB, cal.Seat(kind, grid.Red, x.LCB)) {
			t.Errorf("move %s: winrate %v lcb %v, want the maps of %v and %v", x.Move, y.Winrate, y.LCB, x.Winrate, x.LCB)
		}
	}
	if plain.CacheModel(2) != "heuristic-as-network" || calibrated.CacheModel(2) != "heuristic-as-network+"+cal.ID() {
		t.Errorf("cache models %q and %q", plain.CacheModel(2), calibrated.CacheModel(2))
	}
	if calibrated.CacheModel(3) != plain.CacheModel(3) {
		t.Errorf("three players have no calibration here, yet the cache model is %q", calibrated.CacheModel(3))
	}

	// The setup phase has no group in this file: its win rates stay the
	// search's own, and the answer names no calibration.
	setup, err := calibrated.Analyze(context.Background(), &Query{ID: "s", Moves: []string{"C3"}, MaxVisits: 16, TopK: 1})
	if err != nil {
		t.Fatal(err)
	}
	if r := setup[0].RootInfo; r.Calibration != "" || r.SearchWinrate != nil {
		t.Errorf("setup: calibration %q, searchWinrate %v, want neither", r.Calibration, r.SearchWinrate)
	}
}
