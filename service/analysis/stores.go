package analysis

import (
	"context"

	"github.com/wallzero/wallzero/store"
)

// Cache is the analysis cache in the database: canonical positions'
// analyses by rules, model and visits (*store.Store implements it).
type Cache interface {
	// LookupAnalysis returns the cached analysis of key with at least
	// minVisits visits, and whether there is one.
	LookupAnalysis(ctx context.Context, key store.CacheKey, minVisits int) (store.CachedAnalysis, bool, error)
	// LookupAnalyses returns the cached analyses of many positions of one
	// rules and model, by canonical hash.
	LookupAnalyses(ctx context.Context, rules, model string, hashes []uint64, minVisits int) (map[uint64]store.CachedAnalysis, error)
	// SaveAnalyses stores analyses, keeping the one with more visits.
	SaveAnalyses(ctx context.Context, rows ...store.CachedAnalysis) error
}

var _ Cache = (*store.Store)(nil)
