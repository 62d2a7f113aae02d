package selfplay

import (
	"context"
	"math"
	"math/rand/v2"
	"time"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/inference/format"
	"github.com/wallzero/wallzero/search"
)

// Config sets how self-play games are played.
type Config struct {
	// FullVisits and FastVisits are the visit budgets of full searches
	// (recorded as policy targets) and fast ones (not recorded).
	FullVisits int
	FastVisits int
	// FullProb is the chance that a move gets a full search.
	FullProb float64
	// Gumbel uses Gumbel root selection and its improved policy as the
	// target; otherwise PUCT with Dirichlet noise and the visit
	// distribution.
	Gumbel bool
	// SampleMoves is how many plies from the start are sampled in
	// proportion to visits (the rest play the best move).
	SampleMoves int
	// LeafBatch is the leaves one search keeps in flight.
	LeafBatch int
	// ScoreUtility is the searches' score utility (search.Config); 0 plays
	// for the win rate alone. The training loop sets it (1 by default: it
	// makes better policy targets; docs/reinforcement.md).
	ScoreUtility float32
	// StopAfter, when set, is the time after which Generate starts no new
	// game (games in flight finish and are written).
	StopAfter time.Time
}

// DefaultConfig returns the settings the training loop uses.
func DefaultConfig() Config {
	return Config{FullVisits: 200, FastVisits: 40, FullProb: 0.25, SampleMoves: 12, LeafBatch: 8}
}

// GameResult summarises one self-play game.
type GameResult struct {
	Rules engine.Rules
	Plies int
	// Winners has bit c set for each colour sharing the win; Winner is the
	// single winner, or grid.NoColor for a shared win (a draw).
	Winners uint8
	Winner  grid.Color
	// Score is each colour's final territory.
	Score   [grid.MaxPlayers]int
	Samples []Sample
	// Moves are the moves played, in order.
	Moves []grid.Move
}

// PlayGame plays one game from the start position of rules, of any player
// count, and returns its samples, in the format of the game's player count
// (format.For), with their result targets filled in.
func PlayGame(ctx context.Context, eval search.Evaluator, cfg Config, rules engine.Rules, seed uint64) (GameResult, error) {
	f, err := format.For(rules.Players)
	if err != nil {
		return GameResult{}, err
	}
	rec, err := recordsOf(f)
	if err != nil {
		return GameResult{}, err
	}
	pos := engine.NewPosition(rules)
	ps, err := newPlySearch(eval, cfg, pos, seed)
	if err != nil {
		return GameResult{}, err
	}
	var history []engine.Position
	var samples []Sample
	var played []grid.Move
	for ply := 0; !pos.IsOver(); ply++ {
		r, err := ps.run(ctx, &pos, ply)
		if err != nil {
			return GameResult{}, err
		}
		if r.target != nil && rec.keep(len(r.moves)) {
			s := newSample(f, pos, history, r.sym, r.moves, r.target)
			s.q = rec.q(&s, r.res)
			samples = append(samples, s)
		}
		m := r.move
		played = append(played, m)
		history = append([]engine.Position{pos}, history...)
		if len(history) > search.HistoryLen {
			history = history[:search.HistoryLen]
		}
		pos.Apply(m)
	}
	for i := range samples {
		rec.finish(&samples[i], &pos)
	}
	res := pos.Result()
	return GameResult{Rules: rules, Plies: pos.Ply(), Winners: res.Winners, Winner: res.Winner(), Score: res.Score, Samples: samples, Moves: played}, nil
}

// normalize returns w scaled to sum 1 (a copy).
func normalize(w []float32) []float32 {
	var sum float32
	for _, v := range w {
		sum += v
	}
	out := make([]float32, len(w))
	for i, v := range w {
		if sum > 0 {
			out[i] = v / sum
		}
	}
	return out
}

// pick samples an index in proportion to w (uniformly if all are zero).
func pick(rng *rand.Rand, w []float32) int {
	var sum float64
	for _, v := range w {
		sum += float64(v)
	}
	if sum <= 0 || math.IsNaN(sum) {
		return rng.IntN(len(w))
	}
	x := rng.Float64() * sum
	for i, v := range w {
		if x -= float64(v); x < 0 {
			return i
		}
	}
	return len(w) - 1
}
