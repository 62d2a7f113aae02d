package service

import (
	"slices"

	"github.com/wallzero/wallzero/inference"
)

// WithMultiModel lists a multi-player network in place of the heuristic's
// entries for players, the counts it is served for (a network may play
// both three and four players and be served for one, when the other count
// has a network of its own): the heuristic keeps the counts the network
// does not cover (and is dropped when none are left), and the network is
// appended with players. serve, worker and explore build GET /v1/models
// with it, once per network.
func WithMultiModel(models []Model, info inference.ModelInfo, players []int) []Model {
	out := []Model{}
	for _, m := range models {
		if m.Kind == "heuristic" {
			var rest []int
			for _, n := range m.Players {
				if !slices.Contains(players, n) {
					rest = append(rest, n)
				}
			}
			if len(rest) == 0 {
				continue
			}
			m.Players = rest
		}
		out = append(out, m)
	}
	return append(out, ONNXModel(info, slices.Clone(players)))
}
