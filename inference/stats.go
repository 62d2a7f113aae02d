package inference

import (
	"sync/atomic"
	"time"
)

// batchStats counts the network calls of a Batcher.
type batchStats struct {
	batches atomic.Int64
	samples atomic.Int64
	nanos   atomic.Int64
	sizes   []atomic.Int64 // sizes[n]: batches of n samples
}

func (s *batchStats) record(n int, d time.Duration) {
	s.batches.Add(1)
	s.samples.Add(int64(n))
	s.nanos.Add(int64(d))
	if n < len(s.sizes) {
		s.sizes[n].Add(1)
	}
}

// BatchStats is a snapshot of a Batcher's counters.
type BatchStats struct {
	// Batches and Samples count network calls and the positions in them.
	Batches int64
	Samples int64
	// NetworkTime is the total time spent in network calls.
	NetworkTime time.Duration
	// Sizes[n] counts the batches of n positions.
	Sizes []int64
	// CacheHits and CacheMisses count evaluation cache lookups.
	CacheHits, CacheMisses int64
}

// MeanBatch returns the mean batch size.
func (s BatchStats) MeanBatch() float64 {
	if s.Batches == 0 {
		return 0
	}
	return float64(s.Samples) / float64(s.Batches)
}

// Stats returns the batcher's counters.
func (b *Batcher) Stats() BatchStats {
	s := BatchStats{
		Batches:     b.stats.batches.Load(),
		Samples:     b.stats.samples.Load(),
		NetworkTime: time.Duration(b.stats.nanos.Load()),
		Sizes:       make([]int64, len(b.stats.sizes)),
	}
	for i := range b.stats.sizes {
		s.Sizes[i] = b.stats.sizes[i].Load()
	}
	s.CacheHits, s.CacheMisses = b.cache.Stats()
	return s
}
