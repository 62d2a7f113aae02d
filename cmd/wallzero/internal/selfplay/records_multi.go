package selfplay

import (
	"encoding/binary"
	"math"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/inference/format"
	"github.com/wallzero/wallzero/search"
)

// multiPlayerRecords are the three- and four-player chunks
// (docs/multiplayer-network.md): features, policy, full, value and q per
// seat (four seats, the fourth zero with three players) and players.
type multiPlayerRecords struct{}

// keep implements records: a position with a single legal move (a
// settled player's pass) teaches the policy nothing.
func (multiPlayerRecords) keep(moves int) bool { return moves > 1 }

// q implements records: the search's values by colour, in seats.
func (multiPlayerRecords) q(s *Sample, res *search.Result) [grid.MaxPlayers]float32 {
	if len(res.PlayerWinrates) < s.players {
		return [grid.MaxPlayers]float32{}
	}
	return s.seats(res.PlayerWinrates)
}

// finish implements records: the game's result per seat.
func (multiPlayerRecords) finish(s *Sample, final *engine.Position) {
	u := search.TerminalUtility(final)
	s.value = s.seats(u[:])
}

// arrays implements records.
func (multiPlayerRecords) arrays(f format.Format, samples []Sample) []npyArray {
	n := len(samples)
	const seats = grid.MaxPlayers
	packed, actions := packedSize(f), f.NumActions()
	features := make([]byte, 0, n*packed)
	policy := make([]byte, n*actions*2)
	full := make([]byte, n)
	value := make([]byte, n*seats*4)
	q := make([]byte, n*seats*4)
	players := make([]byte, n)
	for i, s := range samples {
		features = append(features, s.features...)
		for _, e := range s.policy {
			binary.LittleEndian.PutUint16(policy[(i*actions+int(e.action))*2:], float16(e.prob))
		}
		if s.full {
			full[i] = 1
		}
		for k := 0; k < seats; k++ {
			binary.LittleEndian.PutUint32(value[(i*seats+k)*4:], math.Float32bits(s.value[k]))
			binary.LittleEndian.PutUint32(q[(i*seats+k)*4:], math.Float32bits(s.q[k]))
		}
		players[i] = byte(s.players)
	}
	return []npyArray{
		{"features", "|u1", []int{n, packed}, features},
		{"policy", "<f2", []int{n, actions}, policy},
		{"full", "|u1", []int{n}, full},
		{"value", "<f4", []int{n, seats}, value},
		{"q", "<f4", []int{n, seats}, q},
		{"players", "|u1", []int{n}, players},
	}
}
