package ensemble

import (
	"context"
	"fmt"

	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/search"
)

// Symmetric is a search.Evaluator that evaluates every request under several
// board symmetries and averages the answers (priors, utilities, margin,
// seat leads and ownership, each mapped back to the request's own orientation): the
// symmetry ensemble that AlphaGo Zero and Leela used to smooth a network's
// orientation-dependent errors. It costs one inner evaluation per symmetry,
// all in the same call so a batching evaluator sees them together.
type Symmetric struct {
	// Inner evaluates the transformed requests.
	Inner search.Evaluator
	// Symmetries are the orientations to average over; Identity should be
	// among them.
	Symmetries []grid.Symmetry
}

// NewSymmetric returns a Symmetric evaluator averaging over the first n of
// the 8 symmetries of the square (1, 2, 4 or 8; Identity first).
func NewSymmetric(inner search.Evaluator, n int) (*Symmetric, error) {
	switch n {
	case 1, 2, 4, 8:
	default:
		return nil, fmt.Errorf("symmetries: %d is not 1, 2, 4 or 8", n)
	}
	syms := make([]grid.Symmetry, n)
	for i := range syms {
		syms[i] = grid.AllSymmetries[i]
	}
	return &Symmetric{Inner: inner, Symmetries: syms}, nil
}

// Evaluate implements search.Evaluator.
func (s *Symmetric) Evaluate(ctx context.Context, reqs []*search.Request) error {
	k := len(s.Symmetries)
	inner := make([]*search.Request, 0, k*len(reqs))
	for _, r := range reqs {
		for _, t := range s.Symmetries {
			tr := &search.Request{Position: r.Position.Transformed(t), HistoryCount: r.HistoryCount, Moves: make([]grid.Move, len(r.Moves))}
			for i := 0; i < r.HistoryCount; i++ {
				tr.History[i] = r.History[i].Transformed(t)
			}
			for i, m := range r.Moves {
				tr.Moves[i] = t.Move(m)
			}
			inner = append(inner, tr)
		}
	}
	if err := s.Inner.Evaluate(ctx, inner); err != nil {
		return err
	}
	w := 1 / float32(k)
	for j, r := range reqs {
		out := search.Eval{Priors: make([]float32, len(r.Moves)), HasMargin: true, HasLeads: true}
		var own *[grid.NumSquares]float32
		for i, t := range s.Symmetries {
			e := inner[j*k+i].Out
			for m, p := range e.Priors {
				out.Priors[m] += w * p
			}
			for c := range out.Utility {
				out.Utility[c] += w * e.Utility[c]
			}
			out.Margin += w * e.Margin
			out.HasMargin = out.HasMargin && e.HasMargin
			for c := range out.Leads {
				out.Leads[c] += w * e.Leads[c]
			}
			out.HasLeads = out.HasLeads && e.HasLeads
			if e.Ownership != nil {
				if own == nil {
					own = new([grid.NumSquares]float32)
				}
				for sq := range grid.NumSquares {
					own[sq] += w * e.Ownership[t.Square(grid.Square(sq))]
				}
			}
		}
		if !out.HasMargin {
			out.Margin = 0
		}
		if !out.HasLeads {
			out.Leads = [grid.MaxPlayers]float32{}
		}
		out.Ownership = own
		r.Out = out
	}
	return nil
}
