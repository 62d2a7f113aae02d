package search

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/engine/solver"
)

// Search is the search tree of one game position. It is not safe for
// concurrent use: one goroutine drives it, and many Searches may run at once
// over one shared Evaluator.
type Search struct {
	cfg     Config
	eval    Evaluator
	rootPos engine.Position
	// history holds the positions before the root, most recent first.
	history []engine.Position
	root    *node
	// rootPriors holds the root children's priors before noise.
	rootPriors []float32
	rng        *rand.Rand
	// rootOwnership is the evaluator's ownership at the root, if any.
	rootOwnership *[grid.NumSquares]float32
	rootRaw       Eval
	// scoreCenter is the root's mean margin for its player to move when the
	// run started: the centre of the score utility (Config.ScoreUtility).
	scoreCenter float32
	// scoreEpoch numbers the runs: a node's cached score utility from an
	// earlier run (another centre, perhaps other settings) is stale.
	scoreEpoch uint32
	gumbel     *gumbelState
	evals      int
	// solver proves positions at expansion (see proof.go); pending holds
	// the nodes expanded by the last evaluated batch, proved while the
	// network evaluates the next one.
	solver  *solver.Solver
	pending []pendingProof
	// slab holds the nodes newNode hands out next.
	slab []node
	// spare holds requests whose leaves have been backed up, reused by
	// newRequest (with their move buffers): the evaluator is done with a
	// request once Evaluate has returned without error.
	spare []*Request
	// multi holds every player's utility sums of the root and its
	// children in a search of three or four players (nil with two).
	multi *multiSums
}

// ErrGameOver is returned when the root position has no moves.
var ErrGameOver = errors.New("search: the game is over")

// New returns a search of pos. history holds the positions before pos, most
// recent first (only the first HistoryLen are used; nil is fine).
func New(eval Evaluator, cfg Config, pos engine.Position, history []engine.Position) (*Search, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if pos.IsOver() {
		return nil, ErrGameOver
	}
	s := &Search{cfg: cfg, eval: eval, rootPos: pos, rng: rand.New(rand.NewPCG(cfg.Seed, cfg.Seed^0x5EA4C4))}
	s.setHistory(history)
	s.root = &node{mover: pos.ToMove()}
	s.resetPlayerSums()
	return s, nil
}

// setHistory keeps the first HistoryLen positions of h.
func (s *Search) setHistory(h []engine.Position) {
	if len(h) > HistoryLen {
		h = h[:HistoryLen]
	}
	s.history = append(s.history[:0], h...)
}

// Position returns the root position.
func (s *Search) Position() engine.Position { return s.rootPos }

// SetConfig changes the settings for the next Run (tree kept).
func (s *Search) SetConfig(cfg Config) error {
	if err := cfg.Validate(); err != nil {
		return err
	}
	s.cfg = cfg
	return nil
}

// Advance plays m at the root and keeps the subtree below it (tree reuse
// along a game). m must be legal.
func (s *Search) Advance(m grid.Move) error {
	if err := s.rootPos.CheckMove(m); err != nil {
		return fmt.Errorf("search: advance %s: %w", m, err)
	}
	prev := s.rootPos
	s.rootPos.Apply(m)
	s.setHistory(append([]engine.Position{prev}, s.history...))
	s.gumbel = nil
	s.rootOwnership = nil
	s.resetPlayerSums()
	var next *node
	if c := s.root.child(m); c != nil && c.state == expanded {
		next = c
	}
	if next == nil || s.rootPos.IsOver() {
		s.root = &node{mover: s.rootPos.ToMove()}
		s.rootPriors = nil
		return nil
	}
	detached := *next
	s.root = &detached
	// The kept node was evaluated as a child and its evaluation is not
	// stored: the old root's would be reported for the new one.
	s.rootRaw, s.rootOwnership = Eval{}, nil
	s.root.mover = s.rootPos.ToMove()
	s.root.inflight = 0
	s.root.proof = proof{}    // kept from the old mover's view; re-derived from the children
	s.pending = s.pending[:0] // their paths run through the old root
	s.takeAll(s.root)
	s.rootPriors = make([]float32, len(s.root.kids))
	for i, c := range s.root.kids {
		s.rootPriors[i] = c.prior
	}
	return nil
}

// leaf is one descent waiting for its evaluation.
type leaf struct {
	path []*node
	req  *Request
}

// Run searches until the visit or time limit and returns the analysis.
// Visits kept from earlier runs (tree reuse) count towards MaxVisits.
func (s *Search) Run(ctx context.Context) (*Result, error) {
	if s.rootPos.IsOver() {
		return nil, ErrGameOver
	}
	start := time.Now()
	var deadline time.Time
	if s.cfg.MaxTime > 0 {
		deadline = start.Add(s.cfg.MaxTime)
	}
	if s.root.state == unexpanded {
		if err := s.evaluateRoot(ctx); err != nil {
			return nil, err
		}
	}
	s.prepareRoot()
	limit := int32(s.cfg.MaxVisits)
	batch := s.leafBatch()
	calls := min(max(1, s.cfg.LeafCalls), batch)
	perCall := max(1, batch/calls)
	buf := make([]engine.Position, 0, 64)
	var flights []*flight // oldest first
	for {
		stop := ctx.Err() != nil || limit > 0 && s.root.visits >= limit || !deadline.IsZero() && time.Now().After(deadline)
		for !stop && len(flights) < calls {
			leaves := s.selectLeaves(perCall, limit, &buf)
			if len(leaves) == 0 {
				break
			}
			// A lone call runs on this goroutine unless there are proofs
			// to run meanwhile; several calls always run on their own.
			flights = append(flights, s.launch(ctx, leaves, calls == 1 && len(s.pending) == 0))
		}
		if len(flights) == 0 {
			if stop || s.root.inflight == 0 && s.allTerminal() {
				break
			}
			continue
		}
		s.provePending() // while the network evaluates
		f := flights[0]
		flights = flights[1:]
		if err := s.land(f, f.wait()); err != nil {
			for _, f := range flights { // leave the tree consistent
				_ = s.land(f, f.wait())
			}
			return nil, err
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s.provePending()
	return s.result(time.Since(start)), nil
}

// allTerminal reports whether the search can learn nothing more: every
// root child is a finished game that has been visited.
func (s *Search) allTerminal() bool {
	for _, c := range s.root.kids {
		if c.state != terminal || c.visits == 0 {
			return false
		}
	}
	return true
}

// evaluateRoot evaluates and expands the root.
func (s *Search) evaluateRoot(ctx context.Context) error {
	req := s.newRequest(s.rootPos, nil)
	if err := s.eval.Evaluate(ctx, []*Request{req}); err != nil {
		return fmt.Errorf("search: evaluating the root: %w", err)
	}
	s.evals++
	s.rootRaw = req.Out
	s.rootOwnership = req.Out.Ownership
	s.expand(s.root, &s.rootPos, req)
	s.backup([]*node{s.root}, valueOf(&req.Out, s.rootPos.ToMove()))
	s.rootPriors = make([]float32, len(s.root.kids))
	for i, c := range s.root.kids {
		s.rootPriors[i] = c.prior
	}
	return nil
}

// prepareRoot applies root noise and sets up Gumbel sampling for this run.
func (s *Search) prepareRoot() {
	if s.cfg.DirichletWeight > 0 && len(s.root.kids) > 1 {
		noise := dirichlet(s.rng, len(s.root.kids), float64(s.cfg.DirichletAlpha))
		w := s.cfg.DirichletWeight
		for i, c := range s.root.kids {
			c.prior = (1-w)*s.rootPriors[i] + w*float32(noise[i])
		}
	}
	if s.cfg.Gumbel {
		s.gumbel = newGumbelState(s, s.cfg.MaxVisits-int(s.root.visits))
	}
	s.scoreCenter = s.rootMargin()
	s.scoreEpoch++
}

// childrenMargin returns the root's mean margin for its player to move
// over its children's visits (their mover is that player), and whether any
// visit carried a margin.
func (s *Search) childrenMargin() (float32, bool) {
	var sum float64
	var n int32
	for _, c := range s.root.kids {
		sum, n = sum+c.marginSum, n+c.marginN
	}
	if n == 0 {
		return 0, false
	}
	return float32(sum / float64(n)), true
}

// rootMargin returns the root's mean margin for its player to move: over
// its children's visits, else the root's own evaluation, else 0.
func (s *Search) rootMargin() float32 {
	if m, ok := s.childrenMargin(); ok {
		return m
	}
	if s.rootRaw.HasMargin {
		return s.rootRaw.Margin
	}
	return 0
}

// scoreUtility returns the score utility (Config.ScoreUtility) of a mean
// margin for player c.
func (s *Search) scoreUtility(margin float32, c grid.Color) float32 {
	center := s.scoreCenter
	if c != s.rootPos.ToMove() {
		center = -center
	}
	return s.cfg.ScoreUtility * (2 / math.Pi) * float32(math.Atan(float64((margin-center)/s.cfg.ScoreScale)))
}

// childScoreUtility returns the score utility of c's mean margin for its
// mover (c.marginN > 0). Selection asks for it at every child of every
// node it passes, but it changes only when a visit is backed up through c,
// so it is computed again only then (or in a new run): the arctangent
// would otherwise be a sixth of the tree's work.
func (s *Search) childScoreUtility(c *node) float32 {
	if c.scoreN != c.marginN || c.scoreEpoch != s.scoreEpoch {
		c.scoreU = s.scoreUtility(float32(c.marginSum/float64(c.marginN)), c.mover)
		c.scoreN, c.scoreEpoch = c.marginN, s.scoreEpoch
	}
	return c.scoreU
}

// newRequest builds the evaluation request of pos; path holds the
// positions from the root to pos's parent (most recent last).
func (s *Search) newRequest(pos engine.Position, path []engine.Position) *Request {
	var req *Request
	if k := len(s.spare); k > 0 {
		req, s.spare = s.spare[k-1], s.spare[:k-1]
		moves := req.Moves[:0]
		*req = Request{Position: pos, Moves: moves}
	} else {
		req = &Request{Position: pos, Moves: make([]grid.Move, 0, 128)}
	}
	for i := len(path) - 1; i >= 0 && req.HistoryCount < HistoryLen; i-- {
		req.History[req.HistoryCount] = path[i]
		req.HistoryCount++
	}
	for _, h := range s.history {
		if req.HistoryCount == HistoryLen {
			break
		}
		req.History[req.HistoryCount] = h
		req.HistoryCount++
	}
	req.Moves = pos.LegalMoves(req.Moves)
	return req
}

// descend walks from the root to a leaf. A finished game is backed up at
// once (req nil); an unexpanded node is marked pending with virtual loss on
// its path. ok is false on a collision with a pending node.
func (s *Search) descend(buf *[]engine.Position) (leaf, bool) {
	n := s.root
	pos := s.rootPos
	path := []*node{n}
	positions := (*buf)[:0]
	for {
		if n != s.root && n.proof.known() {
			s.backup(path, proofLeaf(n))
			return leaf{}, true
		}
		switch n.state {
		case terminal:
			two := s.rootPos.Players() == 2
			s.backup(path, leafValue{util: n.end.util, margin: n.end.margin, marginFor: grid.Red, hasMargin: two,
				leads: n.end.leads, hasLeads: !two})
			return leaf{}, true
		case pending:
			return leaf{}, false
		case unexpanded:
			n.state = pending
			for _, p := range path {
				p.inflight += int32(s.cfg.VirtualLoss)
			}
			return leaf{path: path, req: s.newRequest(pos, positions)}, true
		}
		var c *node
		if n == s.root && s.gumbel != nil {
			c = s.gumbel.pick(s)
		} else {
			c = s.selectPUCT(n)
		}
		positions = append(positions, pos)
		pos.Apply(c.move)
		path = append(path, c)
		if c.state == unexpanded && pos.IsOver() {
			c.state = terminal
			c.end = &gameEnd{util: TerminalUtility(&pos)}
			t := pos.Territory()
			if pos.Players() == 2 {
				c.end.margin = float32(t.Score[grid.Red] - t.Score[grid.Blue])
			} else {
				c.end.leads = SeatLeads(t.Score[:pos.Players()])
			}
			s.proveTerminal(c, &pos)
		}
		n = c
	}
}

// selectPUCT picks the child of n with the highest PUCT score; in-flight
// visits count as losses (virtual loss). Of the moves without a child node
// only the one with the highest prior can score highest (they share the
// first-play urgency), so it is the only one scored, and its node is made
// when it wins.
func (s *Search) selectPUCT(n *node) *node {
	parentN := float64(n.visits + n.inflight)
	sqrtN := float32(math.Sqrt(math.Max(parentN, 1)))
	fpu := n.valueToMove - s.cfg.FPUReduction
	if n == s.root {
		fpu = n.valueToMove - s.cfg.RootFPUReduction
	}
	scored := s.cfg.ScoreUtility > 0 && n.marginN > 0
	if scored && n != s.root { // the parent's score utility for the children's mover (0 at the root, the centre)
		// With two players the children's mover sees the parent's margin
		// and the centre negated; the arctangent is odd, so that is the
		// parent's own score utility negated, exactly.
		if n.mover != n.toMove {
			fpu -= s.childScoreUtility(n)
		} else {
			fpu += s.childScoreUtility(n)
		}
	}
	cpuct := s.cpuct()
	var best *node
	bestScore := float32(math.Inf(-1))
	for _, c := range n.kids {
		if avoidLoss(n, c) {
			continue
		}
		cn := c.visits + c.inflight
		q := fpu
		if cn > 0 {
			q = float32(c.utilSum / float64(cn))
			if scored && c.marginN > 0 {
				q += s.childScoreUtility(c)
			}
		}
		score := q + cpuct*c.prior*sqrtN/float32(1+cn)
		if score > bestScore {
			best, bestScore = c, score
		}
	}
	if n.next >= 0 {
		if score := fpu + cpuct*n.edges[n.next].prior*sqrtN; score > bestScore || best == nil {
			return s.take(n, int(n.next))
		}
	}
	return best
}

// leafBatch is the leaves in flight for the root position's player count:
// Config.MultiLeafBatch with three or four players when set, else
// Config.LeafBatch.
func (s *Search) leafBatch() int {
	if s.multi != nil && s.cfg.MultiLeafBatch > 0 {
		return s.cfg.MultiLeafBatch
	}
	return s.cfg.LeafBatch
}

// cpuct is PUCT's exploration constant for the root position's player
// count: Config.MultiCPuct with three or four players when set, else
// Config.CPuct.
func (s *Search) cpuct() float32 {
	if s.multi != nil && s.cfg.MultiCPuct > 0 {
		return s.cfg.MultiCPuct
	}
	return s.cfg.CPuct
}

// selectLeaves descends from the root up to n times and returns the
// leaves to evaluate. Descents that end in a finished or proven node are
// backed up at once and count too, so that a search whose every line is
// settled still returns to its limits; a collision with a leaf already in
// flight ends the round.
func (s *Search) selectLeaves(n int, limit int32, buf *[]engine.Position) []leaf {
	var leaves []leaf
	for range n {
		if limit > 0 && s.root.visits+s.root.inflight >= limit {
			break
		}
		l, ok := s.descend(buf)
		if !ok {
			break
		}
		if l.req != nil {
			leaves = append(leaves, l)
		}
	}
	return leaves
}

// flight is one evaluator call of a round's leaves. Only the search's own
// goroutine touches the tree: the evaluator only fills the requests, and
// land backs the leaves up once wait has returned the call's error.
type flight struct {
	leaves []leaf
	done   chan error // nil for a call run inline, whose error is err
	err    error
}

// wait returns the call's error once it has finished.
func (f *flight) wait() error {
	if f.done == nil {
		return f.err
	}
	return <-f.done
}

// launch sends leaves to the evaluator in one call: on this goroutine when
// inline, else asynchronously (AsyncEvaluator, or Evaluate on a goroutine
// of its own), so that this goroutine can prove the last
// round's nodes or select the next round's leaves meanwhile
// (Config.LeafCalls).
func (s *Search) launch(ctx context.Context, leaves []leaf, inline bool) *flight {
	reqs := make([]*Request, len(leaves))
	for i, l := range leaves {
		reqs[i] = l.req
	}
	f := &flight{leaves: leaves}
	if inline {
		f.err = s.eval.Evaluate(ctx, reqs)
		return f
	}
	f.done = make(chan error, 1)
	if a, ok := s.eval.(AsyncEvaluator); ok {
		a.EvaluateAsync(ctx, reqs, f.done)
	} else {
		go func() { f.done <- s.eval.Evaluate(ctx, reqs) }()
	}
	return f
}

// land backs up the leaves of a finished call in order, or on an error
// takes back their virtual loss and returns it.
func (s *Search) land(f *flight, err error) error {
	if err != nil {
		for _, l := range f.leaves { // leave the tree consistent for a later run
			l.path[len(l.path)-1].state = unexpanded
			for _, p := range l.path {
				p.inflight -= int32(s.cfg.VirtualLoss)
			}
		}
		return fmt.Errorf("search: evaluating %d leaves: %w", len(f.leaves), err)
	}
	s.evals += len(f.leaves)
	for _, l := range f.leaves {
		n := l.path[len(l.path)-1]
		s.expand(n, &l.req.Position, l.req)
		s.removeVirtualLoss(l.path)
		s.backup(l.path, valueOf(&l.req.Out, l.req.Position.ToMove()))
		s.deferProof(n, &l.req.Position, l.path)
		s.spare = append(s.spare, l.req)
	}
	return nil
}

// expand stores n's moves and priors from its evaluation (its children
// are made when selection first enters them; the root's all at once).
func (s *Search) expand(n *node, pos *engine.Position, req *Request) {
	toMove := pos.ToMove()
	n.setEdges(toMove, req.Moves, req.Out.Priors)
	n.valueToMove = req.Out.Utility[toMove]
	n.state = expanded
	if n == s.root {
		s.takeAll(n)
		s.proveAtExpansion(n, pos, s.proofBudget(n, pos))
	}
}

// leafValue is what a visit backs up along its path: every player's
// utility and, when known, the score margin from marginFor's view (two
// players) or every seat's lead (three or four).
type leafValue struct {
	util      [grid.MaxPlayers]float32
	margin    float32
	marginFor grid.Color
	hasMargin bool
	leads     [grid.MaxPlayers]float32
	hasLeads  bool
}

// valueOf is the leaf value of an evaluation of a position with toMove
// to move.
func valueOf(e *Eval, toMove grid.Color) leafValue {
	return leafValue{util: e.Utility, margin: e.Margin, marginFor: toMove, hasMargin: e.HasMargin,
		leads: e.Leads, hasLeads: e.HasLeads}
}

// backup adds one visit with value v to every node of path.
func (s *Search) backup(path []*node, v leafValue) {
	if s.multi != nil {
		s.addPlayerSums(path, &v)
	}
	for _, n := range path {
		n.visits++
		u := float64(v.util[n.mover])
		n.utilSum += u
		n.utilSq += u * u
		if v.hasMargin {
			n.marginN++
			if n.mover == v.marginFor {
				n.marginSum += float64(v.margin)
			} else {
				n.marginSum -= float64(v.margin)
			}
		}
	}
	s.propagateProofs(path)
}

// removeVirtualLoss takes back the virtual loss that selecting path put
// on its nodes while its leaf was being evaluated.
func (s *Search) removeVirtualLoss(path []*node) {
	for _, n := range path {
		n.inflight -= int32(s.cfg.VirtualLoss)
	}
}
