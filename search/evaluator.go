package search

import (
	"context"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// HistoryLen is the number of earlier positions a Request carries (the
// network's history planes).
const HistoryLen = 4

// Request is one position to evaluate.
type Request struct {
	// Position is the position to evaluate; it is not over.
	Position engine.Position
	// History holds the positions before it, most recent first; only the
	// first HistoryCount entries are set.
	History      [HistoryLen]engine.Position
	HistoryCount int
	// Moves are the legal moves of Position; the evaluator fills Out.Priors
	// in this order.
	Moves []grid.Move
	// Out receives the evaluation.
	Out Eval
}

// Eval is an evaluation of a position.
type Eval struct {
	// Priors holds a probability for each of the request's moves (sum 1).
	Priors []float32
	// Utility holds the expected result for each player in [0, 1]: 1 win,
	// 0 loss; a two-player draw is 0.5 each.
	Utility [grid.MaxPlayers]float32
	// Margin is the expected final territory margin of the player to move
	// (own land minus the best opponent's); valid when HasMargin.
	Margin    float32
	HasMargin bool
	// Leads holds, with three or four players, each seat's expected final
	// land minus the best opponent's, in squares, by colour; valid when
	// HasLeads. (Two players have Margin.)
	Leads    [grid.MaxPlayers]float32
	HasLeads bool
	// Ownership, when set, holds for each square the expected owner at the
	// end from the player to move's view: +1 own, -1 an opponent's, 0
	// neutral.
	Ownership *[grid.NumSquares]float32
}

// Evaluator evaluates positions. Evaluate fills Out of every request, may
// be called from many goroutines at once, and must be deterministic for
// the search to be.
type Evaluator interface {
	Evaluate(ctx context.Context, reqs []*Request) error
}

// AsyncEvaluator is an Evaluator that can also start an evaluation and
// return at once. A search with several calls in flight
// (Config.LeafCalls) uses it when its evaluator has it, and otherwise
// calls Evaluate on a goroutine of its own per call.
type AsyncEvaluator interface {
	Evaluator
	// EvaluateAsync starts evaluating reqs and, once every request is
	// filled or the evaluation has failed, sends the outcome (nil or the
	// error Evaluate would have returned) on done, exactly once. done
	// must have room for it: the sender does not wait.
	EvaluateAsync(ctx context.Context, reqs []*Request, done chan<- error)
}

// TerminalUtility returns the utilities of a finished game: the winner
// gets 1, players sharing a draw split 1 between them, others 0.
func TerminalUtility(p *engine.Position) [grid.MaxPlayers]float32 {
	var u [grid.MaxPlayers]float32
	res := p.Result()
	n := 0
	for c := 0; c < p.Players(); c++ {
		if res.Winners>>uint(c)&1 != 0 {
			n++
		}
	}
	for c := 0; c < p.Players(); c++ {
		if res.Winners>>uint(c)&1 != 0 {
			u[c] = 1 / float32(n)
		}
	}
	return u
}
