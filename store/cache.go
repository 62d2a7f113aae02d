package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// CacheKey identifies cached analyses of one position, apart from their
// visit budget.
type CacheKey struct {
	// CanonicalHash is the position's symmetry-canonical hash.
	CanonicalHash uint64
	// Rules is the normalized rules' string form.
	Rules string
	// Model is the evaluator's model id.
	Model string
}

// CachedAnalysis is one row of the analysis cache.
type CachedAnalysis struct {
	Key CacheKey
	// Visits is the search budget the analysis was made with.
	Visits int
	// Analysis is the analysis as JSON, in the canonical orientation.
	Analysis []byte
	// CreatedAt is when the analysis was stored (set by the lookups).
	CreatedAt time.Time
}

// TouchAfter: a cache hit records its time in last_used_at (which the
// retention job reads) only when the stored time is older than this, so
// a hot row is written at most once an hour, not on every read.
const TouchAfter = time.Hour

// LookupAnalysis returns the cached analysis of key with the most visits,
// if it has at least minVisits.
func (s *Store) LookupAnalysis(ctx context.Context, key CacheKey, minVisits int) (CachedAnalysis, bool, error) {
	row := CachedAnalysis{Key: key}
	var lastUsed time.Time
	err := s.pool.QueryRow(ctx, `
		SELECT visits, analysis, created_at, last_used_at FROM analyses
		WHERE canonical_hash = $1 AND rules = $2 AND model = $3 AND visits >= $4
		ORDER BY visits DESC LIMIT 1`,
		int64(key.CanonicalHash), key.Rules, key.Model, minVisits).Scan(&row.Visits, &row.Analysis, &row.CreatedAt, &lastUsed)
	if errors.Is(err, pgx.ErrNoRows) {
		return CachedAnalysis{}, false, nil
	}
	if err != nil {
		return CachedAnalysis{}, false, fmt.Errorf("store: lookup analysis: %w", err)
	}
	if time.Since(lastUsed) > TouchAfter {
		s.touch(ctx, key.Rules, key.Model, []int64{int64(key.CanonicalHash)})
	}
	return row, true, nil
}

// touch records that the analyses of hashes (rules, model) were just used;
// a failure is only logged (the hit was served).
func (s *Store) touch(ctx context.Context, rules, model string, hashes []int64) {
	_, err := s.pool.Exec(ctx, `
		UPDATE analyses SET last_used_at = now()
		WHERE rules = $1 AND model = $2 AND canonical_hash = ANY($3) AND last_used_at < now() - make_interval(secs => $4)`,
		rules, model, hashes, TouchAfter.Seconds())
	if err != nil {
		s.logger.Warn("recording cache use failed", "error", err)
	}
}

// lookupChunk bounds the hashes of one LookupAnalyses query.
const lookupChunk = 1000

// LookupAnalyses returns, for each of hashes that has one, the cached
// analysis (rules, model) with the most visits, if it has at least
// minVisits: one query per thousand hashes.
func (s *Store) LookupAnalyses(ctx context.Context, rules, model string, hashes []uint64, minVisits int) (map[uint64]CachedAnalysis, error) {
	out := make(map[uint64]CachedAnalysis)
	for start := 0; start < len(hashes); start += lookupChunk {
		chunk := hashes[start:min(len(hashes), start+lookupChunk)]
		ids := make([]int64, len(chunk))
		for i, h := range chunk {
			ids[i] = int64(h)
		}
		rows, err := s.pool.Query(ctx, `
			SELECT DISTINCT ON (canonical_hash) canonical_hash, visits, analysis, created_at, last_used_at FROM analyses
			WHERE rules = $1 AND model = $2 AND visits >= $3 AND canonical_hash = ANY($4)
			ORDER BY canonical_hash, visits DESC`, rules, model, minVisits, ids)
		if err != nil {
			return nil, fmt.Errorf("store: lookup analyses: %w", err)
		}
		var stale []int64
		for rows.Next() {
			var h int64
			var lastUsed time.Time
			r := CachedAnalysis{Key: CacheKey{Rules: rules, Model: model}}
			if err := rows.Scan(&h, &r.Visits, &r.Analysis, &r.CreatedAt, &lastUsed); err != nil {
				rows.Close()
				return nil, fmt.Errorf("store: lookup analyses: %w", err)
			}
			r.Key.CanonicalHash = uint64(h)
			out[r.Key.CanonicalHash] = r
			if time.Since(lastUsed) > TouchAfter {
				stale = append(stale, h)
			}
		}
		if err := rows.Err(); err != nil {
			return nil, fmt.Errorf("store: lookup analyses: %w", err)
		}
		if len(stale) > 0 {
			s.touch(ctx, rules, model, stale)
		}
	}
	return out, nil
}

// SaveAnalyses stores analyses (one round trip for all of them), replacing
// rows with the same key and visits.
func (s *Store) SaveAnalyses(ctx context.Context, rows ...CachedAnalysis) error {
	if len(rows) == 0 {
		return nil
	}
	var b pgx.Batch
	for _, r := range rows {
		if r.Visits <= 0 {
			return fmt.Errorf("store: save analysis: visits %d must be positive", r.Visits)
		}
		b.Queue(`
			INSERT INTO analyses (canonical_hash, rules, model, visits, analysis)
			VALUES ($1, $2, $3, $4, $5)
			ON CONFLICT (canonical_hash, rules, model, visits)
			DO UPDATE SET analysis = EXCLUDED.analysis, created_at = now(), last_used_at = now()`,
			int64(r.Key.CanonicalHash), r.Key.Rules, r.Key.Model, r.Visits, r.Analysis)
	}
	if err := s.pool.SendBatch(ctx, &b).Close(); err != nil {
		return fmt.Errorf("store: save analyses: %w", err)
	}
	return nil
}

// CountAnalyses returns the number of cached analyses.
func (s *Store) CountAnalyses(ctx context.Context) (int64, error) {
	var n int64
	err := s.pool.QueryRow(ctx, "SELECT count(*) FROM analyses").Scan(&n)
	return n, err
}
