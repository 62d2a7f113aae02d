package service

import (
	"context"
	"sync"
	"time"
)

// gate lets batch work (reviews, opening batches) yield to interactive
// analyses: before each search a job waits until no interactive analysis
// is running, for at most a bounded time so that jobs still progress
// under constant interactive load. (The network's batching queue also
// serves interactive requests first; the gate covers the CPU time of the
// searches themselves and of the heuristic evaluator.)
type gate struct {
	mu     sync.Mutex
	active int
	idle   chan struct{} // closed while active == 0
}

func newGate() *gate {
	g := &gate{idle: make(chan struct{})}
	close(g.idle)
	return g
}

// enter marks an interactive analysis running; call the returned function
// when it ends.
func (g *gate) enter() func() {
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

// wait blocks until no interactive analysis runs, at most max, or until
// ctx ends.
func (g *gate) wait(ctx context.Context, max time.Duration) error {
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

// interactive returns the number of interactive analyses running.
func (g *gate) interactive() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.active
}
