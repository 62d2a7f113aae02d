package selfplay

import (
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/search"
)

// packedMultiFeatureBytes is the size of one multi-player sample's
// features, one bit each.
const packedMultiFeatureBytes = (inference.MultiFeatureSize + 7) / 8

// MultiSample is one recorded position of a three- or four-player game
// (docs/multiplayer-network.md). Its per-seat values count seats from
// the player to move: seat k is colour (toMove + k) mod players.
type MultiSample struct {
	features [packedMultiFeatureBytes]uint8
	policy   []policyEntry
	full     bool
	toMove   engine.Color
	players  int
	// q is the search's mean value per seat at the root.
	q [engine.MaxPlayers]float32
	// value is the game's result per seat, filled when it ends.
	value [engine.MaxPlayers]float32
}

// newMultiSample encodes pos under symmetry sym, with the policy target
// over moves (nil for a fast search) and the search's value per colour.
func newMultiSample(pos engine.Position, sym engine.Symmetry, moves []engine.Move, target []float32, byColour []float32) MultiSample {
	req := search.Request{Position: sym.Position(pos)}
	x := make([]float32, inference.MultiFeatureSize)
	inference.EncodeMulti(x, &req)
	s := MultiSample{toMove: pos.ToMove(), players: pos.Players(), full: target != nil}
	for i, v := range x {
		if v != 0 {
			s.features[i/8] |= 0x80 >> uint(i%8) // numpy packbits, big bit order
		}
	}
	for i, m := range moves {
		if target == nil || target[i] == 0 {
			continue
		}
		if a := inference.MultiActionOf(sym.Move(m)); a >= 0 {
			s.policy = append(s.policy, policyEntry{int16(a), target[i]})
		}
	}
	if len(byColour) >= s.players {
		s.q = s.seats(byColour)
	}
	return s
}

// seats reorders values by colour into seats from the sample's mover.
func (s *MultiSample) seats(byColour []float32) [engine.MaxPlayers]float32 {
	var out [engine.MaxPlayers]float32
	for k := 0; k < s.players; k++ {
		out[k] = byColour[(int(s.toMove)+k)%s.players]
	}
	return out
}

// finish fills the result targets from the final position.
func (s *MultiSample) finish(final *engine.Position) {
	u := search.TerminalUtility(final)
	s.value = s.seats(u[:])
}
