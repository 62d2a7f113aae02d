package solver

import (
	"fmt"
	"testing"

	"github.com/wallzero/wallzero/engine/solver/endgames"
)

// BenchmarkSolveAgentEndgames measures the solver's node rate on the
// agent's own endgames (the first 20 games of agentGamesFile), 4 and 8
// plies before their end: each position gets a cold solver with a fixed
// node budget and no clock, as the reach table's positions do, so the
// work per iteration is the same on every machine and ns/node is the
// solver's speed. proven counts the positions settled within the budget.
func BenchmarkSolveAgentEndgames(b *testing.B) {
	games := loadAgentGames(b)[:20]
	for _, plies := range []int{4, 8} {
		for _, pn := range []bool{false, true} {
			b.Run(fmt.Sprintf("plies=%d/proof-numbers=%v", plies, pn), func(b *testing.B) {
				positions := endgames.Pick(games, []int{plies})
				var nodes int64
				proven := 0
				for b.Loop() {
					proven = 0
					for _, p := range positions {
						res := Solve(&p.Pos, Options{MaxNodes: 100_000, OutcomeOnly: true, ProofNumbers: pn})
						nodes += res.Nodes
						if res.Outcome != Unknown {
							proven++
						}
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(nodes), "ns/node")
				b.ReportMetric(float64(proven), "proven")
				b.ReportMetric(float64(len(positions)), "positions")
			})
		}
	}
}
