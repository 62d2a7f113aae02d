package solver

import (
	"time"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// Depth-first proof-number search (df-pn) for the outcome.
//
// Alpha-beta searches depth first in a fixed move order, so a defence that
// takes it down a long line holds the whole budget. Proof-number search
// instead expands the position where a proof (or disproof) looks nearest:
// each node carries a proof number (how many leaves still need to be won
// to prove the target) and a disproof number, and the search descends to
// the child with the smallest one for the side to move. df-pn (Nagai) does
// that depth first within thresholds, with the 1+epsilon rule of Pawlewicz
// and Lew so that it does not thrash between two near-equal children. The
// leaves are settled by the end of the game or by the same static bounds
// as alpha-beta, and the same tempo grouping applies (a grouped move keeps
// every child's value, so it keeps every target's outcome too). A new
// leaf's first numbers come from its bounds and a Voronoi guess of its
// territory (estimate), which order the search and never decide a proof.
// WallGo's game graph has no cycles (every turn builds a wall), so plain
// df-pn is sound here.
//
// Solve runs it after a share of the budget spent by alpha-beta without an
// outcome (Options.ProofNumbers); docs/solver.md links the measurements.

// pnInf is an infinite proof or disproof number.
const pnInf = uint64(1) << 40

// pnEpsilon is the 1+epsilon threshold factor's epsilon.
const pnEpsilon = 0.25

// pnTableBits sizes the df-pn table: 2^20 slots of 24 bytes.
const pnTableBits = 20

// pnEntry is a position's proof and disproof numbers for the current
// target.
type pnEntry struct{ pn, dn uint64 }

// proven and disproven report a settled entry.
func (e pnEntry) proven() bool    { return e.pn == 0 }
func (e pnEntry) disproven() bool { return e.dn == 0 }

// pnSlot is one slot of the df-pn table.
type pnSlot struct {
	key      uint64
	pn, dn   uint32
	gen      uint32 // the run that wrote it (older runs' slots are empty)
	interior bool   // a searched node, not a leaf's first estimate
}

// pnTable is a fixed-size table of proof and disproof numbers. A searched
// node's numbers replace anything; a leaf's first estimate never replaces
// a searched node's (with about a hundred children per node, leaves would
// otherwise crowd the searched nodes out). A lost entry is only work to
// redo: proofs are recomputed, never assumed.
type pnTable struct {
	slots []pnSlot
	mask  uint64
	gen   uint32
	sink  uint64 // what touch loads, kept so the loads are not dropped
}

func newPNTable(bits int) *pnTable {
	return &pnTable{slots: make([]pnSlot, 1<<bits), mask: 1<<bits - 1}
}

// touch loads the slot of key into the cache ahead of get.
func (t *pnTable) touch(key uint64) {
	t.sink ^= t.slots[key&t.mask].key
}

// get returns the numbers stored for key.
func (t *pnTable) get(key uint64) (pnEntry, bool) {
	sl := &t.slots[key&t.mask]
	if sl.key != key || sl.gen != t.gen || key == 0 {
		return pnEntry{}, false
	}
	return pnEntry{widen(sl.pn), widen(sl.dn)}, true
}

// put stores e for key, a searched node's numbers when interior.
func (t *pnTable) put(key uint64, e pnEntry, interior bool) {
	sl := &t.slots[key&t.mask]
	live := sl.gen == t.gen
	if !interior && live && sl.interior && sl.key != key {
		return
	}
	*sl = pnSlot{key: key, pn: narrow(e.pn), dn: narrow(e.dn), gen: t.gen, interior: interior || live && sl.key == key && sl.interior}
}

// reset empties the table for a new run (numbers are per target) by
// moving to the next generation; it is cleared only when that wraps.
func (t *pnTable) reset() {
	t.gen++
	if t.gen == 0 {
		clear(t.slots)
		t.gen = 1
	}
}

// narrow and widen keep numbers in 32 bits, infinity as the largest.
func narrow(x uint64) uint32 {
	if x >= pnInf {
		return 1<<32 - 1
	}
	return uint32(min(x, 1<<32-2))
}

func widen(x uint32) uint64 {
	if x == 1<<32-1 {
		return pnInf
	}
	return uint64(x)
}

// pnRun is one df-pn run: does the root's player reach target?
type pnRun struct {
	root   grid.Color
	target Value
	table  *pnTable
	// kids holds, per ply, the numbers of the children of the node being
	// searched there.
	kids [][]pnEntry
}

// proveOutcome settles the outcome of pos (in play) with two df-pn runs, a
// win (value at least 1) and then at least a draw, within what is left of
// the budget; Unknown when it runs out.
func (s *Solver) proveOutcome(pos *engine.Position) Outcome {
	for _, step := range [...]struct {
		target Value
		then   Outcome
	}{{1, Win}, {0, Draw}} {
		reached, settled := s.dfpn(pos, step.target)
		if !settled {
			return Unknown
		}
		if reached {
			return step.then
		}
	}
	return Loss
}

// pnWinningMove returns a root move whose child the last df-pn run proved
// (the run that proved the win), or nil.
func (s *Solver) pnWinningMove(pos *engine.Position) []grid.Move {
	r := &pnRun{root: pos.ToMove(), target: 1, table: s.pn}
	for _, m := range s.rootMoves(pos) {
		child := *pos
		child.Apply(m)
		if r.status(s, &child).proven() {
			return []grid.Move{m}
		}
	}
	return nil
}

// dfpn reports whether the root's player reaches at least target (won),
// and whether that was settled before the budget ran out.
func (s *Solver) dfpn(pos *engine.Position, target Value) (won, settled bool) {
	if s.pn == nil {
		s.pn = newPNTable(pnTableBits)
	}
	s.pn.reset()
	r := &pnRun{root: pos.ToMove(), target: target, table: s.pn}
	for !s.aborted {
		if e := r.status(s, pos); e.proven() || e.disproven() {
			return e.proven(), true
		}
		s.mid(r, pos, pnInf-1, pnInf-1, 0)
	}
	return false, false
}

// status returns the numbers of pos: settled by the end of the game, else
// from the table, else settled by the alpha-beta table's bounds or the
// static bounds where they can, else first estimates from the static
// bounds and the Voronoi guess (estimate). New leaves are stored.
func (r *pnRun) status(s *Solver, pos *engine.Position) pnEntry {
	if pos.IsOver() {
		if FinalValue(pos, r.root) >= r.target {
			return pnEntry{0, pnInf}
		}
		return pnEntry{pnInf, 0}
	}
	key := pos.Hash()
	if e, ok := r.table.get(key); ok {
		return e
	}
	e := pnEntry{1, 1}
	if ab, ok := s.tt.get(key); ok {
		// The alpha-beta share's bounds (exact game values) settle what
		// they can.
		e = r.settle(pos, Value(ab.lo), Value(ab.hi))
	}
	if e.pn != 0 && e.dn != 0 && s.stayAlways && !s.opts.NoBounds {
		b := boardOf(pos)
		sp := splitOf(pos, b)
		lo, hi := sp.bounds(s.tieBreak)
		e = r.settle(pos, lo, hi)
		if e.pn != 0 && e.dn != 0 {
			e = r.estimate(pos, lo, hi, nearer(pos, b, sp))
		}
	}
	r.table.put(key, e, false)
	return e
}

// pnLeafScale is the most a new leaf's first proof or disproof number
// exceeds 1 by from its bounds (see estimate).
const pnLeafScale = 4

// pnGuessScale and pnGuessSlope shape the part of a new leaf's first
// numbers that comes from the Voronoi guess of its territory (nearer):
// the guess's distance from the target, in squares, times the slope,
// around half the scale and within 0..scale.
const (
	pnGuessScale = 8
	pnGuessSlope = 2
)

// estimate returns the first numbers of a leaf whose static bounds lo..hi
// (from its mover's view) leave the target open, from two parts. The
// bounds give 1 plus up to pnLeafScale by where the target lies between
// them: a target just above what the root's player is sure of looks
// easier to prove than one near the most it could get, and the other way
// round for the disproof. The guess (nearer, the mover's territory margin
// in squares under a Voronoi split of the contested land) adds up to
// pnGuessScale: a leaf whose guess is well above the target looks easy to
// prove, one well below it easy to disprove. Only the order of the search
// changes, never what counts as proven. Each part proves more of the
// agent's endgames within a node budget than first numbers of (1, 1) for
// every leaf (docs/solver.md links the measurements).
func (r *pnRun) estimate(pos *engine.Position, lo, hi Value, guess int) pnEntry {
	if pos.ToMove() != r.root {
		lo, hi, guess = -hi, -lo, -guess
	}
	span := uint64(hi - lo)            // at least 1: lo < target <= hi
	need := uint64(r.target - lo)      // 1..span
	spare := uint64(hi - r.target + 1) // 1..span
	// How far the guess lies above the target, in whole squares (the
	// targets, 0 and 1 in value units, are both 0 squares).
	lean := pnGuessSlope * (guess - int(r.target)/regionWeight)
	return pnEntry{
		1 + pnLeafScale*need/span + uint64(clamp(pnGuessScale/2-lean, 0, pnGuessScale)),
		1 + pnLeafScale*spare/span + uint64(clamp(pnGuessScale/2+lean, 0, pnGuessScale)),
	}
}

// clamp returns x within lo..hi.
func clamp(x, lo, hi int) int { return max(lo, min(hi, x)) }

// settle returns the numbers that bounds lo..hi on the value of pos (from
// its mover's view) give: proven when even lo reaches the target for the
// root's player, disproven when even hi falls short, else (1, 1).
func (r *pnRun) settle(pos *engine.Position, lo, hi Value) pnEntry {
	if pos.ToMove() != r.root {
		lo, hi = -hi, -lo
	}
	switch {
	case lo >= r.target:
		return pnEntry{0, pnInf}
	case hi < r.target:
		return pnEntry{pnInf, 0}
	}
	return pnEntry{1, 1}
}

// mid searches pos until its proof number reaches thpn or its disproof
// number thdn, or it is settled (Nagai's multiple iterative deepening).
func (s *Solver) mid(r *pnRun, pos *engine.Position, thpn, thdn uint64, ply int) {
	if s.tick() {
		return
	}
	b := boardOf(pos)
	moves := s.moves(pos, ply, b, splitOf(pos, b))
	buf := &s.bufs[ply]
	buf.children = buf.children[:len(moves)]
	for len(r.kids) <= ply {
		r.kids = append(r.kids, make([]pnEntry, 0, engine.MaxMoves))
	}
	kids := r.kids[ply][:len(moves)]
	for i, m := range moves {
		buf.children[i] = *pos
		buf.children[i].Apply(m)
	}
	// The children's slots lie all over two tables of megabytes: load
	// them in one tight loop, where the misses overlap, before status
	// reads them one by one (waiting for them in turn dominated df-pn's
	// time).
	for i := range buf.children {
		key := buf.children[i].Hash()
		r.table.touch(key)
		s.tt.touch(key)
	}
	for i := range kids {
		kids[i] = r.status(s, &buf.children[i])
	}
	// At the root player's turns (OR nodes) one proven child proves the
	// node; at the opponent's (AND nodes) every child must be.
	or := pos.ToMove() == r.root
	key := pos.Hash()
	for {
		pn, dn, best, runnerUp := combine(kids, or)
		r.table.put(key, pnEntry{pn, dn}, true)
		if pn >= thpn || dn >= thdn || pn == 0 || dn == 0 {
			return
		}
		var cpn, cdn uint64
		if or {
			cpn = min(thpn, grow(runnerUp))
			cdn = thdn - dn + kids[best].dn
		} else {
			cdn = min(thdn, grow(runnerUp))
			cpn = thpn - pn + kids[best].pn
		}
		s.mid(r, &buf.children[best], cpn, cdn, ply+1)
		if s.aborted {
			return
		}
		kids[best] = r.status(s, &buf.children[best])
	}
}

// combine returns a node's numbers from its children's, the child to
// search next (the smallest proof number at an OR node, disproof number at
// an AND node; the first of equals) and the runner-up's number. An AND
// node is an OR node with the two numbers swapped.
func combine(kids []pnEntry, or bool) (pn, dn uint64, best int, runnerUp uint64) {
	best, runnerUp = -1, pnInf
	least, sum := pnInf, uint64(0)
	for i, e := range kids {
		x, y := e.pn, e.dn
		if !or {
			x, y = y, x
		}
		sum = min(pnInf, sum+y)
		if best < 0 || x < least {
			runnerUp = min(runnerUp, least)
			least, best = x, i
		} else {
			runnerUp = min(runnerUp, x)
		}
	}
	if or {
		return least, sum, best, runnerUp
	}
	return sum, least, best, runnerUp
}

// grow returns the threshold for the best child: the runner-up's number
// times 1+epsilon, at least one more than it, capped at infinity.
func grow(x uint64) uint64 {
	if x >= pnInf {
		return pnInf
	}
	return min(pnInf, max(x+1, uint64(float64(x)*(1+pnEpsilon))+1))
}

// alphaBetaShare is the share of a Solve budget that the alpha-beta
// outcome search gets before df-pn takes over (Options.ProofNumbers).
const alphaBetaShare = 0.2

// shareBudget limits the current search to share of the budget of this
// Solve call: the node and time limits are lowered, to be restored by the
// returned function (which also clears an abort that only the share
// caused).
func (s *Solver) shareBudget(share float64) (restore func()) {
	limit, deadline := s.limit, s.deadline
	if limit > 0 {
		s.limit = max(1, int64(float64(limit)*share))
	}
	if !deadline.IsZero() {
		s.deadline = s.start.Add(time.Duration(float64(deadline.Sub(s.start)) * share))
	}
	return func() {
		s.limit, s.deadline = limit, deadline
		if s.aborted && (limit == 0 || s.nodes <= limit) && (deadline.IsZero() || time.Now().Before(deadline)) {
			s.aborted = false
		}
	}
}
