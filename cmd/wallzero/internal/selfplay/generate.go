package selfplay

import (
	"context"
	"sync"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/search"
)

// Stats summarises a batch of self-play games.
type Stats struct {
	Games   int            `json:"games"`
	Samples int            `json:"samples"`
	Plies   int            `json:"plies"`
	RedWins map[string]int `json:"red_wins"`
	Draws   map[string]int `json:"draws"`
	ByMode  map[string]int `json:"games_by_mode"`
}

// Generate plays games on parallel goroutines sharing eval, cycling through
// the rules given, and hands each finished game to w. Game i uses seed
// seed+i, so the set of games does not depend on parallel.
func Generate(ctx context.Context, eval search.Evaluator, cfg Config, rules []engine.Rules, games, parallel int, seed uint64, w *Writer, progress func(done int)) (Stats, error) {
	st := Stats{RedWins: map[string]int{}, Draws: map[string]int{}, ByMode: map[string]int{}}
	var mu sync.Mutex
	err := playGames(ctx, games, parallel, cfg.StopAfter, func(i int) error {
		r := rules[i%len(rules)]
		g, err := PlayGame(ctx, eval, cfg, r, seed+uint64(i))
		if err == nil {
			err = w.Add(g.Samples)
		}
		if err != nil {
			return err
		}
		mu.Lock()
		mode := string(r.Opening)
		st.Games++
		st.Samples += len(g.Samples)
		st.Plies += g.Plies
		st.ByMode[mode]++
		switch g.Winner {
		case engine.Red:
			st.RedWins[mode]++
		case engine.NoColor:
			st.Draws[mode]++
		}
		done := st.Games
		mu.Unlock()
		if progress != nil {
			progress(done)
		}
		return nil
	})
	if err == nil {
		err = w.Flush()
	}
	return st, err
}
