package inference

import "github.com/wallzero/wallzero/search"

// Clear empties the cache (the analysis engine's clear_cache action). A
// nil cache stays empty.
func (c *Cache) Clear() {
	if c == nil {
		return
	}
	for i := range c.shards {
		s := &c.shards[i]
		s.mu.Lock()
		s.cur, s.prev = make(map[uint64]search.Eval), nil
		s.mu.Unlock()
	}
}
