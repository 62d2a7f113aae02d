package selfplay

import (
	"encoding/binary"
	"math"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/inference/format"
	"github.com/wallzero/wallzero/search"
)

// twoPlayerRecords are the two-player chunks (training/README.md):
// features, policy, full, value (1 win, 0 draw, -1 loss), ownership
// (1 the mover's, -1 the opponent's, 0 neither), margin and q, all from
// the mover's view.
type twoPlayerRecords struct{}

// keep implements records: every position of a full search.
func (twoPlayerRecords) keep(int) bool { return true }

// q implements records: the mover's expected result.
func (twoPlayerRecords) q(_ *Sample, res *search.Result) [grid.MaxPlayers]float32 {
	return [grid.MaxPlayers]float32{res.Winrate}
}

// finish implements records.
func (twoPlayerRecords) finish(s *Sample, final *engine.Position) {
	res := final.Result()
	me, opp := s.toMove, 1-s.toMove
	switch w := res.Winner(); {
	case w == me:
		s.value[0] = 1
	case w == opp:
		s.value[0] = -1
	}
	s.margin = float32(res.Score[me] - res.Score[opp])
	for sq := grid.Square(0); sq < grid.NumSquares; sq++ {
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

// arrays implements records.
func (twoPlayerRecords) arrays(f format.Format, samples []Sample) []npyArray {
	n := len(samples)
	packed, actions := packedSize(f), f.NumActions()
	features := make([]byte, 0, n*packed)
	policy := make([]byte, n*actions*2)
	full := make([]byte, n)
	value := make([]byte, n)
	ownership := make([]byte, n*grid.NumSquares)
	margin := make([]byte, n*4)
	q := make([]byte, n*4)
	for i, s := range samples {
		features = append(features, s.features...)
		for _, e := range s.policy {
			binary.LittleEndian.PutUint16(policy[(i*actions+int(e.action))*2:], float16(e.prob))
		}
		if s.full {
			full[i] = 1
		}
		value[i] = byte(int8(s.value[0]))
		for j, o := range s.ownership {
			ownership[i*grid.NumSquares+j] = byte(o)
		}
		binary.LittleEndian.PutUint32(margin[i*4:], math.Float32bits(s.margin))
		binary.LittleEndian.PutUint32(q[i*4:], math.Float32bits(s.q[0]))
	}
	return []npyArray{
		{"features", "|u1", []int{n, packed}, features},
		{"policy", "<f2", []int{n, actions}, policy},
		{"full", "|u1", []int{n}, full},
		{"value", "|i1", []int{n}, value},
		{"ownership", "|i1", []int{n, grid.NumSquares}, ownership},
		{"margin", "<f4", []int{n}, margin},
		{"q", "<f4", []int{n}, q},
	}
}
