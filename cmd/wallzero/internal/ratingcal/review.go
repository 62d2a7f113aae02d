package ratingcal

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/engine/player"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/jobs"
	"github.com/wallzero/wallzero/service/jobs/movelevel"
	"github.com/wallzero/wallzero/service/jobs/review"
	"github.com/wallzero/wallzero/service/jobs/reviewrow"
	"github.com/wallzero/wallzero/service/rating"
)

// Reviewed is one reviewed calibration game as `wallzero rating review`
// writes it, a JSON line each: the saved game's players and result, the
// review's model and visits, and each side's moves as the estimate reads
// them (the rest of the review is not needed to fit or check a mapping).
type Reviewed struct {
	Players player.SavedPlayers `json:"players"`
	Result  player.SavedResult  `json:"result"`
	Game    int                 `json:"game"`
	Seed    uint64              `json:"seed"`
	Model   string              `json:"model"`
	Visits  int                 `json:"visits"`
	// InaccuracyPoints is the review's points threshold of an
	// inaccuracy, which the rating calibration is keyed by.
	InaccuracyPoints float64                  `json:"inaccuracyPoints"`
	Moves            map[string][]rating.Move `json:"moves"`
	// Accuracy is each side's accuracy as the review reports it.
	Accuracy map[string]float64 `json:"accuracy,omitempty"`
	// Review is the whole review (ReviewOptions.Whole): what the
	// service's review of the game says, for measuring its verdicts.
	Review *reviewrow.Result `json:"review,omitempty"`
}

// ReviewOptions configure ReviewGames.
type ReviewOptions struct {
	// Visits per position, as a review job's maxVisits.
	Visits int
	// Games is the number of games reviewed at once and Parallel the
	// positions of each searched at once.
	Games, Parallel int
	// Whole keeps each game's whole review, explanations and turning
	// points included (Reviewed.Review), not only the moves the rating
	// estimate reads.
	Whole bool
	// Levels is the ladder the whole review measures its inaccuracies,
	// mistakes and blunders against (movelevel.Ladder; nil: no levels). Only
	// the whole review carries levels, so they are measured only with
	// Whole.
	Levels []movelevel.LadderLevel
	// Progress, when set, is called after each game with the number done.
	Progress func(done int)
}

// ReviewGames reads saved games (match -save-games lines) from in,
// reviews each through c and writes a Reviewed line per game to out, in
// the order read.
func ReviewGames(ctx context.Context, c *analysis.Cached, in io.Reader, out io.Writer, o ReviewOptions) (int, error) {
	var games []player.SavedGame
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for line := 1; sc.Scan(); line++ {
		var g player.SavedGame
		if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
			return 0, fmt.Errorf("line %d: %w", line, err)
		}
		games = append(games, g)
	}
	if err := sc.Err(); err != nil {
		return 0, err
	}
	var levels []movelevel.LadderLevel
	if o.Whole {
		levels = o.Levels
	}
	results := make([]*Reviewed, len(games))
	var mu sync.Mutex
	done := 0
	eg, ctx := errgroup.WithContext(ctx)
	eg.SetLimit(max(o.Games, 1))
	for i := range games {
		eg.Go(func() error {
			prep, err := analysis.ReplayRecord(games[i].Record, c.Analyzer().Limits())
			if err != nil {
				return fmt.Errorf("game %d: %w", i+1, err)
			}
			res, err := jobs.ReviewGame(ctx, c, prep, jobs.ReviewOptions{Visits: o.Visits, Parallel: o.Parallel, Explain: o.Whole, Levels: levels})
			if err != nil {
				return fmt.Errorf("game %d: %w", i+1, err)
			}
			results[i] = &Reviewed{Players: games[i].Players, Result: games[i].Result, Game: games[i].Game, Seed: games[i].Seed,
				Model: res.Model, Visits: res.Visits, InaccuracyPoints: res.Thresholds.InaccuracyPoints}
			results[i].Moves, results[i].Accuracy = byName(res)
			if o.Whole {
				results[i].Review = reviewrow.From(res)
			}
			mu.Lock()
			done++
			if o.Progress != nil {
				o.Progress(done)
			}
			mu.Unlock()
			return nil
		})
	}
	if err := eg.Wait(); err != nil {
		return 0, err
	}
	enc := json.NewEncoder(out)
	for _, r := range results {
		if err := enc.Encode(r); err != nil {
			return 0, err
		}
	}
	return len(results), nil
}

// byName names each side's moves and accuracy in a review by colour, as
// the lines keep them.
func byName(res *jobs.ReviewResult) (map[string][]rating.Move, map[string]float64) {
	moves, acc := map[string][]rating.Move{}, map[string]float64{}
	for c, ms := range review.RatingMoves(res) {
		if len(ms) > 0 {
			moves[grid.Color(c).String()] = ms
			acc[grid.Color(c).String()] = res.Accuracy[c]
		}
	}
	return moves, acc
}
