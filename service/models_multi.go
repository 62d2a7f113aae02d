package service

import (
	"slices"

	"github.com/wallzero/wallzero/inference"
)

// WithMultiModel lists a multi-player network (three and four players) in
// place of the heuristic's entries for the player counts it plays: the
// heuristic keeps the counts the network does not cover (and is dropped
// when none are left), and the network is appended with its own counts.
// serve, worker and explore build GET /v1/models with it.
func WithMultiModel(models []Model, info inference.ModelInfo) []Model {
	out := []Model{}
	for _, m := range models {
		if m.Kind == "heuristic" {
			var rest []int
			for _, n := range m.Players {
				if !slices.Contains(info.Players, n) {
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
	return append(out, ONNXModel(info, info.Players))
}
