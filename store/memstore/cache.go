package memstore

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/wallzero/wallzero/store"
)

// analysisRow is a row of the analyses table besides its key.
type analysisRow struct {
	analysis  []byte
	createdAt time.Time
	lastUsed  time.Time
}

// LookupAnalysis returns the cached analysis of key with the most visits,
// if it has at least minVisits, and records its use as store.Store does
// (at most once per store.TouchAfter).
func (s *Store) LookupAnalysis(ctx context.Context, key store.CacheKey, minVisits int) (store.CachedAnalysis, bool, error) {
	if err := s.usable(ctx); err != nil {
		return store.CachedAnalysis{}, false, fmt.Errorf("memstore: lookup analysis: %w", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	row, ok := s.best(key, minVisits)
	return row, ok, nil
}

// best returns key's row with the most visits, at least minVisits, and
// touches it; the caller holds s.mu.
func (s *Store) best(key store.CacheKey, minVisits int) (store.CachedAnalysis, bool) {
	rows := s.analyses[key]
	visits, found := 0, (*analysisRow)(nil)
	for v, r := range rows {
		if v >= minVisits && v > visits {
			visits, found = v, r
		}
	}
	if found == nil {
		return store.CachedAnalysis{}, false
	}
	out := store.CachedAnalysis{Key: key, Visits: visits, Analysis: clone(found.analysis), CreatedAt: found.createdAt}
	t := now()
	if t.Sub(found.lastUsed) > store.TouchAfter {
		// store.Store touches every stale row of the position, not only
		// the one it returns.
		for _, r := range rows {
			if t.Sub(r.lastUsed) > store.TouchAfter {
				r.lastUsed = t
			}
		}
	}
	return out, true
}

// LookupAnalyses returns, for each of hashes that has one, the cached
// analysis (rules, model) with the most visits, if it has at least
// minVisits.
func (s *Store) LookupAnalyses(ctx context.Context, rules, model string, hashes []uint64, minVisits int) (map[uint64]store.CachedAnalysis, error) {
	if err := s.usable(ctx); err != nil {
		return nil, fmt.Errorf("memstore: lookup analyses: %w", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make(map[uint64]store.CachedAnalysis)
	for _, h := range hashes {
		if r, ok := s.best(store.CacheKey{CanonicalHash: h, Rules: rules, Model: model}, minVisits); ok {
			out[h] = r
		}
	}
	return out, nil
}

// SaveAnalyses stores analyses, replacing rows with the same key and
// visits. Nothing is saved when one of rows is invalid (visits not
// positive, analysis not JSON).
func (s *Store) SaveAnalyses(ctx context.Context, rows ...store.CachedAnalysis) error {
	if err := s.usable(ctx); err != nil {
		return fmt.Errorf("memstore: save analyses: %w", err)
	}
	for _, r := range rows {
		if r.Visits <= 0 {
			return fmt.Errorf("memstore: save analysis: visits %d must be positive", r.Visits)
		}
		if !json.Valid(r.Analysis) {
			return fmt.Errorf("memstore: save analysis %016x: analysis is not JSON", r.Key.CanonicalHash)
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	t := now()
	for _, r := range rows {
		if s.analyses[r.Key] == nil {
			s.analyses[r.Key] = map[int]*analysisRow{}
		}
		s.analyses[r.Key][r.Visits] = &analysisRow{analysis: clone(r.Analysis), createdAt: t, lastUsed: t}
	}
	return nil
}

// CountAnalyses returns the number of cached analyses.
func (s *Store) CountAnalyses(ctx context.Context) (int64, error) {
	if err := s.usable(ctx); err != nil {
		return 0, fmt.Errorf("memstore: count analyses: %w", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, rows := range s.analyses {
		n += len(rows)
	}
	return int64(n), nil
}

// SetAnalysisLastUsed sets when every cached analysis of key was last
// used, for tests of retention (PostgreSQL's tests do it in SQL).
func (s *Store) SetAnalysisLastUsed(key store.CacheKey, t time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, r := range s.analyses[key] {
		r.lastUsed = t
	}
}

// clone copies b (nil stays nil).
func clone(b []byte) []byte {
	if b == nil {
		return nil
	}
	return append([]byte{}, b...)
}
