package selfplay

import (
	"context"
	"fmt"
	"sync"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/search"
)

// Stats summarises a batch of self-play games.
type Stats struct {
	Games   int `json:"games"`
	Samples int `json:"samples"`
	Plies   int `json:"plies"`
	// ByMode counts games by opening.
	ByMode map[string]int `json:"games_by_mode"`
	// RedWins and Draws count two-player games won by Red and drawn, by
	// opening.
	RedWins map[string]int `json:"red_wins,omitempty"`
	Draws   map[string]int `json:"draws,omitempty"`
	// GamesByPlayers counts three- and four-player games by player count
	// ("3", "4").
	GamesByPlayers map[string]int `json:"games_by_players,omitempty"`
	// WinsByColour counts each colour's wins by player count (a shared win
	// split between its winners) in three- and four-player games: how much
	// the seat order matters.
	WinsByColour map[string][]float64 `json:"wins_by_colour,omitempty"`
}

// Generate plays games on parallel goroutines sharing eval, cycling through
// the rules given, and hands each finished game to w; every rule's player
// count must be one of w's format. Game i uses seed seed+i, so the set of
// games does not depend on parallel.
func Generate(ctx context.Context, eval search.Evaluator, cfg Config, rules []engine.Rules, games, parallel int, seed uint64, w *Writer, progress func(done int)) (Stats, error) {
	st := Stats{ByMode: map[string]int{}, RedWins: map[string]int{}, Draws: map[string]int{}, GamesByPlayers: map[string]int{}, WinsByColour: map[string][]float64{}}
	for _, r := range rules {
		if !w.format.Serves(r.Players) {
			return st, fmt.Errorf("self-play: rules %v have %d players, the writer's format %s encodes %v", r, r.Players, w.format.FeatureSet(), w.format.Players())
		}
	}
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
		st.add(g)
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

// add counts one finished game.
func (st *Stats) add(g GameResult) {
	mode := string(g.Rules.Opening)
	st.Games++
	st.Samples += len(g.Samples)
	st.Plies += g.Plies
	st.ByMode[mode]++
	if n := g.Rules.Players; n == 2 {
		switch g.Winner {
		case grid.Red:
			st.RedWins[mode]++
		case grid.NoColor:
			st.Draws[mode]++
		}
		return
	}
	key := fmt.Sprint(g.Rules.Players)
	st.GamesByPlayers[key]++
	share := st.WinsByColour[key]
	if share == nil {
		share = make([]float64, g.Rules.Players)
		st.WinsByColour[key] = share
	}
	n := 0
	for c := 0; c < g.Rules.Players; c++ {
		n += int(g.Winners >> uint(c) & 1)
	}
	for c := 0; c < g.Rules.Players; c++ {
		if g.Winners>>uint(c)&1 != 0 {
			share[c] += 1 / float64(n)
		}
	}
}
