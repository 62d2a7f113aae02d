package pictures

import (
	"strings"
	"testing"

	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/service/jobs"
)

// TestReviewCurve: the classes mark the points after their moves, the
// setup plies are counted, the win rates are clamped to [0, 1].
func TestReviewCurve(t *testing.T) {
	t.Parallel()
	r := &jobs.ReviewResult{
		WinrateCurve: []jobs.CurvePoint{{Ply: 0, Winrates: []float32{0.5, 0.5}}, {Ply: 1, Winrates: []float32{0.52, 0.48}}, {Ply: 2, Winrates: []float32{0.4, 0.6}},
			{Ply: 3, Winrates: []float32{0.45, 0.55}}, {Ply: 4, Winrates: []float32{1.2, 0}}},
		Moves: []jobs.MoveReview{
			{Ply: 0, Move: mustMove(t, "C3"), Classification: "best"},
			{Ply: 1, Move: mustMove(t, "E3"), Classification: "mistake"},
			{Ply: 2, Move: mustMove(t, "E3-E4:N"), Classification: "good"},
			{Ply: 3, Move: mustMove(t, "C3-C4:E"), Classification: "blunder"},
		},
	}
	points, setup := reviewCurve(r)
	if setup != 2 {
		t.Errorf("setup plies %d, want 2", setup)
	}
	classes := []string{}
	for _, p := range points {
		classes = append(classes, p.Class)
	}
	if strings.Join(classes, ",") != ",,mistake,,blunder" {
		t.Errorf("classes %q, want the mistake at ply 2 and the blunder at ply 4", classes)
	}
	if points[4].Red != 1 || points[2].Move != "E3" {
		t.Errorf("points %+v: want win rates clamped to [0, 1] and moves named", points)
	}
}

// mustMove parses a test's move.
func mustMove(t *testing.T, text string) grid.Move {
	t.Helper()
	m, _, err := grid.ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
