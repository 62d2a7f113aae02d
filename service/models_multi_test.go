package service_test

import (
	"fmt"
	"testing"

	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/service"
)

// TestWithMultiModel: the multi-player network takes the heuristic's
// three- and four-player entries; the heuristic keeps the counts the
// network does not play and goes when none are left; other models stay.
func TestWithMultiModel(t *testing.T) {
	mp := inference.ModelInfo{ID: "mp-tiny", Path: "mp-tiny.onnx", Players: []int{3, 4}, Blocks: 1, Channels: 8}
	two := service.ONNXModel(inference.ModelInfo{ID: "two", Players: []int{2}}, []int{2})
	for _, c := range []struct {
		name    string
		models  []service.Model
		info    inference.ModelInfo
		players []int
		want    string
	}{
		{"heuristic for all counts", []service.Model{service.HeuristicModel([]int{2, 3, 4}, "")}, mp, []int{3, 4},
			"heuristic-voronoi-v1 heuristic [2] | mp-tiny onnx [3 4]"},
		{"a two-player network and the heuristic for 3-4", []service.Model{two, service.HeuristicModel([]int{3, 4}, "")}, mp, []int{3, 4},
			"two onnx [2] | mp-tiny onnx [3 4]"},
		{"a three-player-only network", []service.Model{two, service.HeuristicModel([]int{3, 4}, "")},
			inference.ModelInfo{ID: "mp3", Players: []int{3}}, []int{3},
			"two onnx [2] | heuristic-voronoi-v1 heuristic [4] | mp3 onnx [3]"},
		{"a shared network served for three players only", []service.Model{two, service.HeuristicModel([]int{3, 4}, "")}, mp, []int{3},
			"two onnx [2] | heuristic-voronoi-v1 heuristic [4] | mp-tiny onnx [3]"},
		{"a four-player network after the shared one", []service.Model{two, service.ONNXModel(mp, []int{3}), service.HeuristicModel([]int{4}, "")},
			inference.ModelInfo{ID: "mp4", Players: []int{4}}, []int{4},
			"two onnx [2] | mp-tiny onnx [3] | mp4 onnx [4]"},
	} {
		t.Run(c.name, func(t *testing.T) {
			heur := append([]int(nil), c.models[len(c.models)-1].Players...)
			got := service.WithMultiModel(c.models, c.info, c.players)
			s := ""
			for i, m := range got {
				if i > 0 {
					s += " | "
				}
				s += fmt.Sprintf("%s %s %v", m.ID, m.Kind, m.Players)
			}
			if s != c.want {
				t.Errorf("got %s, want %s", s, c.want)
			}
			if last := got[len(got)-1]; last.Path != c.info.Path || last.Blocks != c.info.Blocks || last.Channels != c.info.Channels {
				t.Errorf("the network's entry %+v does not describe %+v", last, c.info)
			}
			if fmt.Sprint(c.models[len(c.models)-1].Players) != fmt.Sprint(heur) {
				t.Errorf("the caller's list changed: %v, was %v", c.models[len(c.models)-1].Players, heur)
			}
		})
	}
}

// TestONNXModelSymmetries: GET /v1/models names a symmetry ensemble's
// size, and says nothing for a network evaluated alone.
func TestONNXModelSymmetries(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want int }{{0, 0}, {1, 0}, {4, 4}, {8, 8}} {
		m := service.ONNXModel(inference.ModelInfo{ID: "m", Symmetries: tc.in}, []int{4})
		if m.Symmetries != tc.want {
			t.Errorf("%d symmetries: the description says %d, want %d", tc.in, m.Symmetries, tc.want)
		}
	}
}
