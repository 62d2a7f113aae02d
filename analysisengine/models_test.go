package analysisengine

import (
	"testing"

	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/internal/testkit/inferencetest"
	"github.com/wallzero/wallzero/search"
	"github.com/wallzero/wallzero/search/ensemble"
	"github.com/wallzero/wallzero/service/analysis"
)

// TestModelsOfSymmetryEnsembles: networks served as symmetry ensembles
// (the batcher inside a search.Symmetric, as program.Served wraps them)
// are described with their symmetries, and clear_cache clears the
// batchers inside, not only bare ones.
func TestModelsOfSymmetryEnsembles(t *testing.T) {
	t.Parallel()
	batcher := func() *inference.Batcher {
		return inference.NewBatcher(&inferencetest.FakeRunner{}, inference.BatcherConfig{MaxBatch: 4, Workers: 1, CacheSize: 16})
	}
	ensemble := func(b *inference.Batcher) search.Evaluator {
		s, err := ensemble.NewSymmetric(b, 4)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	two, four, three := batcher(), batcher(), batcher()
	multi := []analysis.CountEvaluator{
		{Players: []int{4}, Eval: ensemble(four), Info: inference.ModelInfo{ID: "mp4-s4", Symmetries: 4}},
		{Players: []int{3}, Eval: three, Info: inference.ModelInfo{ID: "mp3", Symmetries: 1}},
	}
	_, models := NewAnalyzerMulti(ensemble(two), inference.ModelInfo{ID: "wz-s4", Symmetries: 4}, multi, analysis.DefaultLimits())

	want := map[string]int{"wz-s4": 4, "mp4-s4": 4, "mp3": 0}
	if len(models.list) != len(want) {
		t.Fatalf("models %+v, want %d of them", models.list, len(want))
	}
	for _, m := range models.list {
		s, ok := want[m.Name]
		if !ok || m.Symmetries != s || m.Kind != "network" {
			t.Errorf("model %+v: want kind network, symmetries %d", m, s)
		}
	}

	batchers := map[string]*inference.Batcher{"two-player ensemble": two, "four-player ensemble": four, "three-player network": three}
	for _, b := range batchers {
		b.Cache().Put(42, search.Eval{})
	}
	if models.clear == nil {
		t.Fatal("no cache to clear")
	}
	models.clear()
	for name, b := range batchers {
		if _, ok := b.Cache().Get(42); ok {
			t.Errorf("%s: clear_cache left its cache entry", name)
		}
	}
}
