package inference

import (
	"testing"

	"github.com/wallzero/wallzero/search"
)

// TestCacheClear: a cleared cache holds nothing and fills again; a nil
// cache clears without harm.
func TestCacheClear(t *testing.T) {
	t.Parallel()
	c := NewCache(1000)
	for k := uint64(0); k < 100; k++ {
		c.Put(k, search.Eval{Priors: []float32{1}})
	}
	c.Clear()
	for k := uint64(0); k < 100; k++ {
		if _, ok := c.Get(k); ok {
			t.Fatalf("key %d still cached after Clear", k)
		}
	}
	c.Put(7, search.Eval{Priors: []float32{1}})
	if _, ok := c.Get(7); !ok {
		t.Fatal("the cache does not fill again after Clear")
	}
	var none *Cache
	none.Clear()
}
