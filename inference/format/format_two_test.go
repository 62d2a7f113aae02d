package format

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/wallzero/wallzero/engine/grid"
)

func TestFeaturesGolden(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		moves []string
	}{
		{"start", nil},
		{"after-setup", []string{"C3", "E3", "C5", "E5"}},
		{"midgame", []string{"C3", "E3", "C5", "E5", "E5-E4:N", "E3-D3:S", "C3-C2:E", "C5-C6:E", "B6-B7:E"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			req := requestAfter(t, tc.moves...)
			x := make([]float32, TwoPlayer.FeatureSize())
			TwoPlayer.Encode(x, req)
			got := renderPlanes(x)
			path := filepath.Join("testdata", "features-"+tc.name+".golden")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if got != string(want) {
				t.Errorf("features differ from %s (go test -update rewrites it):\n%s", path, got)
			}
		})
	}
}

// TestFeaturesHandChecked checks a few planes against values worked out by
// hand, independently of the golden files.
func TestFeaturesHandChecked(t *testing.T) {
	t.Parallel()
	req := requestAfter(t, "C3", "E3", "C5", "E5", "E5-E4:N")
	x := make([]float32, TwoPlayer.FeatureSize())
	TwoPlayer.Encode(x, req)
	at := func(plane int, sq string) float32 {
		s, err := grid.ParseSquare(sq)
		if err != nil {
			t.Fatal(err)
		}
		return x[plane*PlaneSize+int(s)]
	}
	checks := []struct {
		plane int
		sq    string
		want  float32
	}{
		{0, "E4", 1}, {0, "E5", 0}, {0, "B6", 1}, {1, "E3", 1}, {1, "C5", 1},
		{2, "E4", 1}, {3, "E4", 0}, {4, "E4", 0}, // Red's wall on E4's north side
		{6, "A1", 0}, {7, "G7", 1}, // Blue to move
		{10, "A1", 0}, // one open region: no land, nothing neutral
		{11, "E4", 1}, {11, "E5", 0}, {12, "E2", 1},
		{13, "E5", 1}, {13, "E4", 0}, {15, "E4", 0}, // one ply ago: Red on E5, no wall
		{22, "C3", 1}, {22, "E5", 0}, {23, "C5", 1}, // two plies ago: after C3, E3, C5
	}
	for _, c := range checks {
		if got := at(c.plane, c.sq); got != c.want {
			t.Errorf("plane %d at %s = %v, want %v", c.plane, c.sq, got, c.want)
		}
	}
	var count int
	for _, v := range x[TwoPlayer.FeatureSize()-9*PlaneSize:] {
		if v != 0 {
			count++
		}
	}
	if count == 0 {
		t.Error("fourth history frame is empty, but four earlier positions exist")
	}
}

func TestTwoPlayerKeyCoversHistory(t *testing.T) {
	t.Parallel()
	a := requestAfter(t, "C3", "E3", "C5", "E5", "E5-E4:W", "E3-E2:W", "E4-E5:E", "E2-E3:E")
	b := requestAfter(t, "C3", "E3", "C5", "E5")
	if TwoPlayer.Key(a) == TwoPlayer.Key(b) {
		t.Error("different requests share a key")
	}
	c := *a
	c.HistoryCount = 2
	if TwoPlayer.Key(&c) == TwoPlayer.Key(a) {
		t.Error("the key ignores the history")
	}
	if TwoPlayer.Key(a) != TwoPlayer.Key(requestAfter(t, "C3", "E3", "C5", "E5", "E5-E4:W", "E3-E2:W", "E4-E5:E", "E2-E3:E")) {
		t.Error("the key is not stable")
	}
}
