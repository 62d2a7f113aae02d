package selfplay

import (
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/search"
)

// packedFeatureBytes is the size of one sample's features, one bit each.
const packedFeatureBytes = (inference.FeatureSize + 7) / 8

// policyEntry is one non-zero entry of a policy target.
type policyEntry struct {
	action int16
	prob   float32
}

// Sample is one recorded position.
type Sample struct {
	features [packedFeatureBytes]uint8
	policy   []policyEntry
	full     bool
	toMove   engine.Color
	sym      engine.Symmetry
	// q is the search's expected result for toMove (1 win, 0.5 draw,
	// 0 loss): a smoother value target than the game's result.
	q float32
	// Filled when the game ends, from toMove's view.
	value     int8
	ownership [engine.NumSquares]int8
	margin    float32
}

// newSample encodes pos (with history, most recent first) under symmetry
// sym, with the policy target over moves (nil when the search was a fast
// one).
func newSample(pos engine.Position, history []engine.Position, sym engine.Symmetry, moves []engine.Move, target []float32, q float32) Sample {
	req := search.Request{Position: sym.Position(pos)}
	for i := 0; i < len(history) && i < search.HistoryLen; i++ {
		req.History[i] = sym.Position(history[i])
		req.HistoryCount++
	}
	x := make([]float32, inference.FeatureSize)
	inference.Encode(x, &req)
	s := Sample{toMove: pos.ToMove(), sym: sym, full: target != nil, q: q}
	for i, v := range x {
		if v != 0 {
			s.features[i/8] |= 0x80 >> uint(i%8) // numpy packbits, big bit order
		}
	}
	for i, m := range moves {
		if target == nil || target[i] == 0 {
			continue
		}
		a := inference.ActionOf(sym.Move(m))
		if a >= 0 {
			s.policy = append(s.policy, policyEntry{int16(a), target[i]})
		}
	}
	return s
}

// finish fills the outcome targets from the final position.
func (s *Sample) finish(final *engine.Position) {
	res := final.Result()
	me, opp := s.toMove, 1-s.toMove
	switch w := res.Winner(); {
	case w == me:
		s.value = 1
	case w == opp:
		s.value = -1
	}
	s.margin = float32(res.Score[me] - res.Score[opp])
	for sq := engine.Square(0); sq < engine.NumSquares; sq++ {
		var v int8
		switch {
		case res.Owned[me].Has(sq):
			v = 1
		case res.Owned[opp].Has(sq):
			v = -1
		}
		s.ownership[s.sym.Square(sq)] = v
	}
}
