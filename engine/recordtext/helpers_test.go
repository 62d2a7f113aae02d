package recordtext

import (
	"fmt"
	"math/rand/v2"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// allRuleSets returns every combination of the rule options: two players
// with both openings, three and four players with the empty one, each with
// both stay rules, both tie breaks and both ends; with three players also
// both break timings, both breakable-wall rules and both settled rules.
func allRuleSets() []engine.Rules {
	var out []engine.Rules
	for _, players := range []int{2, 3, 4} {
		openings := []engine.Opening{engine.OpeningEmpty}
		if players == 2 {
			openings = []engine.Opening{engine.OpeningFourStone, engine.OpeningEmpty}
		}
		timings, walls, settled := []engine.BreakTiming{""}, []engine.BreakWalls{""}, []engine.SettledRule{""}
		if players == 3 {
			timings = []engine.BreakTiming{"", engine.BreakAnyTime}
			walls = []engine.BreakWalls{"", engine.BreakFreesStone}
			settled = []engine.SettledRule{"", engine.SettledSkip}
		}
		for _, o := range openings {
			for _, s := range []engine.StayRule{engine.StayAlways, engine.StayStepOut} {
				for _, tb := range []engine.TieBreak{engine.TieBreakLargestRegion, engine.TieBreakNone} {
					for _, end := range []engine.EndRule{"", engine.EndFrozenMixedRegions} {
						for _, bt := range timings {
							for _, bw := range walls {
								for _, st := range settled {
									out = append(out, engine.Rules{Players: players, Opening: o, Stay: s, TieBreak: tb,
										End: end, BreakTiming: bt, BreakWalls: bw, Settled: st})
								}
							}
						}
					}
				}
			}
		}
	}
	return out
}

// newRNG returns a deterministic generator for a test.
func newRNG(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x5eed)) }

// randomGame plays a random game under rules to its end and returns its
// moves. In three-player games it takes a break now and then (breaks are
// few among a hundred turns, so a uniform choice would seldom write one).
func randomGame(rng *rand.Rand, rules engine.Rules) []grid.Move {
	p := engine.NewPosition(rules)
	var moves []grid.Move
	buf := make([]grid.Move, 0, engine.MaxMoves)
	for !p.IsOver() {
		legal := p.LegalMoves(buf[:0])
		if len(legal) == 0 {
			panic(fmt.Sprintf("no legal move in an unfinished game after %v", moves))
		}
		m := legal[rng.IntN(len(legal))]
		if p.Players() == 3 && rng.IntN(4) == 0 {
			for _, b := range legal {
				if b.Kind == grid.Break {
					m = b
					break
				}
			}
		}
		p.Apply(m)
		moves = append(moves, m)
	}
	return moves
}
