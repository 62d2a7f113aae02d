package search

import (
	"math"

	"github.com/wallzero/wallzero/engine"
)

// nodeState says how far a node has been explored.
type nodeState uint8

const (
	unexpanded nodeState = iota // never evaluated
	pending                     // sent to the evaluator, result not back yet
	expanded                    // evaluated; children created
	terminal                    // the game is over here
)

// node is one position of the tree, reached by move. Its statistics are
// from the point of view of mover, the player who made move (for the root,
// the player to move).
type node struct {
	move     engine.Move
	mover    engine.Color
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
	// terminalUtil holds the result of a finished game (state terminal);
	// terminalMargin is Red's final margin in a two-player game.
	terminalUtil   [engine.MaxPlayers]float32
	terminalMargin float32
	children       []node
	// proof is the node's proven result, if any (see proof.go).
	proof proof
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
	for i := range n.children {
		c := &n.children[i]
		if c.visits == 0 {
			continue
		}
		if best == nil || c.visits > best.visits || c.visits == best.visits && c.prior > best.prior {
			best = c
		}
	}
	return best
}

// child returns the child reached by m, or nil.
func (n *node) child(m engine.Move) *node {
	for i := range n.children {
		if n.children[i].move == m {
			return &n.children[i]
		}
	}
	return nil
}
