package search

import (
	"sort"
	"time"

	"github.com/wallzero/wallzero/engine/grid"
)

// MaxPV is the longest principal variation reported.
const MaxPV = 12

// MoveInfo is the analysis of one candidate move at the root.
type MoveInfo struct {
	Move grid.Move
	// Visits is the number of playouts through the move.
	Visits int
	// Winrate is the mover's mean utility after the move (1 win, 0 loss,
	// 0.5 a two-player draw); the prior-based estimate when unvisited.
	Winrate float32
	// Prior is the evaluator's probability for the move (before noise).
	Prior float32
	// LCB is a lower confidence bound of Winrate.
	LCB float32
	// Margin is the expected territory margin for the mover, when known
	// (HasMargin): with two players the mover's land minus the other's,
	// with three or four the mover's entry of PlayerLeads.
	Margin    float32
	HasMargin bool
	// PV is the principal variation starting with Move.
	PV []grid.Move
	// Proof is the proven result after the move, from the mover's view
	// (nil when unproven; see Config.Proofs).
	Proof *Proof
	// Order is the move's rank, 0 for the best.
	Order int
	// PlayerWinrates is every player's mean utility after the move, by
	// colour (three or four players, visited moves; nil otherwise).
	PlayerWinrates []float32
	// PlayerLeads is every player's mean lead in squares after the move
	// (Eval.Leads), by colour: three or four players, visited moves whose
	// evaluations had leads; nil otherwise.
	PlayerLeads []float32
}

// Result is the analysis of the root position.
type Result struct {
	// Moves holds every legal root move, best first.
	Moves []MoveInfo
	// Best is the chosen move: the most visited one, or the sequential-
	// halving winner with Gumbel root selection.
	Best grid.Move
	// ToMove is the player to move at the root.
	ToMove grid.Color
	// Visits is the number of playouts at the root, Evaluations the number
	// of positions this search sent to the evaluator in all its runs.
	Visits      int
	Evaluations int
	// Winrate is the player to move's mean utility over the search.
	Winrate float32
	// Margin is the expected territory margin of the player to move
	// (HasMargin; with three or four players its entry of PlayerLeads).
	Margin    float32
	HasMargin bool
	// Raw is the evaluator's own evaluation of the root.
	Raw Eval
	// Ownership is the evaluator's ownership prediction at the root (nil if
	// it has none), from the player to move's view.
	Ownership *[grid.NumSquares]float32
	// ImprovedPolicy holds, for Moves in the order of the root's legal
	// move list (LegalMoves), the Gumbel improved policy
	// softmax(logit + sigma(completed q)): a training target.
	ImprovedPolicy []float32
	// Hash and CanonicalHash identify the root position; Symmetry maps it
	// to its canonical form.
	Hash          uint64
	CanonicalHash uint64
	Symmetry      grid.Symmetry
	// Elapsed is the time the run took.
	Elapsed time.Duration
	// Proof is the proven result of the root for the player to move (nil
	// when unproven).
	Proof *Proof
	// PlayerWinrates is every player's mean utility over the search, by
	// colour (three or four players; nil with two, where the player to
	// move's Winrate says it all, or before any visit).
	PlayerWinrates []float32
	// PlayerLeads is every player's mean lead in squares over the search,
	// by colour (three or four players whose evaluations had leads; nil
	// otherwise).
	PlayerLeads []float32
}

// result assembles the Result of the current tree.
func (s *Search) result(elapsed time.Duration) *Result {
	r := &Result{
		ToMove:      s.rootPos.ToMove(),
		Visits:      int(s.root.visits),
		Evaluations: s.evals,
		Raw:         s.rootRaw,
		Ownership:   s.rootOwnership,
		Hash:        s.rootPos.Hash(),
		Elapsed:     elapsed,
	}
	r.CanonicalHash, r.Symmetry = s.rootPos.CanonicalHash()
	children := s.root.kids
	var sum float64
	var n int32
	fpu := s.root.valueToMove
	for i, c := range children {
		sum += c.utilSum
		n += c.visits
		mi := MoveInfo{
			Move:    c.move,
			Visits:  int(c.visits),
			Winrate: c.q(fpu),
			Prior:   s.rootPriors[i],
			LCB:     c.lcb(s.cfg.LCBStdDevs),
			PV:      s.pv(c),
		}
		if c.marginN > 0 {
			mi.Margin, mi.HasMargin = float32(c.marginSum/float64(c.marginN)), true
		}
		if s.multi != nil {
			k := s.multi.kids[c]
			mi.PlayerWinrates = k.means(s.rootPos.Players())
			if mi.PlayerLeads = k.leadMeans(s.rootPos.Players()); mi.PlayerLeads != nil {
				mi.Margin, mi.HasMargin = mi.PlayerLeads[s.rootPos.ToMove()], true
			}
		}
		r.Moves = append(r.Moves, mi)
	}
	r.Winrate = fpu
	if n > 0 {
		r.Winrate = float32(sum / float64(n))
	}
	r.Margin, r.HasMargin = s.childrenMargin()
	if s.multi != nil {
		t := s.multi.total()
		r.PlayerWinrates = t.means(s.rootPos.Players())
		if r.PlayerLeads = t.leadMeans(s.rootPos.Players()); r.PlayerLeads != nil {
			r.Margin, r.HasMargin = r.PlayerLeads[r.ToMove], true
		}
	}
	r.ImprovedPolicy = s.improvedPolicy()
	sort.SliceStable(r.Moves, func(a, b int) bool {
		x, y := &r.Moves[a], &r.Moves[b]
		if x.Visits != y.Visits {
			return x.Visits > y.Visits
		}
		if x.Winrate != y.Winrate {
			return x.Winrate > y.Winrate
		}
		return x.Prior > y.Prior
	})
	if s.gumbel != nil {
		best := s.gumbel.best(s).move
		for i := range r.Moves {
			if r.Moves[i].Move == best {
				mi := r.Moves[i]
				copy(r.Moves[1:i+1], r.Moves[:i])
				r.Moves[0] = mi
				break
			}
		}
	}
	s.orderByProof(r)
	for i := range r.Moves {
		r.Moves[i].Order = i
	}
	if len(r.Moves) > 0 {
		r.Best = r.Moves[0].Move
	}
	return r
}

// pv returns the principal variation from child c of the root.
func (s *Search) pv(c *node) []grid.Move {
	pv := []grid.Move{c.move}
	for n := c.mostVisited(); n != nil && len(pv) < MaxPV; n = n.mostVisited() {
		pv = append(pv, n.move)
	}
	return pv
}

// improvedPolicy returns softmax(logit + sigma(completed q)) over the root
// children, unvisited children completed with the root's value estimate.
func (s *Search) improvedPolicy() []float32 {
	children := s.root.kids
	out := make([]float32, len(children))
	if len(children) == 0 {
		return out
	}
	var vsum float64
	var vn int32
	for _, c := range children {
		vsum += c.utilSum
		vn += c.visits
	}
	completed := s.root.valueToMove
	if vn > 0 {
		completed = float32(vsum / float64(vn))
	}
	for i := range children {
		out[i] = logit(s.rootPriors[i]) + sigma(s, children[i].q(completed))
	}
	Softmax(out)
	return out
}
