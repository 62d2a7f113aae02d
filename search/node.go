package search

import (
	"math"

	"github.com/wallzero/wallzero/engine/grid"
)

// nodeState says how far a node has been explored.
type nodeState uint8

const (
	unexpanded nodeState = iota // never evaluated
	pending                     // sent to the evaluator, result not back yet
	expanded                    // evaluated; edges set
	terminal                    // the game is over here
)

// edge is one legal move of an expanded node and the evaluator's prior for
// it. An edge whose child node exists has prior taken.
type edge struct {
	move  grid.Move
	prior float32
}

// taken marks an edge whose child node has been created.
const taken = -1

// node is one position of the tree, reached by move. Its statistics are
// from the point of view of mover, the player who made move (for the root,
// the player to move).
//
// A node's children are created lazily (as in Leela Chess Zero): expansion
// stores every legal move with its prior as a compact edge (8 bytes, no
// pointers), and a child node is made only when selection first enters
// it. Most expanded nodes are leaves whose children are never entered, so
// a search allocates and the garbage collector scans about a tenth of what
// a node per legal move would cost. The root's children all exist, in the
// order of its edges (the evaluator's move order), because the result
// reports every root move.
type node struct {
	move  grid.Move
	mover grid.Color
	// toMove is the player to move at an expanded node: its children's
	// mover.
	toMove   grid.Color
	state    nodeState
	prior    float32
	visits   int32
	inflight int32
	// utilSum and utilSq accumulate the mover's utility and its square;
	// marginSum the mover's territory margin (two players).
	utilSum   float64
	utilSq    float64
	marginSum float64
	marginN   int32
	// valueToMove is the evaluator's utility for the player to move here,
	// used as the first-play urgency of unvisited children.
	valueToMove float32
	// edges holds every legal move of an expanded node; next is the index
	// of the untaken edge with the highest prior (-1 when every edge is
	// taken), the only one selection needs to look at, since every
	// untaken edge has the same first-play urgency.
	edges []edge
	next  int32
	// kids holds the children created so far, in the order they were
	// created (for the root: edges order, all of them).
	kids []*node
	// end holds the result of a finished game (state terminal).
	end *gameEnd
	// proof is the node's proven result, if any (see proof.go).
	proof proof
	// scoreU caches the score utility of the node's mean margin for its
	// mover (Search.childScoreUtility), valid while marginN equals scoreN
	// and the search's scoreEpoch equals scoreEpoch.
	scoreU     float32
	scoreN     int32
	scoreEpoch uint32
}

// gameEnd is the result of a finished game at a terminal node.
type gameEnd struct {
	// util is every player's utility; margin is Red's final territory
	// margin in a two-player game; leads are every seat's final land
	// minus the best opponent's with three or four.
	util   [grid.MaxPlayers]float32
	margin float32
	leads  [grid.MaxPlayers]float32
}

// q returns the mover's mean utility, or def when unvisited.
func (n *node) q(def float32) float32 {
	if n.visits == 0 {
		return def
	}
	return float32(n.utilSum / float64(n.visits))
}

// lcb returns the lower confidence bound of the mover's mean utility.
func (n *node) lcb(stdDevs float32) float32 {
	if n.visits < 2 {
		return n.q(0) - float32(stdDevs)
	}
	v := float64(n.visits)
	mean := n.utilSum / v
	variance := math.Max(n.utilSq/v-mean*mean, 0) * v / (v - 1)
	return float32(mean - float64(stdDevs)*math.Sqrt(variance/v))
}

// mostVisited returns the child with the most visits (ties to the higher
// prior), or nil when no child was visited.
func (n *node) mostVisited() *node {
	var best *node
	for _, c := range n.kids {
		if c.visits == 0 {
			continue
		}
		if best == nil || c.visits > best.visits || c.visits == best.visits && c.prior > best.prior {
			best = c
		}
	}
	return best
}

// child returns the existing child reached by m, or nil.
func (n *node) child(m grid.Move) *node {
	for _, c := range n.kids {
		if c.move == m {
			return c
		}
	}
	return nil
}

// allTaken reports whether every legal move of n has its child node.
func (n *node) allTaken() bool { return n.next < 0 }

// setEdges stores the legal moves of the freshly expanded n and their
// priors (normalised here: negative or NaN priors count as 0, and a zero
// sum becomes uniform). toMove is the player to move at n.
func (n *node) setEdges(toMove grid.Color, moves []grid.Move, priors []float32) {
	n.toMove = toMove
	n.edges = make([]edge, len(moves))
	var sum float32
	for i, m := range moves {
		p := priors[i]
		if p < 0 || p != p {
			p = 0
		}
		n.edges[i] = edge{move: m, prior: p}
		sum += p
	}
	switch {
	case sum <= 0:
		for i := range n.edges {
			n.edges[i].prior = 1 / float32(len(n.edges))
		}
	case sum < 0.999 || sum > 1.001:
		for i := range n.edges {
			n.edges[i].prior /= sum
		}
	}
	n.kids = nil
	n.findNext()
}

// findNext points next at the untaken edge with the highest prior (the
// first of equal ones), or -1.
func (n *node) findNext() {
	n.next = -1
	best := float32(taken)
	for i := range n.edges {
		if p := n.edges[i].prior; p > best {
			n.next, best = int32(i), p
		}
	}
}

// take creates the child of edge i (which must be untaken) and returns it.
func (s *Search) take(n *node, i int) *node {
	c := s.makeChild(n, i)
	n.kids = append(n.kids, c)
	if int32(i) == n.next {
		n.findNext()
	}
	return c
}

// makeChild creates the node of n's untaken edge i and marks the edge
// taken; the caller files it in n.kids.
func (s *Search) makeChild(n *node, i int) *node {
	e := &n.edges[i]
	c := s.newNode()
	c.move, c.mover, c.prior = e.move, n.toMove, e.prior
	e.prior = taken
	return c
}

// takeMove returns the child of n reached by m, creating it if needed; nil
// when m is not one of n's moves.
func (s *Search) takeMove(n *node, m grid.Move) *node {
	if c := n.child(m); c != nil {
		return c
	}
	for i := range n.edges {
		if n.edges[i].move == m && n.edges[i].prior != taken {
			return s.take(n, i)
		}
	}
	return nil
}

// takeAll creates every child of n and orders kids as the edges are (the
// root's layout).
func (s *Search) takeAll(n *node) {
	kids := make([]*node, len(n.edges))
	for i := range n.edges {
		if n.edges[i].prior == taken {
			kids[i] = n.child(n.edges[i].move)
		} else {
			kids[i] = s.makeChild(n, i)
		}
	}
	n.kids = kids
	n.next = -1
}

// nodeSlab is how many nodes newNode allocates at a time.
const nodeSlab = 128

// newNode returns a zero node from the search's current slab. Nodes are
// never freed one by one: a slab lives as long as any node in it.
func (s *Search) newNode() *node {
	if len(s.slab) == 0 {
		s.slab = make([]node, nodeSlab)
	}
	n := &s.slab[0]
	s.slab = s.slab[1:]
	return n
}
