package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/program"
	"github.com/wallzero/wallzero/cmd/wallzero/internal/selfplay"
	"github.com/wallzero/wallzero/cmd/wallzero/internal/stats"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/service/explorer"
)

// explorerSelfplay implements `wallzero explorer selfplay`: it plays
// games with the model and counts their opening states.
func explorerSelfplay(args []string, stdout, stderr io.Writer) error {
	var f explorerFlags
	fs := f.register("selfplay", stderr)
	games := fs.Int("games", 100, "games to play")
	visits := fs.Int("visits", 32, "visits per move")
	sample := fs.Int("sample-moves", 12, "plies sampled in proportion to visits (variety); the rest play the best move")
	seed := fs.Uint64("seed", uint64(time.Now().UnixNano()), "seed of game 0 (game i uses seed+i)")
	if err := program.ParseWithEnv(fs, args); err != nil {
		return err
	}
	rules, err := engine.Rules{Players: 2, Opening: engine.Opening(f.opening)}.Normalize()
	if err != nil {
		return fmt.Errorf("-opening: %w", err)
	}
	ctx := context.Background()
	env, err := f.open(ctx)
	if err != nil {
		return err
	}
	defer env.Close()
	eval, info, err := env.Ev.Get("")
	if err != nil {
		return err
	}
	cfg := selfplay.Config{FullVisits: *visits, FastVisits: *visits, FullProb: 0, SampleMoves: *sample, LeafBatch: 8}
	ctx = inference.WithPriority(ctx, inference.Batch)
	start := time.Now()
	out := make([]explorer.SelfplayOpening, *games)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	next := make(chan int)
	for range max(1, f.parallel) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				g, err := selfplay.PlayGame(ctx, eval, cfg, rules, *seed+uint64(i))
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
				}
				if err == nil {
					startPos := engine.NewPosition(rules)
					_, total := startPos.SetupPlacements()
					out[i] = explorer.SelfplayOpening{Moves: g.Moves[:total], Winner: g.Winner}
				}
				mu.Unlock()
			}
		}()
	}
	for i := range *games {
		next <- i
	}
	close(next)
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	if err := env.Svc.Explorer().RecordSelfplayOpenings(ctx, f.opening, *visits, out); err != nil {
		return err
	}
	res, err := env.Svc.Explorer().Explore(ctx, &explorer.Query{Opening: f.opening})
	if err != nil {
		return err
	}
	return json.NewEncoder(stdout).Encode(map[string]any{
		"opening": f.opening, "model": info.ID, "games": *games, "visits": *visits, "seconds": stats.Round2(time.Since(start).Seconds()),
		"gamesCounted": res.SelfplayGames, "frequent": res.Frequent,
	})
}
