package winratecal

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/search"
	"github.com/wallzero/wallzero/service/analysis"
)

// Position is one analysed position of a calibration game, a JSON line of
// `wallzero calibration play`: what the service said of it and how the
// game ended. Values are indexed by colour (Red, Blue, Green, Yellow).
type Position struct {
	Game    int            `json:"game"`
	Ply     int            `json:"ply"`
	Players int            `json:"players"`
	Opening engine.Opening `json:"opening"`
	Phase   string         `json:"phase"`
	Mover   grid.Color     `json:"mover"`
	// Search is every seat's win rate after the service's search, before
	// any calibration; Raw is the network's value before search.
	Search []float32 `json:"search"`
	Raw    []float32 `json:"raw"`
	// Best is every seat's win rate after the search's best move (two
	// players; absent in older files): the value of the line the engine
	// plays, where Search averages over every move the search tried.
	Best []float32 `json:"best,omitempty"`
	// Proven says the search proved the result (Search is then exact).
	Proven bool `json:"proven,omitempty"`
	// Result is every seat's share of the final result (1 a win, 0 a
	// loss, drawn seats sharing one).
	Result []float32 `json:"result"`
}

// Game is one calibration game: its record and its analysed positions.
type Game struct {
	Index int `json:"index"`
	// Model is the model that analysed the game's positions.
	Model     string        `json:"model,omitempty"`
	Record    engine.Record `json:"record"`
	Positions []Position    `json:"positions"`
}

// PlayConfig configures Play.
type PlayConfig struct {
	// Analyzer analyses each position as the service does (its model, its
	// search settings, LeafBatch, proofs). Position.Search is read from
	// the analyses' uncalibrated win rates (RootInfo.SearchWinrate), so
	// the analyzer's own calibration, if any, does not enter the data.
	Analyzer *analysis.Analyzer
	// Rules are the games' rules.
	Rules engine.Rules
	// Games, Seed and Visits: how many games, the seed every game's
	// setup sampling derives from, and the visits of each analysis.
	Games  int
	Seed   uint64
	Visits int
	// Workers is the number of games played at once.
	Workers int
	// Skip holds the indices of games not to play (those a file already
	// has).
	Skip map[int]bool
	// SamplePlies, when above zero, samples the moves of the first plies
	// in proportion to visits in the play phase too, as training
	// self-play does (the setup's placements are always sampled): games
	// like the ones the value head learned from, for comparison.
	SamplePlies int
}

// Play plays self-play games in which every move is the service's
// analysis of the position at its settings (the best move in the play
// phase; in the setup phase a placement drawn in proportion to visits, as
// match's search players do, so that games differ), and hands each
// finished game to emit in the order of their indices' completion. emit
// is called from one goroutine at a time.
func Play(ctx context.Context, cfg PlayConfig, emit func(*Game) error) error {
	rules, err := cfg.Rules.Normalize()
	if err != nil {
		return err
	}
	g, ctx := errgroup.WithContext(ctx)
	next := make(chan int)
	var mu sync.Mutex
	g.Go(func() error {
		defer close(next)
		for i := range cfg.Games {
			if cfg.Skip[i] {
				continue
			}
			select {
			case next <- i:
			case <-ctx.Done():
				return nil
			}
		}
		return nil
	})
	for range max(cfg.Workers, 1) {
		g.Go(func() error {
			for i := range next {
				game, err := playGame(ctx, cfg, rules, i)
				if err != nil {
					return fmt.Errorf("game %d: %w", i, err)
				}
				mu.Lock()
				err = emit(game)
				mu.Unlock()
				if err != nil {
					return err
				}
			}
			return nil
		})
	}
	return g.Wait()
}

// playGame plays game i to its end.
func playGame(ctx context.Context, cfg PlayConfig, rules engine.Rules, i int) (*Game, error) {
	rng := rand.New(rand.NewPCG(cfg.Seed, uint64(i)))
	positions := []engine.Position{engine.NewPosition(rules)}
	out := &Game{Index: i, Model: cfg.Analyzer.ModelFor(rules.Players)}
	var moves []grid.Move
	q := &analysis.Query{Rules: rules, MaxVisits: cfg.Visits}
	for turn := 0; !positions[turn].IsOver(); turn++ {
		if turn > 4*grid.NumSquares*grid.MaxPlayers {
			return nil, fmt.Errorf("no end after %d plies", turn)
		}
		pos := positions[turn]
		an, err := cfg.Analyzer.AnalyzeTurn(ctx, q, positions, turn, analysis.RunOptions{})
		if err != nil {
			return nil, err
		}
		if len(an.MoveInfos) == 0 {
			return nil, fmt.Errorf("ply %d: the analysis has no moves", turn)
		}
		out.Positions = append(out.Positions, positionOf(i, &pos, an))
		pick := an.MoveInfos[0]
		if pos.Phase() == engine.Setup || turn < cfg.SamplePlies {
			pick = sampleByVisits(rng, an.MoveInfos)
		}
		m := pick.Move
		next := pos
		if err := next.Play(m); err != nil {
			return nil, fmt.Errorf("ply %d: %s: %w", turn, pick.Move, err)
		}
		moves = append(moves, m)
		positions = append(positions, next)
	}
	final := positions[len(positions)-1]
	u := search.TerminalUtility(&final)
	for k := range out.Positions {
		out.Positions[k].Result = append([]float32(nil), u[:rules.Players]...)
	}
	out.Record = engine.Record{Rules: rules, Moves: make([]string, len(moves))}
	for k, m := range moves {
		out.Record.Moves[k] = positions[k].ToMove().Letter() + " " + m.String()
	}
	return out, nil
}

// positionOf records what the analysis an said of pos.
func positionOf(game int, pos *engine.Position, an *analysis.Analysis) Position {
	n := pos.Players()
	p := Position{Game: game, Ply: pos.Ply(), Players: n, Opening: pos.Rules().Opening, Phase: pos.Phase().String(), Mover: pos.ToMove(),
		Proven: an.RootInfo.Proof != nil, Search: make([]float32, n), Raw: make([]float32, n)}
	if n == 2 {
		mover, other := pos.ToMove(), 1-pos.ToMove()
		own := an.RootInfo.Winrate
		if an.RootInfo.SearchWinrate != nil {
			own = *an.RootInfo.SearchWinrate
		}
		p.Search[mover], p.Search[other] = own, 1-own
		p.Raw[mover], p.Raw[other] = an.RootInfo.RawWinrate, 1-an.RootInfo.RawWinrate
		if len(an.MoveInfos) > 0 && an.MoveInfos[0].Visits > 0 {
			best := an.MoveInfos[0].Winrate
			p.Best = make([]float32, 2)
			p.Best[mover], p.Best[other] = best, 1-best
		}
		return p
	}
	own := an.RootInfo.Winrates
	if an.RootInfo.SearchWinrates != nil {
		own = an.RootInfo.SearchWinrates
	}
	raw := an.RootInfo.RawWinrates
	for c := range n {
		if c < len(own) && c < len(raw) {
			p.Search[c], p.Raw[c] = own[c], raw[c]
		}
	}
	return p
}

// sampleByVisits draws a move in proportion to its visits.
func sampleByVisits(rng *rand.Rand, infos []analysis.MoveInfo) analysis.MoveInfo {
	total := 0
	for _, mi := range infos {
		total += mi.Visits
	}
	if total == 0 {
		return infos[0]
	}
	x := rng.IntN(total)
	for _, mi := range infos {
		if x -= mi.Visits; x < 0 {
			return mi
		}
	}
	return infos[len(infos)-1]
}
