package selfplay

import (
	"context"
	"fmt"
	"sync"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/search"
)

// MultiStats summarises a batch of three- and four-player self-play games.
type MultiStats struct {
	Games   int `json:"games"`
	Samples int `json:"samples"`
	Plies   int `json:"plies"`
	// GamesByPlayers counts games by player count ("3", "4").
	GamesByPlayers map[string]int `json:"games_by_players"`
	// WinsByColour counts each colour's wins by player count (a shared win
	// split between its winners): how much the seat order matters.
	WinsByColour map[string][]float64 `json:"wins_by_colour"`
}

// GenerateMulti plays games of three and four players on parallel
// goroutines sharing eval, cycling through rules, and hands each finished
// game to w. Game i uses seed seed+i.
func GenerateMulti(ctx context.Context, eval search.Evaluator, cfg Config, rules []engine.Rules, games, parallel int, seed uint64, w *MultiWriter, progress func(done int)) (MultiStats, error) {
	st := MultiStats{GamesByPlayers: map[string]int{}, WinsByColour: map[string][]float64{}}
	for _, r := range rules {
		if r.Players < 3 {
			return st, fmt.Errorf("multi-player self-play: rules %v have %d players, want 3 or 4", r, r.Players)
		}
	}
	var mu sync.Mutex
	err := playGames(ctx, games, parallel, cfg.StopAfter, func(i int) error {
		r := rules[i%len(rules)]
		g, err := PlayMultiGame(ctx, eval, cfg, r, seed+uint64(i))
		if err == nil {
			err = w.Add(g.Samples)
		}
		if err != nil {
			return err
		}
		mu.Lock()
		key := fmt.Sprint(r.Players)
		st.Games++
		st.Samples += len(g.Samples)
		st.Plies += g.Plies
		st.GamesByPlayers[key]++
		share := st.WinsByColour[key]
		if share == nil {
			share = make([]float64, r.Players)
			st.WinsByColour[key] = share
		}
		n := 0
		for c := 0; c < r.Players; c++ {
			n += int(g.Winners >> uint(c) & 1)
		}
		for c := 0; c < r.Players; c++ {
			if g.Winners>>uint(c)&1 != 0 {
				share[c] += 1 / float64(n)
			}
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
