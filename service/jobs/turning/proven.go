package turning

import (
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/jobs/review"
)

// provenHandover reports whether move i threw away a proven result: the
// position before it was proven a win or a draw for its mover, and the
// position after it is proven worse for that player (the next move's
// proof, from its mover's view).
func provenHandover(res *review.Result, i int) bool {
	if i+1 >= len(res.Moves) || res.Moves[i].Proof == nil || res.Moves[i+1].Proof == nil {
		return false
	}
	mr, next := &res.Moves[i], &res.Moves[i+1]
	score := func(result string, same bool) int {
		v := map[string]int{"win": 1, "draw": 0, "loss": -1}[result]
		if !same {
			v = -v
		}
		return v
	}
	before := score(mr.Proof.Result, true)
	after := score(next.Proof.Result, next.Player == mr.Player)
	return before >= 0 && after < before
}

// provenDecidedAt returns the first move after which the exact solver
// proved the position won for the game's winner: the next move's review
// carries the proof of the position before it, from its mover's view. The
// returned proof is from the winner's view. ok is false for a draw, an
// unfinished game or when no proof came up.
func provenDecidedAt(res *review.Result, final *engine.Position) (int, grid.Color, *analysis.Proof, bool) {
	winner := final.Result().Winner()
	if !final.IsOver() || winner == grid.NoColor {
		return 0, grid.NoColor, nil, false
	}
	// After a proof for the other side or a proven draw (a later mistake
	// threw it away), only a later proof for the winner counts.
	start := 0
	for i := 0; i+1 < len(res.Moves); i++ {
		if p := res.Moves[i+1].Proof; p != nil && (p.Result == "draw" || (res.Moves[i+1].Player == winner) != (p.Result == "win")) {
			start = i + 1
		}
	}
	for i := start; i+1 < len(res.Moves); i++ {
		next := res.Moves[i+1]
		if next.Proof == nil || next.Proof.Result == "draw" || (next.Player == winner) != (next.Proof.Result == "win") {
			continue
		}
		p := &analysis.Proof{Result: "win"}
		if m := next.Proof.Margin; m != nil {
			v := *m
			if next.Player != winner {
				v = -v
			}
			p.Margin = &v
		}
		return i, winner, p, true
	}
	return 0, grid.NoColor, nil, false
}
