package player

import (
	"context"
	"runtime"
	"sync"
)

// playIndexed runs play(ctx, i) for i in [0, n) on workers goroutines (0
// or less: runtime.NumCPU()) and returns the results in index order. Each
// result depends only on its index, so the worker count does not change
// them. It stops at the first error, cancelling the games in flight, and
// reports ctx's error when ctx ends before every game was started.
func playIndexed[T any](ctx context.Context, n, workers int, play func(ctx context.Context, i int) (T, error)) ([]T, error) {
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	workers = min(workers, n)

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	out := make([]T, n)
	jobs := make(chan int)
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		firstErr error
	)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				g, err := play(ctx, i)
				if err != nil {
					mu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					cancel()
					continue
				}
				out[i] = g
			}
		}()
	}
feed:
	for i := range n {
		select {
		case jobs <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	if err := ctx.Err(); err != nil {
		return nil, err // the caller's context ended before every game was fed
	}
	return out, nil
}
