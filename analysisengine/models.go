package analysisengine

import (
	"slices"

	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/search"
	"github.com/wallzero/wallzero/search/ensemble"
	"github.com/wallzero/wallzero/service"
	"github.com/wallzero/wallzero/service/analysis"
)

// Models are the engine's evaluators, as query_models describes them, and
// how to clear their cache (clear_cache).
type Models struct {
	list  []modelDescription
	clear func()
}

// NewAnalyzer builds the analyzer over net, the two-player evaluator that
// info describes, and the heuristic evaluator (three and four players),
// and describes them for query_models. A net that is not a network (the
// heuristic itself) plays every player count.
func NewAnalyzer(net search.Evaluator, info inference.ModelInfo, limits analysis.Limits) (*analysis.Analyzer, Models) {
	return NewAnalyzerMulti(net, info, nil, limits)
}

// NewAnalyzerMulti is NewAnalyzer with multi, the networks of three- and
// four-player games, in the heuristic's place for the counts they are
// served for (none: the heuristic plays them).
func NewAnalyzerMulti(net search.Evaluator, info inference.ModelInfo, multi []analysis.CountEvaluator, limits analysis.Limits) (*analysis.Analyzer, Models) {
	evals := analysis.Evaluators{
		Network: net, NetworkModel: info.ID,
		Heuristic: inference.Heuristic{}, HeuristicModel: inference.HeuristicModelID,
	}
	m := Models{}
	describe := func(info inference.ModelInfo, players []int) modelDescription {
		d := modelDescription{Name: info.ID, Kind: "network", Players: players, Path: info.Path,
			Blocks: info.Blocks, Channels: info.Channels, InnerChannels: service.ONNXModel(info, nil).InnerChannels, Heads: info.Heads}
		if info.Symmetries > 1 {
			d.Symmetries = info.Symmetries
		}
		return d
	}
	var clears []func()
	heuristic := []int{3, 4}
	if b, ok := batcherOf(net); ok {
		clears = append(clears, b.Cache().Clear)
		m.list = append(m.list, describe(info, []int{2}))
	} else {
		heuristic = []int{2, 3, 4}
	}
	evals.Multi = multi
	for _, mm := range multi {
		if b, ok := batcherOf(mm.Eval); ok {
			clears = append(clears, b.Cache().Clear)
		}
		m.list = append(m.list, describe(mm.Info, mm.Players))
		heuristic = slices.DeleteFunc(heuristic, func(n int) bool { return slices.Contains(mm.Players, n) })
	}
	if len(heuristic) > 0 {
		m.list = append(m.list, modelDescription{Name: inference.HeuristicModelID, Kind: "heuristic", Players: heuristic})
	}
	if len(clears) > 0 {
		m.clear = func() {
			for _, c := range clears {
				c()
			}
		}
	}
	return analysis.NewAnalyzer(evals, limits), m
}

// batcherOf returns the network batcher behind e: e itself, or the inner
// evaluator of a symmetry ensemble (a model served averaged over the
// symmetries its metadata names, program.Served), whose cache clear_cache
// must clear as well.
func batcherOf(e search.Evaluator) (*inference.Batcher, bool) {
	if s, ok := e.(*ensemble.Symmetric); ok {
		e = s.Inner
	}
	b, ok := e.(*inference.Batcher)
	return b, ok
}
