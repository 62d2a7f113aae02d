package searchbench

import (
	"path/filepath"
	"testing"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/stats"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/internal/testkit/inferencetest"
)

// TestCompareOutputsByOpening: a model compared with itself agrees
// everywhere, and the per-opening figures split the positions of the
// policy games (both openings) without losing one; a different model does
// not agree everywhere.
func TestCompareOutputsByOpening(t *testing.T) {
	t.Parallel()
	inferencetest.RequireRuntime(t)
	load := func(name string) *inference.Network {
		net, err := inference.LoadNetwork(filepath.Join("..", "..", "..", "..", "inference", "testdata", name), inference.NetworkConfig{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = net.Close() })
		return net
	}
	a, b := load("tiny.onnx"), load("tiny-bottleneck.onnx")
	reqs, err := policyGamePositions(a, 4, 1)
	if err != nil {
		t.Fatal(err)
	}
	same, byOpening, err := compareOutputs(a, a, reqs)
	if err != nil {
		t.Fatal(err)
	}
	if same.n != len(reqs) || same.top1 != same.n || stats.Mean(same.tv) != 0 || stats.Mean(same.value) != 0 {
		t.Fatalf("a against itself: n %d of %d, top-1 %d, tv %v, value %v", same.n, len(reqs), same.top1, stats.Mean(same.tv), stats.Mean(same.value))
	}
	four, empty := byOpening[engine.OpeningFourStone], byOpening[engine.OpeningEmpty]
	if four == nil || empty == nil || four.n+empty.n != same.n || len(byOpening) != 2 {
		t.Fatalf("per opening: %+v", byOpening)
	}
	other, _, err := compareOutputs(a, b, reqs)
	if err != nil {
		t.Fatal(err)
	}
	if other.n != len(reqs) || stats.Mean(other.tv) == 0 || stats.Mean(other.value) == 0 {
		t.Fatalf("a against b: n %d, tv %v, value %v", other.n, stats.Mean(other.tv), stats.Mean(other.value))
	}
}
