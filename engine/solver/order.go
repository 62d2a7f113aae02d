package solver

import (
	"sort"

	"github.com/wallzero/wallzero/engine"
)

// Prior scores the legal moves of a position for move ordering, higher
// first, for instance with a network's policy. It returns one score per
// move, or nil to fall back on the heuristic.
type Prior func(pos *engine.Position, moves []engine.Move) []float32

// Ordering scores, in decreasing order of importance.
const (
	scoreHash   = 1 << 30 // the transposition table's best move
	scoreEnd    = 1 << 20 // a move that ends the game (plus its value)
	scorePrior  = 1 << 16 // scale of a caller's prior
	scoreClosed = -1 << 24
)

// order sorts moves (the list searched at pos) by a cheap estimate of their
// value for the player to move: the table's best move first, moves that end
// the game by their final value, contested moves by the territory they
// leave, tempo moves last. prior, when set, replaces the territory estimate.
func order(pos *engine.Position, moves []engine.Move, scores []int32, hashMove engine.Move, closed engine.Bitboard, prior []float32) {
	me := pos.ToMove()
	for i, m := range moves {
		var sc int32
		switch {
		case m == hashMove:
			sc = scoreHash
		case inClosed(m, closed):
			sc = scoreClosed
		default:
			child := *pos
			child.Apply(m)
			v := int32(FinalValue(&child, me))
			if child.IsOver() {
				sc = scoreEnd + v
			} else if prior != nil {
				sc = int32(prior[i]*scorePrior) + v/regionWeight
			} else {
				sc = v
			}
		}
		scores[i] = sc
	}
	sort.Sort(byScore{moves, scores})
}

// byScore sorts moves by decreasing score.
type byScore struct {
	moves  []engine.Move
	scores []int32
}

func (b byScore) Len() int           { return len(b.moves) }
func (b byScore) Less(i, j int) bool { return b.scores[i] > b.scores[j] }
func (b byScore) Swap(i, j int) {
	b.moves[i], b.moves[j] = b.moves[j], b.moves[i]
	b.scores[i], b.scores[j] = b.scores[j], b.scores[i]
}
