package selfplay

import (
	"encoding/binary"
	"math"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/inference"
)

// MultiWriter writes three- and four-player samples in chunks of the
// format docs/multiplayer-network.md describes. Safe for concurrent use.
type MultiWriter struct {
	*chunkWriter[MultiSample]
}

// NewMultiWriter returns a writer into dir (created if needed).
func NewMultiWriter(dir string, chunkSize int) (*MultiWriter, error) {
	cw, err := newChunkWriter(dir, chunkSize, multiSampleArrays)
	if err != nil {
		return nil, err
	}
	return &MultiWriter{cw}, nil
}

// multiSampleArrays lays out multi-player samples as a chunk's arrays.
func multiSampleArrays(samples []MultiSample) []npyArray {
	n := len(samples)
	const seats = engine.MaxPlayers
	features := make([]byte, 0, n*packedMultiFeatureBytes)
	policy := make([]byte, n*inference.MultiNumActions*2)
	full := make([]byte, n)
	value := make([]byte, n*seats*4)
	q := make([]byte, n*seats*4)
	players := make([]byte, n)
	for i, s := range samples {
		features = append(features, s.features[:]...)
		for _, e := range s.policy {
			binary.LittleEndian.PutUint16(policy[(i*inference.MultiNumActions+int(e.action))*2:], float16(e.prob))
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
		{"features", "|u1", []int{n, packedMultiFeatureBytes}, features},
		{"policy", "<f2", []int{n, inference.MultiNumActions}, policy},
		{"full", "|u1", []int{n}, full},
		{"value", "<f4", []int{n, seats}, value},
		{"q", "<f4", []int{n, seats}, q},
		{"players", "|u1", []int{n}, players},
	}
}
