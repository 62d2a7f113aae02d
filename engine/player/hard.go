package player

import (
	"cmp"
	"context"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// hardCandidates is how many of the best one-ply moves voronoi-hard checks
// against every reply.
const hardCandidates = 12

// hard is voronoi-hard: it ranks every move by its one-ply evaluation, then
// gives each of the best hardCandidates moves the value of the position
// after the best reply and plays the best of those (equals at random).
//
// The reply is the next player's: with two players the one worst for the
// mover (a maximin, cut short once a candidate is known to be worse than
// the best so far); with three or four the one best for the replying player
// by its own evaluation, the worst for the mover among its equals. When the
// mover itself moves again first (the turn after a wall break, a
// snake-order double placement, an opponent with no legal turn) it plays
// its best one-ply follow-up before the reply.
type hard struct {
	rng     *rand.Rand
	buf     []grid.Move
	replies []grid.Move
	scores  []scored
	follow  []scored
}

func newHard(rng *rand.Rand) *hard {
	return &hard{
		rng:     rng,
		buf:     make([]grid.Move, 0, engine.MaxMoves),
		replies: make([]grid.Move, 0, engine.MaxMoves),
		scores:  make([]scored, 0, engine.MaxMoves),
		follow:  make([]scored, 0, engine.MaxMoves),
	}
}

// Spec returns "voronoi-hard".
func (p *hard) Spec() string { return "voronoi-hard" }

// ChooseMove returns the candidate with the best value after the reply.
func (p *hard) ChooseMove(ctx context.Context, pos *engine.Position) (grid.Move, error) {
	if err := ctx.Err(); err != nil {
		return grid.Move{}, err
	}
	moves, err := legalMoves(pos, p.buf)
	if err != nil {
		return grid.Move{}, err
	}
	me := pos.ToMove()
	// Shuffle first so that the stable sort breaks ties at random.
	p.rng.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
	p.scores = scoreMoves(pos, moves, p.scores[:0])
	slices.SortStableFunc(p.scores, func(a, b scored) int { return cmp.Compare(b.value, a.value) })
	cands := p.scores[:min(hardCandidates, len(p.scores))]
	if cands[0].value >= WinValue/2 {
		return cands[0].move, nil // a won game needs no look at replies
	}
	best := math.MinInt
	for i := range cands {
		if err := ctx.Err(); err != nil {
			return grid.Move{}, err
		}
		q := *pos
		q.Apply(cands[i].move)
		cands[i].value = p.afterReply(&q, me, best)
		if cands[i].value > best {
			best = cands[i].value
		}
	}
	return pickBest(cands, p.rng), nil
}

// maxOwnFollowUps bounds how many moves in a row afterReply lets the mover
// make before the reply (a break and its turn, a double placement, a
// skipped opponent).
const maxOwnFollowUps = 4

// afterReply returns me's evaluation of q after the reply of the player to
// move in q. With two players it may stop early and return any value below
// floor once the result is known to be below floor.
//
// When me is to move again in q, me first plays its best one-ply follow-up,
// and the reply comes after that.
func (p *hard) afterReply(q *engine.Position, me grid.Color, floor int) int {
	x := *q
	for range maxOwnFollowUps {
		if x.IsOver() || x.ToMove() != me {
			break
		}
		p.follow = scoreMoves(&x, x.LegalMoves(p.replies[:0]), p.follow[:0])
		best := 0
		for i, s := range p.follow {
			if s.value > p.follow[best].value {
				best = i
			}
		}
		x.Apply(p.follow[best].move)
	}
	if x.IsOver() || x.ToMove() == me {
		return Evaluate(&x, me)
	}
	t := x.ToMove()
	replies := x.LegalMoves(p.replies[:0])
	if x.Players() == 2 {
		worst := math.MaxInt
		for _, r := range replies {
			y := x
			y.Apply(r)
			worst = min(worst, Evaluate(&y, me))
			if worst < floor {
				break
			}
		}
		return worst
	}
	bestT, value := math.MinInt, 0
	for _, r := range replies {
		y := x
		y.Apply(r)
		v := evaluateAll(&y)
		if v[t] > bestT || v[t] == bestT && v[me] < value {
			bestT, value = v[t], v[me]
		}
	}
	return value
}
