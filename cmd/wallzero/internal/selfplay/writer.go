package selfplay

import (
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/inference"
)

// chunkWriter collects samples of type S and writes them to a directory
// in chunks of chunkSize samples (chunk-<unix time>-<seq>.npz), each
// chunk's arrays made by arrays. Safe for concurrent use.
type chunkWriter[S any] struct {
	dir       string
	chunkSize int
	arrays    func([]S) []npyArray
	mu        sync.Mutex
	pending   []S
	seq       int
	written   int
}

func newChunkWriter[S any](dir string, chunkSize int, arrays func([]S) []npyArray) (*chunkWriter[S], error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	return &chunkWriter[S]{dir: dir, chunkSize: max(1, chunkSize), arrays: arrays}, nil
}

// Add queues the samples of one game and writes full chunks.
func (w *chunkWriter[S]) Add(samples []S) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.pending = append(w.pending, samples...)
	for len(w.pending) >= w.chunkSize {
		if err := w.writeChunk(w.pending[:w.chunkSize]); err != nil {
			return err
		}
		w.pending = append(w.pending[:0], w.pending[w.chunkSize:]...)
	}
	return nil
}

// Flush writes what is queued.
func (w *chunkWriter[S]) Flush() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.pending) == 0 {
		return nil
	}
	err := w.writeChunk(w.pending)
	w.pending = w.pending[:0]
	return err
}

func (w *chunkWriter[S]) writeChunk(samples []S) error {
	w.seq++
	path := filepath.Join(w.dir, fmt.Sprintf("chunk-%d-%04d.npz", time.Now().Unix(), w.seq))
	err := writeNPZ(path, w.arrays(samples))
	if err == nil {
		w.written += len(samples)
	}
	return err
}

// Writer writes two-player samples in chunks (training/README.md has the
// format). Safe for concurrent use.
type Writer struct {
	*chunkWriter[Sample]
}

// NewWriter returns a writer into dir (created if needed).
func NewWriter(dir string, chunkSize int) (*Writer, error) {
	cw, err := newChunkWriter(dir, chunkSize, sampleArrays)
	if err != nil {
		return nil, err
	}
	return &Writer{cw}, nil
}

// sampleArrays lays out two-player samples as a chunk's arrays.
func sampleArrays(samples []Sample) []npyArray {
	n := len(samples)
	features := make([]byte, 0, n*packedFeatureBytes)
	policy := make([]byte, n*inference.NumActions*2)
	full := make([]byte, n)
	value := make([]byte, n)
	ownership := make([]byte, n*engine.NumSquares)
	margin := make([]byte, n*4)
	q := make([]byte, n*4)
	for i, s := range samples {
		features = append(features, s.features[:]...)
		for _, e := range s.policy {
			binary.LittleEndian.PutUint16(policy[(i*inference.NumActions+int(e.action))*2:], float16(e.prob))
		}
		if s.full {
			full[i] = 1
		}
		value[i] = byte(s.value)
		for j, o := range s.ownership {
			ownership[i*engine.NumSquares+j] = byte(o)
		}
		binary.LittleEndian.PutUint32(margin[i*4:], math.Float32bits(s.margin))
		binary.LittleEndian.PutUint32(q[i*4:], math.Float32bits(s.q))
	}
	return []npyArray{
		{"features", "|u1", []int{n, packedFeatureBytes}, features},
		{"policy", "<f2", []int{n, inference.NumActions}, policy},
		{"full", "|u1", []int{n}, full},
		{"value", "|i1", []int{n}, value},
		{"ownership", "|i1", []int{n, engine.NumSquares}, ownership},
		{"margin", "<f4", []int{n}, margin},
		{"q", "<f4", []int{n}, q},
	}
}
