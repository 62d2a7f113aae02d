package program

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/engine/player"
)

// thinkStats accumulates what one player spec spent over a match: wall
// time inside ChooseMove and positions sent to its evaluator.
type thinkStats struct {
	moves, nanos, evals atomic.Int64
}

// ThinkReport is one player's thinking summary in match output.
type ThinkReport struct {
	// Moves is the number of moves the player chose.
	Moves int64 `json:"moves"`
	// MeanMoveMS is the mean wall time per move in milliseconds.
	MeanMoveMS float64 `json:"mean_move_ms"`
	// MeanEvalsPerMove is the mean number of positions sent to the
	// evaluator per move: the new (non-terminal) visits of a search; 1 for
	// the raw policy, 0 for players without an evaluator. Visits kept from
	// the previous move's tree are not counted again.
	MeanEvalsPerMove float64 `json:"mean_evals_per_move"`
}

// report summarizes s.
func (s *thinkStats) report() ThinkReport {
	n := s.moves.Load()
	if n == 0 {
		return ThinkReport{}
	}
	return ThinkReport{
		Moves:            n,
		MeanMoveMS:       float64(s.nanos.Load()) / float64(n) / 1e6,
		MeanEvalsPerMove: float64(s.evals.Load()) / float64(n),
	}
}

// ThinkTracker hands out one thinkStats per player spec. When both sides
// of a match have the same spec they share (and report) one entry.
type ThinkTracker struct {
	mu     sync.Mutex
	bySpec map[string]*thinkStats
}

// stats returns the entry of spec, creating it.
func (t *ThinkTracker) stats(spec string) *thinkStats {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.bySpec == nil {
		t.bySpec = map[string]*thinkStats{}
	}
	s, ok := t.bySpec[spec]
	if !ok {
		s = &thinkStats{}
		t.bySpec[spec] = s
	}
	return s
}

// timedPlayer measures the wall time of every move of its player.
type timedPlayer struct {
	player.Player
	st *thinkStats
}

// ChooseMove implements player.Player.
func (p timedPlayer) ChooseMove(ctx context.Context, pos *engine.Position) (grid.Move, error) {
	start := time.Now()
	m, err := p.Player.ChooseMove(ctx, pos)
	p.st.nanos.Add(int64(time.Since(start)))
	p.st.moves.Add(1)
	return m, err
}

// Report summarizes what the players of spec spent (zero when none
// played).
func (t *ThinkTracker) Report(spec string) ThinkReport { return t.stats(spec).report() }
