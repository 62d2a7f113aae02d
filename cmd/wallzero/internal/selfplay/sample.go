package selfplay

import (
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/inference/format"
	"github.com/wallzero/wallzero/search"
)

// policyEntry is one non-zero entry of a policy target.
type policyEntry struct {
	action int16
	prob   float32
}

// Sample is one recorded position, in the format of its game. Values per
// seat count seats from the player to move: seat k is colour (toMove + k)
// mod players.
type Sample struct {
	format format.Format
	// features are the inputs, one bit each (numpy packbits, big bit
	// order).
	features []byte
	policy   []policyEntry
	full     bool
	toMove   grid.Color
	players  int
	sym      grid.Symmetry
	// q is the search's expected result per seat (two players: q[0], the
	// mover's, 1 win, 0.5 draw, 0 loss): a smoother value target than the
	// game's result.
	q [grid.MaxPlayers]float32
	// The result targets, filled when the game ends: value per seat (two
	// players: value[0], the mover's 1 win, 0 draw, -1 loss), and with two
	// players the final ownership of every square and the territory
	// margin, from the mover's view.
	value     [grid.MaxPlayers]float32
	ownership [grid.NumSquares]int8
	margin    float32
}

// newSample encodes pos (with history, most recent first; formats without
// history planes ignore it) in format f under symmetry sym, with the
// policy target over moves (nil when the search was a fast one).
func newSample(f format.Format, pos engine.Position, history []engine.Position, sym grid.Symmetry, moves []grid.Move, target []float32) Sample {
	req := search.Request{Position: pos.Transformed(sym)}
	for i := 0; i < len(history) && i < search.HistoryLen; i++ {
		req.History[i] = history[i].Transformed(sym)
		req.HistoryCount++
	}
	x := make([]float32, f.FeatureSize())
	f.Encode(x, &req)
	s := Sample{format: f, features: make([]byte, packedSize(f)), toMove: pos.ToMove(), players: pos.Players(), sym: sym, full: target != nil}
	for i, v := range x {
		if v != 0 {
			s.features[i/8] |= 0x80 >> uint(i%8) // numpy packbits, big bit order
		}
	}
	for i, m := range moves {
		if target == nil || target[i] == 0 {
			continue
		}
		if a := f.ActionOf(sym.Move(m)); a >= 0 {
			s.policy = append(s.policy, policyEntry{int16(a), target[i]})
		}
	}
	return s
}

// packedSize is the size of one sample's features in format f, one bit
// each.
func packedSize(f format.Format) int { return (f.FeatureSize() + 7) / 8 }

// seats reorders values by colour into seats from the sample's mover.
func (s *Sample) seats(byColour []float32) [grid.MaxPlayers]float32 {
	var out [grid.MaxPlayers]float32
	for k := 0; k < s.players; k++ {
		out[k] = byColour[(int(s.toMove)+k)%s.players]
	}
	return out
}
