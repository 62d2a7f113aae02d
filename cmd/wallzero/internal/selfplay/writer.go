package selfplay

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/wallzero/wallzero/inference/format"
)

// Writer collects the samples of one format and writes them to a
// directory in chunks of chunkSize samples (chunk-<unix time>-<seq>.npz),
// laid out as that format's learner reads them (records_two.go,
// records_multi.go). Safe for concurrent use.
type Writer struct {
	dir       string
	chunkSize int
	format    format.Format
	records   records
	mu        sync.Mutex
	pending   []Sample
	seq       int
	written   int
}

// NewWriter returns a writer of samples of format f into dir (created if
// needed).
func NewWriter(dir string, chunkSize int, f format.Format) (*Writer, error) {
	rec, err := recordsOf(f)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	return &Writer{dir: dir, chunkSize: max(1, chunkSize), format: f, records: rec}, nil
}

// Add queues the samples of one game and writes full chunks. Samples of
// another format than the writer's are refused.
func (w *Writer) Add(samples []Sample) error {
	for _, s := range samples {
		if s.format != w.format {
			return fmt.Errorf("self-play: a sample of the feature set %s for a writer of %s", s.format.FeatureSet(), w.format.FeatureSet())
		}
	}
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
func (w *Writer) Flush() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.pending) == 0 {
		return nil
	}
	err := w.writeChunk(w.pending)
	w.pending = w.pending[:0]
	return err
}

func (w *Writer) writeChunk(samples []Sample) error {
	w.seq++
	path := filepath.Join(w.dir, fmt.Sprintf("chunk-%d-%04d.npz", time.Now().Unix(), w.seq))
	err := writeNPZ(path, w.records.arrays(w.format, samples))
	if err == nil {
		w.written += len(samples)
	}
	return err
}
