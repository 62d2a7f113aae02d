package solver

import (
	"time"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// Options bound and tune a Solver. The zero value searches without limits.
type Options struct {
	// MaxNodes bounds the positions visited per Solve call; 0 means no
	// bound.
	MaxNodes int64
	// MaxTime bounds the wall time per Solve call; 0 means no bound.
	MaxTime time.Duration
	// TableBits sets the transposition table to 2^TableBits slots (24 bytes
	// each); 0 means 18.
	TableBits int
	// Prior, when set, orders the moves of the solved position (the root
	// only, where a network call pays off).
	Prior Prior
	// OutcomeOnly stops once win, draw or loss is proven, without the
	// exact margin, the optimal moves or the line.
	OutcomeOnly bool
	// NoTempo turns tempo grouping off (for measurements and tests).
	NoTempo bool
	// NoBounds turns the static territory bounds off (for measurements and
	// tests).
	NoBounds bool
	// ProofNumbers, with a node or time budget, gives the alpha-beta
	// outcome search a fifth of the budget and, if that does not settle
	// win, draw or loss, hands the rest to a depth-first proof-number
	// search (dfpn.go). It proves more positions far from the end within
	// a second (docs/solver.md); for budgets of a few thousand nodes, as
	// inside the MCTS, plain alpha-beta is better.
	ProofNumbers bool
}

// Result is what Solve proved about a position, from the point of view of
// the player to move there.
type Result struct {
	// Outcome is Win, Draw, Loss or Unknown.
	Outcome Outcome
	// Exact reports that Value and Margin are the exact game value; when
	// false only Outcome is proven.
	Exact bool
	// Value is the exact value (see Value) when Exact.
	Value Value
	// Margin is the final territory difference under best play when Exact.
	Margin int
	// Best holds the optimal moves at the root (those that keep Value) when
	// Exact; the tempo moves of a grouped root are represented by one of
	// them. When only a win is proven it holds one winning move.
	Best []grid.Move
	// Line is a principal line: optimal moves to the end of the game.
	Line []grid.Move
	// Nodes counts the positions visited.
	Nodes int64
	// Elapsed is the wall time spent.
	Elapsed time.Duration
}

// Solver holds a transposition table that is kept between Solve calls on
// positions of the same rules. A Solver is not safe for concurrent use.
type Solver struct {
	opts  Options
	tt    *table
	rules engine.Rules
	// stayAlways and tieBreak cache the rules options the search uses.
	stayAlways, tieBreak bool
	nodes                int64
	limit                int64
	start, deadline      time.Time
	aborted              bool
	bufs                 []plyBuf
	// history counts cutoffs by wall slot (wallSlot) for move ordering.
	history [2 * grid.NumSquares]int32
	// pn is the df-pn table (dfpn.go), made on first use.
	pn *pnTable
	// abShare is the alpha-beta share of a budget under ProofNumbers
	// (alphaBetaShare; tests set 0 to reach df-pn at once).
	abShare float64
}

// New returns a Solver with the given options.
func New(opts Options) *Solver {
	if opts.TableBits <= 0 {
		opts.TableBits = 18
	}
	// Every turn builds one of the board's 84 walls, so no line is longer
	// than that: the per-ply scratch never moves once allocated.
	return &Solver{opts: opts, bufs: make([]plyBuf, 0, 2*grid.NumSquares), abShare: alphaBetaShare}
}

// SetBudget changes the node and time budgets of the next Solve calls (0
// means no bound), keeping the table.
func (s *Solver) SetBudget(maxNodes int64, maxTime time.Duration) {
	s.opts.MaxNodes, s.opts.MaxTime = maxNodes, maxTime
}

// Solve proves what it can about pos within the budgets of a single call
// with opts.
func Solve(pos *engine.Position, opts Options) Result {
	return New(opts).Solve(pos)
}

// Solve proves what it can about pos within the budgets. Only two-player
// positions in the play phase (or finished games) are solved; others give
// Unknown.
func (s *Solver) Solve(pos *engine.Position) Result {
	start := time.Now()
	s.begin(pos, start)
	res := s.solve(pos)
	res.Nodes = s.nodes
	res.Elapsed = time.Since(start)
	return res
}

// begin resets the budgets and, for other rules, the table.
func (s *Solver) begin(pos *engine.Position, start time.Time) {
	if s.tt == nil {
		s.tt = newTable(s.opts.TableBits)
	}
	if r := pos.Rules(); r != s.rules {
		s.tt.clear()
		s.rules = r
	}
	s.stayAlways = s.rules.Stay == engine.StayAlways
	s.tieBreak = s.rules.TieBreak != engine.TieBreakNone
	s.nodes, s.aborted = 0, false
	s.limit = s.opts.MaxNodes
	s.start, s.deadline = start, time.Time{}
	if s.opts.MaxTime > 0 {
		s.deadline = start.Add(s.opts.MaxTime)
	}
}

// solve runs the searches of Solve.
func (s *Solver) solve(pos *engine.Position) Result {
	if pos.IsOver() {
		v := FinalValue(pos, pos.ToMove())
		return Result{Outcome: v.Outcome(), Exact: true, Value: v, Margin: v.Margin()}
	}
	if pos.Players() != 2 || pos.Phase() != engine.Play {
		return Result{}
	}
	var res Result
	res.Outcome, res.Best = s.outcome(pos)
	if res.Outcome == Unknown {
		return Result{}
	}
	res.Exact = res.Outcome == Draw // a draw's value is 0
	if s.opts.OutcomeOnly {
		return res
	}
	if !res.Exact {
		v := s.search(pos, -inf, inf, 0)
		if s.aborted {
			return res
		}
		res.Value, res.Exact = v, true
	}
	res.Margin = res.Value.Margin()
	res.Best = s.bestMoves(pos, res.Value)
	if !s.aborted {
		res.Line = s.line(pos, res.Value)
	}
	return res
}

// outcome proves win, draw or loss (Unknown when the budget runs out) and,
// for a win, names one winning move when it can: alpha-beta alone, or
// alpha-beta on a share of the budget and then df-pn (ProofNumbers).
func (s *Solver) outcome(pos *engine.Position) (Outcome, []grid.Move) {
	if !s.opts.ProofNumbers || s.limit == 0 && s.deadline.IsZero() {
		return s.alphaBetaOutcome(pos)
	}
	restore := s.shareBudget(s.abShare)
	o, best := s.alphaBetaOutcome(pos)
	restore()
	if o != Unknown || s.aborted {
		return o, best
	}
	o = s.proveOutcome(pos)
	if o == Win {
		best = s.pnWinningMove(pos)
	}
	return o, best
}

// alphaBetaOutcome proves win, draw or loss with two null-window searches.
func (s *Solver) alphaBetaOutcome(pos *engine.Position) (Outcome, []grid.Move) {
	if v := s.search(pos, 0, 1, 0); s.aborted {
		return Unknown, nil
	} else if v >= 1 {
		if e, ok := s.tt.get(pos.Hash()); ok && e.best.Kind != 0 {
			return Win, []grid.Move{e.best}
		}
		return Win, nil
	}
	if v := s.search(pos, -1, 0, 0); s.aborted {
		return Unknown, nil
	} else if v >= 0 {
		return Draw, nil
	}
	return Loss, nil
}

// childValue returns the value of m's child from the point of view of the
// player to move at pos, searched in the window (alpha, beta) of that view.
func (s *Solver) childValue(pos *engine.Position, m grid.Move, alpha, beta Value, ply int) Value {
	me := pos.ToMove()
	child := *pos
	child.Apply(m)
	switch {
	case child.IsOver():
		return FinalValue(&child, me)
	case child.ToMove() == me:
		return s.search(&child, alpha, beta, ply+1)
	}
	return -s.search(&child, -beta, -alpha, ply+1)
}

// bestMoves returns the root moves whose value is v. It stops early, with
// what it found, when the budget runs out.
func (s *Solver) bestMoves(pos *engine.Position, v Value) []grid.Move {
	var out []grid.Move
	for _, m := range s.rootMoves(pos) {
		if s.childValue(pos, m, v-1, v+1, 0) == v && !s.aborted {
			out = append(out, m)
		}
		if s.aborted {
			break
		}
	}
	return out
}

// line follows optimal moves from pos, whose value is v, to the end of the
// game or of the budget.
func (s *Solver) line(pos *engine.Position, v Value) []grid.Move {
	var out []grid.Move
	cur := *pos
	for !cur.IsOver() && !s.aborted {
		me := cur.ToMove()
		found := false
		for _, m := range s.rootMoves(&cur) {
			if s.childValue(&cur, m, v-1, v+1, 0) != v || s.aborted {
				continue
			}
			out = append(out, m)
			cur.Apply(m)
			if !cur.IsOver() && cur.ToMove() != me {
				v = -v
			}
			found = true
			break
		}
		if !found {
			break
		}
	}
	return out
}

// tick counts a node and reports whether a budget is spent.
func (s *Solver) tick() bool {
	s.nodes++
	if s.limit > 0 && s.nodes > s.limit {
		s.aborted = true
	} else if s.nodes&1023 == 0 && !s.deadline.IsZero() && time.Now().After(s.deadline) {
		s.aborted = true
	}
	return s.aborted
}

// search returns the value of pos for its player to move, exact when it
// lies strictly inside (alpha, beta), else a bound on the side it fails
// (fail-soft). pos must be in the play phase.
func (s *Solver) search(pos *engine.Position, alpha, beta Value, ply int) Value {
	if s.tick() {
		return 0
	}
	key := pos.Hash()
	var hashMove grid.Move
	if e, ok := s.tt.get(key); ok {
		lo, hi := Value(e.lo), Value(e.hi)
		if lo >= beta || lo == hi {
			return lo
		}
		if hi <= alpha {
			return hi
		}
		alpha, beta = max(alpha, lo), min(beta, hi)
		hashMove = e.best
	}
	b := boardOf(pos)
	sp := splitOf(pos, b)
	if s.stayAlways && !s.opts.NoBounds {
		lo, hi := sp.bounds(s.tieBreak)
		if hi <= alpha {
			return hi
		}
		if lo >= beta {
			return lo
		}
		alpha, beta = max(alpha, lo-1), min(beta, hi+1)
	}
	alpha0 := alpha
	buf, idx := s.ordered(pos, ply, hashMove, b, sp)
	me := pos.ToMove()
	if v, i, ok := s.transposedCutoff(buf, idx, me, beta); ok {
		s.tt.put(key, v, inf, buf.moves[i])
		return v
	}
	best, bestMove := -inf, grid.Move{}
	for _, i := range idx {
		m, child := buf.moves[i], &buf.children[i]
		var v Value
		switch {
		case child.IsOver():
			v = FinalValue(child, me)
		case child.ToMove() == me:
			v = s.search(child, alpha, beta, ply+1)
		default:
			v = -s.search(child, -beta, -alpha, ply+1)
		}
		if s.aborted {
			return 0
		}
		if v > best {
			best, bestMove = v, m
			if v > alpha {
				alpha = v
				if alpha >= beta {
					s.credit(m)
					break
				}
			}
		}
	}
	switch {
	case best <= alpha0:
		s.tt.put(key, -inf, best, bestMove)
	case best >= beta:
		s.tt.put(key, best, inf, bestMove)
	default:
		s.tt.put(key, best, best, bestMove)
	}
	return best
}

// transposedCutoff looks the children of a node up in the table before
// searching any of them (enhanced transposition cutoff): a child whose
// stored bound already gives the mover beta or more cuts the node off at
// the cost of a lookup. It returns that bound and the child's index.
func (s *Solver) transposedCutoff(buf *plyBuf, idx []int, me grid.Color, beta Value) (Value, int, bool) {
	for _, i := range idx {
		child := &buf.children[i]
		if child.IsOver() {
			continue
		}
		e, ok := s.tt.get(child.Hash())
		if !ok {
			continue
		}
		v := -Value(e.hi)
		if child.ToMove() == me {
			v = Value(e.lo)
		}
		if v >= beta {
			return v, i, true
		}
	}
	return 0, 0, false
}

// moves returns the moves searched at pos in a buffer owned by ply: every
// legal move, with the player's tempo moves grouped into one where the
// claim of tempo.go allows it.
func (s *Solver) moves(pos *engine.Position, ply int, b board, sp split) []grid.Move {
	for len(s.bufs) <= ply {
		s.bufs = append(s.bufs, plyBuf{
			moves:    make([]grid.Move, 0, engine.MaxMoves),
			scores:   make([]int32, engine.MaxMoves),
			children: make([]engine.Position, engine.MaxMoves),
			idx:      make([]int, 0, engine.MaxMoves),
		})
	}
	all := pos.LegalMoves(s.bufs[ply].moves[:0])
	s.bufs[ply].moves = all
	if s.opts.NoTempo {
		return all
	}
	t := analyseTempo(pos, b, sp)
	if !t.grouped {
		return all
	}
	out := all[:0]
	for _, m := range all {
		if !inClosed(m, t.closed) {
			out = append(out, m)
		}
	}
	out = append(out, t.free)
	s.bufs[ply].moves = out
	return out
}

// ordered returns the scratch of ply holding the moves of pos (see moves)
// and the positions after them, and the move indices in search order.
func (s *Solver) ordered(pos *engine.Position, ply int, hashMove grid.Move, b board, sp split) (*plyBuf, []int) {
	moves := s.moves(pos, ply, b, sp)
	var prior []float32
	if ply == 0 && s.opts.Prior != nil {
		prior = s.opts.Prior(pos, moves)
		if len(prior) != len(moves) {
			prior = nil
		}
	}
	buf := &s.bufs[ply]
	return buf, s.order(pos, buf, ply, hashMove, sp.mine, prior)
}

// rootMoves returns the moves searched at pos (see moves), for the root
// analyses that follow the value search.
func (s *Solver) rootMoves(pos *engine.Position) []grid.Move {
	b := boardOf(pos)
	return s.moves(pos, 0, b, splitOf(pos, b))
}
