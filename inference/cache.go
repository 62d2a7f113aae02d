package inference

import (
	"sync"
	"sync/atomic"

	"github.com/wallzero/wallzero/search"
)

// cacheShards spreads the evaluation cache's lock.
const cacheShards = 16

// Cache is an evaluation cache keyed by FeatureKey: everything the network
// sees. It keeps two generations per shard: when the current one is full
// the previous is dropped (an approximate LRU with O(1) work). Safe for
// concurrent use.
type Cache struct {
	perGen       int
	shards       [cacheShards]cacheShard
	hits, misses atomic.Int64
}

type cacheShard struct {
	mu        sync.Mutex
	cur, prev map[uint64]search.Eval
}

// NewCache returns a cache holding about capacity evaluations (0 disables
// it: returns nil, and a nil *Cache is valid and empty).
func NewCache(capacity int) *Cache {
	if capacity <= 0 {
		return nil
	}
	c := &Cache{perGen: max(1, capacity/(2*cacheShards))}
	for i := range c.shards {
		c.shards[i].cur = make(map[uint64]search.Eval)
	}
	return c
}

// Get returns the cached evaluation for key.
func (c *Cache) Get(key uint64) (search.Eval, bool) {
	if c == nil {
		return search.Eval{}, false
	}
	s := &c.shards[key%cacheShards]
	s.mu.Lock()
	e, ok := s.cur[key]
	if !ok {
		if e, ok = s.prev[key]; ok {
			s.put(c.perGen, key, e)
		}
	}
	s.mu.Unlock()
	if ok {
		c.hits.Add(1)
	} else {
		c.misses.Add(1)
	}
	return e, ok
}

// Put stores an evaluation. Its slices must not be modified afterwards.
func (c *Cache) Put(key uint64, e search.Eval) {
	if c == nil {
		return
	}
	s := &c.shards[key%cacheShards]
	s.mu.Lock()
	s.put(c.perGen, key, e)
	s.mu.Unlock()
}

func (s *cacheShard) put(perGen int, key uint64, e search.Eval) {
	if len(s.cur) >= perGen {
		s.prev, s.cur = s.cur, make(map[uint64]search.Eval, perGen)
	}
	s.cur[key] = e
}

// Stats returns the number of hits and misses so far.
func (c *Cache) Stats() (hits, misses int64) {
	if c == nil {
		return 0, 0
	}
	return c.hits.Load(), c.misses.Load()
}
