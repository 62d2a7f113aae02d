package search

import (
	"context"
	"fmt"
	"testing"
)

// hashEval is a cheap evaluator with uneven, deterministic priors and
// values derived from the position's hash, so that trees have the shape
// of real ones while the evaluator itself costs almost nothing: the
// benchmarks below measure the search's own work per visit.
func hashEval(req *Request) {
	h := req.Position.Hash()
	req.Out.Priors = make([]float32, len(req.Moves))
	var sum float32
	for i := range req.Out.Priors {
		h = h*6364136223846793005 + 1442695040888963407
		p := float32(h>>40&0xFFFF) + 1
		p *= p
		req.Out.Priors[i] = p
		sum += p
	}
	for i := range req.Out.Priors {
		req.Out.Priors[i] /= sum
	}
	v := float32(h>>20&0xFFFF) / 0xFFFF
	req.Out.Utility[req.Position.ToMove()] = v
	req.Out.Utility[1-req.Position.ToMove()] = 1 - v
	req.Out.Margin, req.Out.HasMargin = 8*v-4, true
}

// BenchmarkSearchTree measures the tree work of one 800-visit search of
// the mid-game (16 leaves in flight, as the service runs) per visit: what
// each simulation costs the cores besides the network; with and without
// the score utility.
func BenchmarkSearchTree(b *testing.B) {
	for _, score := range []float32{1, 0} {
		b.Run(fmt.Sprintf("score=%g", score), func(b *testing.B) {
			pos := midgame(&testing.T{})
			cfg := DefaultConfig()
			cfg.MaxVisits, cfg.LeafBatch, cfg.ScoreUtility = 800, 16, score
			visits := 0
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				cfg.Seed = uint64(i)
				s, err := New(EvaluatorFunc(hashEval), cfg, pos, nil)
				if err != nil {
					b.Fatal(err)
				}
				res, err := s.Run(context.Background())
				if err != nil {
					b.Fatal(err)
				}
				visits += res.Visits
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(visits), "ns/visit")
		})
	}
}
