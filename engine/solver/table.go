package solver

import "github.com/wallzero/wallzero/engine/grid"

// entry is one transposition-table slot: bounds on the exact value of the
// position with that hash (from its mover's view) and the best move found.
type entry struct {
	key    uint64
	lo, hi int16
	best   grid.Move
}

// table is a fixed-size, always-replace transposition table. Values are
// exact game values, not depth-limited estimates, so any stored bound is
// valid wherever the same position recurs.
type table struct {
	slots []entry
	mask  uint64
	sink  uint64 // what touch loads, kept so the loads are not dropped
}

// newTable returns a table of 2^bits slots.
func newTable(bits int) *table {
	return &table{slots: make([]entry, 1<<bits), mask: 1<<bits - 1}
}

// touch loads the slot of key into the cache ahead of get.
func (t *table) touch(key uint64) {
	t.sink ^= t.slots[key&t.mask].key
}

// get returns the slot of key, if present.
func (t *table) get(key uint64) (entry, bool) {
	e := t.slots[key&t.mask]
	return e, e.key == key && key != 0
}

// put stores bounds for key, narrowing those already stored for it.
func (t *table) put(key uint64, lo, hi Value, best grid.Move) {
	e := &t.slots[key&t.mask]
	if e.key == key {
		lo = max(lo, Value(e.lo))
		hi = min(hi, Value(e.hi))
		if best.Kind == 0 {
			best = e.best
		}
	}
	*e = entry{key: key, lo: int16(lo), hi: int16(hi), best: best}
}

// clear empties the table.
func (t *table) clear() { clear(t.slots) }
