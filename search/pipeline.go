package search

import (
	"context"
	"fmt"
	"time"

	"github.com/wallzero/wallzero/engine"
)

// Pipelined search (Config.BatchesInFlight > 1).
//
// A search that waits for each batch leaves the network idle while it backs
// the batch up and selects the next one, and a batch split over two cores
// finishes only when its slower half does. With several batches in flight
// the search backs up the oldest batch and selects a new one while the
// network evaluates the others: each batch can run whole on one core, and
// a core is idle only for the tree work of its own batch. Batches are
// backed up in the order they were sent, whatever order they finish in,
// so a search with a deterministic evaluator stays deterministic.

// flightBatch is one batch of leaves sent to the evaluator and not yet
// backed up.
type flightBatch struct {
	leaves []leaf
	done   chan error
}

// runPipelined is Run's loop with Config.BatchesInFlight batches at the
// evaluator.
func (s *Search) runPipelined(ctx context.Context, limit int32, deadline time.Time) error {
	buf := make([]engine.Position, 0, 64)
	var flight []*flightBatch // oldest first
	for {
		if err := ctx.Err(); err != nil {
			s.abandon(flight)
			return err
		}
		stop := limit > 0 && s.root.visits >= limit || !deadline.IsZero() && time.Now().After(deadline)
		if stop && len(flight) == 0 {
			return nil
		}
		if !stop && len(flight) < s.cfg.BatchesInFlight {
			if leaves := s.selectLeaves(&buf, limit); len(leaves) > 0 {
				flight = append(flight, s.startBatch(ctx, leaves))
				if len(flight) < s.cfg.BatchesInFlight {
					continue // fill the pipeline first
				}
			}
		}
		if len(flight) == 0 {
			if s.root.inflight == 0 && s.allTerminal() {
				return nil
			}
			continue
		}
		// The solver's work on the nodes the last batch expanded runs
		// while the network evaluates.
		s.provePending()
		b := flight[0]
		flight = flight[1:]
		if err := s.finishBatch(b); err != nil {
			s.abandon(flight)
			return err
		}
	}
}

// startBatch sends the leaves to the evaluator in one call, on another
// goroutine: only the search's goroutine touches the tree, the evaluator
// only fills the requests.
func (s *Search) startBatch(ctx context.Context, leaves []leaf) *flightBatch {
	reqs := make([]*Request, len(leaves))
	for i, l := range leaves {
		reqs[i] = l.req
	}
	b := &flightBatch{leaves: leaves, done: make(chan error, 1)}
	go func() { b.done <- s.eval.Evaluate(ctx, reqs) }()
	return b
}

// finishBatch waits for b's evaluation and backs its leaves up in order.
func (s *Search) finishBatch(b *flightBatch) error {
	if err := <-b.done; err != nil {
		s.unwind(b.leaves)
		return fmt.Errorf("search: evaluating %d leaves: %w", len(b.leaves), err)
	}
	s.backupLeaves(b.leaves)
	return nil
}

// abandon waits for the batches still in flight (their evaluations stop
// with the context) and unwinds them.
func (s *Search) abandon(flight []*flightBatch) {
	for _, b := range flight {
		<-b.done //nolint:errcheck // the run already failed; this batch's own error adds nothing
		s.unwind(b.leaves)
	}
}
