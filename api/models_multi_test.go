package api_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/api"
)

// TestModelsMultiPlayer: GET /v1/models lists the heuristic for every
// player count without a multi-player network, and with one loaded (as
// serve's -mp-model) lists the network, with its layouts, for three and
// four players and the heuristic for two only; with a four-player network
// of its own beside it (serve's -mp4-model), the shared network is listed
// for three players and the other for four.
func TestModelsMultiPlayer(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		o    options
		want string
	}{
		{"heuristic only", options{}, "heuristic-voronoi-v1 heuristic [2 3 4]"},
		{"mp-tiny", options{multiModel: mpTiny}, "heuristic-voronoi-v1 heuristic [2] | " +
			"mp-tiny onnx [3 4] ../inference/testdata/mp-tiny.onnx wallzero-mp-34-v1 wallzero-mp-actions-55x49-v1 [policy value]"},
		{"mp-tiny and a four-player network", options{multiModel: mpTiny, multiModel4: mp4Tiny}, "heuristic-voronoi-v1 heuristic [2] | " +
			"mp-tiny onnx [3] ../inference/testdata/mp-tiny.onnx wallzero-mp-34-v1 wallzero-mp-actions-55x49-v1 [policy value] | " +
			"mp4-tiny onnx [4] ../inference/testdata/mp4-tiny.onnx wallzero-mp-34-v1 wallzero-mp-actions-55x49-v1 [policy value]"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ts := start(t, newDatabase(t), c.o)
			var res api.ModelsResponse
			if code := ts.do("GET", "/v1/models", nil, &res); code != 200 {
				t.Fatalf("GET /v1/models: %d", code)
			}
			var entries []string
			for _, m := range res.Models {
				e := fmt.Sprintf("%s %s %v", m.ID, m.Kind, m.Players)
				if m.Kind == "onnx" {
					e += fmt.Sprintf(" %s %s %s %v", m.Path, m.Features, m.Actions, m.Heads)
					if m.Blocks < 1 || m.Channels < 1 {
						t.Errorf("%s: %d blocks of %d channels", m.ID, m.Blocks, m.Channels)
					}
				}
				entries = append(entries, e)
			}
			if got := strings.Join(entries, " | "); got != c.want {
				t.Errorf("models %s\nwant %s", got, c.want)
			}
		})
	}
}
