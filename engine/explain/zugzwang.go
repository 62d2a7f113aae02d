package explain

import (
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// Zugzwang describes a zugzwang-like position: the player to move would
// rather pass, because every legal move of its makes its standing worse.
//
// Standing is measured statically (see Standing): a player's territory
// plus the contested squares it is nearer to in steps, minus the same for
// its opponent (two players). The position is zugzwang-like when the player to
// move has legal moves and every one of them lowers its standing below
// what it is now.
type Zugzwang struct {
	// Player is the player in zugzwang (the opponent of the mover).
	Player grid.Color
	// Replies is the number of its legal moves.
	Replies int
	// Standing is its standing now; BestAfter its best standing after any
	// reply (always lower).
	Standing, BestAfter int
}

// zugzwang checks the player to move in p; nil when it is not in zugzwang.
func zugzwang(p *engine.Position) *Zugzwang {
	me := p.ToMove()
	z := &Zugzwang{Player: me, Standing: Standing(p, me)}
	moves := p.LegalMoves(make([]grid.Move, 0, engine.MaxMoves))
	if len(moves) == 0 {
		return nil
	}
	z.Replies = len(moves)
	for i, m := range moves {
		q := *p
		q.Apply(m)
		v := Standing(&q, me)
		if v >= z.Standing {
			return nil
		}
		if i == 0 || v > z.BestAfter {
			z.BestAfter = v
		}
	}
	return z
}

// Standing is c's static standing in a two-player position p: its
// territory plus the contested squares (empty squares of regions where
// both players' stones meet) it reaches in fewer steps than the opponent
// (see NearestSteps), minus the same for the opponent. Step distances
// change only when a wall or stone blocks a path, so a move that builds a
// harmless wall keeps the standing.
func Standing(p *engine.Position, c grid.Color) int {
	t := p.Territory()
	contested := t.Open &^ p.Occupied()
	var d [grid.MaxPlayers][grid.NumSquares]int8
	for o := 0; o < p.Players(); o++ {
		d[o] = NearestSteps(p, grid.Color(o))
	}
	near := nearer(&d, p.Players(), contested)
	v := 0
	for o := 0; o < p.Players(); o++ {
		s := t.Score[o] + near[o].Count()
		if grid.Color(o) == c {
			v += s
		} else {
			v -= s
		}
	}
	return v
}
