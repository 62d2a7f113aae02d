package search

import (
	"sort"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/engine/solver"
)

// Proofs (MCTS-solver). In two-player games a node can carry a proven
// result: a finished game is proven by its score, and a position where the
// exact solver (engine/solver) finishes within Config.ProofNodes at
// expansion is proven by it. Proofs flow up the tree: a node is a proven
// win for the player to move when one child is, and proven when all its
// children are (the best of them). Selection never enters a proven loss
// while a sibling is not one, a visit to a proven node backs up its exact
// result instead of an estimate, and the result lists proven wins first and
// proven losses last.

// Proof is a proven game result from the mover's point of view.
type Proof struct {
	// Outcome is solver.Win, solver.Draw or solver.Loss.
	Outcome solver.Outcome
	// Exact reports that Margin (the final territory difference under best
	// play) is known.
	Exact bool
	// Margin is the territory margin when Exact.
	Margin int
}

// proof is the proven result of a node from its mover's point of view;
// outcome Unknown when unproven.
type proof struct {
	outcome solver.Outcome
	exact   bool
	value   solver.Value
}

// known reports whether the node is proven.
func (p proof) known() bool { return p.outcome != solver.Unknown }

// negate returns the proof seen from the other player.
func (p proof) negate() proof {
	return proof{outcome: p.outcome.Negate(), exact: p.exact, value: -p.value}
}

// export returns the public form of p, or nil when unproven.
func (p proof) export() *Proof {
	if !p.known() {
		return nil
	}
	out := &Proof{Outcome: p.outcome, Exact: p.exact}
	if p.exact {
		out.Margin = p.value.Margin()
	}
	return out
}

// proofsOn reports whether proofs are kept for pos's game.
func (s *Search) proofsOn(pos *engine.Position) bool {
	return s.cfg.Proofs && pos.Players() == 2
}

// proveTerminal records the result of the finished game pos at node n.
func (s *Search) proveTerminal(n *node, pos *engine.Position) {
	if !s.proofsOn(pos) {
		return
	}
	v := solver.FinalValue(pos, n.mover)
	n.proof = proof{outcome: v.Outcome(), exact: true, value: v}
}

// proofBudget returns the solver's node budget for the freshly expanded
// node n at pos, 0 when it is not worth proving: proofs off, not the play
// phase, already proven, or too far from the end (more than ProofMaxSlots
// open wall slots in contested regions).
func (s *Search) proofBudget(n *node, pos *engine.Position) int {
	if !s.proofsOn(pos) || pos.Phase() != engine.Play || n.proof.known() {
		return 0
	}
	budget := s.cfg.ProofNodes
	if n == s.root {
		budget = max(budget, s.cfg.RootProofNodes)
	}
	if budget <= 0 || solver.ContestedSlots(pos) > s.cfg.ProofMaxSlots {
		return 0
	}
	return budget
}

// proveAtExpansion runs the solver on pos, the position of the freshly
// expanded node n, within budget nodes (see proofBudget); a proven result
// is stored at n, and the winning or optimal moves it names at their
// children.
func (s *Search) proveAtExpansion(n *node, pos *engine.Position, budget int) {
	if budget <= 0 || n.proof.known() {
		return
	}
	if s.solver == nil {
		s.solver = solver.New(solver.Options{TableBits: 16})
	}
	s.solver.SetBudget(int64(budget), 0)
	res := s.solver.Solve(pos)
	if res.Outcome == solver.Unknown {
		return
	}
	p := proof{outcome: res.Outcome, exact: res.Exact, value: res.Value} // player to move's view
	for _, m := range res.Best {
		if c := s.takeMove(n, m); c != nil && !c.proof.known() {
			c.proof = p
		}
	}
	if n.mover != pos.ToMove() {
		p = p.negate()
	}
	n.proof = p
}

// pendingProof is a node expanded but not yet given to the solver, with
// its position and the path from the root that leads to it.
type pendingProof struct {
	n      *node
	pos    engine.Position
	path   []*node
	budget int
}

// deferProof queues the freshly expanded node n (below the root) for the
// solver: provePending runs it during the next network call.
func (s *Search) deferProof(n *node, pos *engine.Position, path []*node) {
	if n == s.root {
		return
	}
	if budget := s.proofBudget(n, pos); budget > 0 {
		s.pending = append(s.pending, pendingProof{n: n, pos: *pos, path: path, budget: budget})
	}
}

// provePending runs the solver on the queued nodes, in the order they were
// expanded (so a search stays deterministic for its seed), and lets what it
// proves flow up their paths.
func (s *Search) provePending() {
	for _, p := range s.pending {
		s.proveAtExpansion(p.n, &p.pos, p.budget)
		if p.n.proof.known() {
			s.propagateProofs(p.path)
		}
	}
	s.pending = s.pending[:0]
}

// propagateProofs updates the proofs of path's nodes from their children,
// deepest first.
func (s *Search) propagateProofs(path []*node) {
	if !s.cfg.Proofs {
		return
	}
	for i := len(path) - 1; i >= 0; i-- {
		n := path[i]
		if n.proof.known() && n.proof.exact || len(n.kids) == 0 {
			continue
		}
		if p, ok := fromChildren(n); ok {
			n.proof = p
		}
	}
}

// fromChildren derives n's proof from its children's, if they prove it.
func fromChildren(n *node) (proof, bool) {
	toMove := n.toMove
	all, allExact := n.allTaken(), n.allTaken() // a move without a node is unproven
	var best proof
	var win *proof
	for _, k := range n.kids {
		c := &k.proof
		if !c.known() {
			all, allExact = false, false
			continue
		}
		if !c.exact {
			allExact = false
		}
		if c.outcome == solver.Win && (win == nil || c.exact && (!win.exact || c.value > win.value)) {
			win = c
		}
		if best.outcome == solver.Unknown || rank(*c) > rank(best) {
			best = *c
		}
	}
	var p proof
	switch {
	case all:
		p = best
		p.exact = allExact
	case win != nil:
		p = proof{outcome: solver.Win}
	default:
		return proof{}, false
	}
	if n.proof.known() && !p.exact {
		return proof{}, false
	}
	if n.mover != toMove {
		p = p.negate()
	}
	return p, true
}

// rank orders proofs for the player choosing among them: by outcome, then
// by exact value.
func rank(p proof) int {
	r := 0
	switch p.outcome {
	case solver.Win:
		r = 2 << 20
	case solver.Draw:
		r = 1 << 20
	}
	if p.exact {
		r += int(p.value)
	}
	return r
}

// proofLeaf is what a visit to the proven node n backs up: its exact
// result.
func proofLeaf(n *node) leafValue {
	lv := leafValue{marginFor: n.mover, hasMargin: n.proof.exact, margin: float32(n.proof.value.Margin())}
	switch n.proof.outcome {
	case solver.Win:
		lv.util[n.mover] = 1
	case solver.Loss:
		lv.util[1-n.mover] = 1
	default:
		lv.util[0], lv.util[1] = 0.5, 0.5
	}
	return lv
}

// avoidLoss reports whether selection at n should skip child c: c is a
// proven loss for the player choosing and some sibling is not.
func avoidLoss(n, c *node) bool {
	if c.proof.outcome != solver.Loss {
		return false
	}
	if !n.allTaken() {
		return true // a move without a node is unproven
	}
	for _, k := range n.kids {
		if k.proof.outcome != solver.Loss {
			return true
		}
	}
	return false
}

// orderByProof attaches the proofs to r and reorders its moves: moves that
// win at once first, then other proven wins, proven losses last, each group
// in the search's order.
func (s *Search) orderByProof(r *Result) {
	if !s.cfg.Proofs {
		return
	}
	r.Proof = s.root.proof.export()
	byMove := make(map[grid.Move]*node, len(s.root.kids))
	for _, c := range s.root.kids {
		byMove[c.move] = c
	}
	for i := range r.Moves {
		r.Moves[i].Proof = byMove[r.Moves[i].Move].proof.export()
	}
	group := func(n *node) int {
		switch n.proof.outcome {
		case solver.Win:
			if n.state == terminal {
				return 0
			}
			return 1
		case solver.Loss:
			return 3
		}
		return 2
	}
	sort.SliceStable(r.Moves, func(a, b int) bool {
		return group(byMove[r.Moves[a].Move]) < group(byMove[r.Moves[b].Move])
	})
}
