package selfplay

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// playGames runs play(i) for games i = 0..games-1 on parallel goroutines
// until all are played, ctx ends, stopAfter (when set) passes, or a play
// fails; it returns the first error. play calls for different i run
// concurrently.
func playGames(ctx context.Context, games, parallel int, stopAfter time.Time, play func(i int) error) error {
	var next atomic.Int64
	var mu sync.Mutex
	var firstErr error
	var wg sync.WaitGroup
	for range max(1, parallel) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= games || ctx.Err() != nil || (!stopAfter.IsZero() && time.Now().After(stopAfter)) {
					return
				}
				if err := play(i); err != nil {
					mu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					return
				}
			}
		}()
	}
	wg.Wait()
	if firstErr == nil {
		firstErr = ctx.Err()
	}
	return firstErr
}
