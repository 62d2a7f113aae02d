package memstore

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/wallzero/wallzero/store"
)

// Prune applies r as store.Store.Prune does: ended jobs that finished
// longer than r.JobsAge ago are deleted, then cached analyses unused for
// longer than r.CacheAge, then the least recently used beyond
// r.CacheMaxRows. No job is ever lost (Pruned.Lost is 0), and each
// deleted job counts one finished River row (Pruned.RiverJobs).
func (s *Store) Prune(ctx context.Context, r store.Retention) (store.Pruned, error) {
	var p store.Pruned
	if err := s.usable(ctx); err != nil {
		return p, fmt.Errorf("memstore: prune: %w", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	t := now()
	if r.JobsAge > 0 {
		for id, j := range s.jobs {
			if !isActive(j.job.Status) && j.job.FinishedAt != nil && j.job.FinishedAt.Before(t.Add(-r.JobsAge)) {
				delete(s.jobs, id)
				p.Jobs++
			}
		}
		p.RiverJobs = p.Jobs
	}
	if r.CacheAge > 0 {
		for key, rows := range s.analyses {
			for v, a := range rows {
				if a.lastUsed.Before(t.Add(-r.CacheAge)) {
					delete(rows, v)
					p.ColdAnalyses++
				}
			}
			if len(rows) == 0 {
				delete(s.analyses, key)
			}
		}
	}
	if r.CacheMaxRows > 0 {
		type aged struct {
			key    store.CacheKey
			visits int
			a      *analysisRow
		}
		var all []aged
		for key, rows := range s.analyses {
			for v, a := range rows {
				all = append(all, aged{key, v, a})
			}
		}
		if int64(len(all)) > r.CacheMaxRows {
			// Most recently used first, as PostgreSQL orders them.
			slices.SortFunc(all, func(x, y aged) int {
				return cmp.Or(y.a.lastUsed.Compare(x.a.lastUsed), y.a.createdAt.Compare(x.a.createdAt))
			})
			for _, old := range all[r.CacheMaxRows:] {
				delete(s.analyses[old.key], old.visits)
				if len(s.analyses[old.key]) == 0 {
					delete(s.analyses, old.key)
				}
				p.OverCap++
			}
		}
	}
	return p, nil
}
