package analysis

import (
	"context"
	"sync"
	"time"
)

// Gate lets batch work (reviews, opening batches) yield to interactive
// analyses: before each search a job waits until no interactive analysis
// is running, for at most a bounded time so that jobs still progress
// under constant interactive load. (The network's batching queue also
// serves interactive requests first; the gate covers the CPU time of the
// searches themselves and of the heuristic evaluator.)
type Gate struct {
	mu     sync.Mutex
	active int
	idle   chan struct{} // closed while active == 0
}

// NewGate returns a gate with no interactive analysis running.
func NewGate() *Gate {
	g := &Gate{idle: make(chan struct{})}
	close(g.idle)
	return g
}

// Enter marks an interactive analysis running; call the returned function
// when it ends.
func (g *Gate) Enter() func() {
	g.mu.Lock()
	if g.active == 0 {
		g.idle = make(chan struct{})
	}
	g.active++
	g.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			g.mu.Lock()
			g.active--
			if g.active == 0 {
				close(g.idle)
			}
			g.mu.Unlock()
		})
	}
}

// Wait blocks until no interactive analysis runs, at most max, or until
// ctx ends.
func (g *Gate) Wait(ctx context.Context, max time.Duration) error {
	g.mu.Lock()
	idle := g.idle
	g.mu.Unlock()
	select {
	case <-idle:
		return nil
	default:
	}
	t := time.NewTimer(max)
	defer t.Stop()
	select {
	case <-idle:
	case <-t.C:
	case <-ctx.Done():
		return ctx.Err()
	}
	return nil
}

// Interactive returns the number of interactive analyses running.
func (g *Gate) Interactive() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.active
}
