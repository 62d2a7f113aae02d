package analysisengine

import (
	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/search"
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
	an := analysis.NewAnalyzer(analysis.Evaluators{
		Network: net, NetworkModel: info.ID,
		Heuristic: inference.Heuristic{}, HeuristicModel: inference.HeuristicModelID,
	}, limits)
	m := Models{}
	if b, ok := net.(*inference.Batcher); ok {
		m.clear = b.Cache().Clear
		m.list = append(m.list, modelDescription{Name: info.ID, Kind: "network", Players: []int{2}, Path: info.Path,
			Blocks: info.Blocks, Channels: info.Channels, InnerChannels: service.ONNXModel(info, nil).InnerChannels, Heads: info.Heads})
		m.list = append(m.list, modelDescription{Name: inference.HeuristicModelID, Kind: "heuristic", Players: []int{3, 4}})
	} else {
		m.list = append(m.list, modelDescription{Name: inference.HeuristicModelID, Kind: "heuristic", Players: []int{2, 3, 4}})
	}
	return an, m
}
