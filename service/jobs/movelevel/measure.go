package movelevel

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"golang.org/x/sync/errgroup"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/engine/player"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/jobs/review"
)

// Engine plays the ladder's levels in the positions of one game;
// its methods may be called concurrently.
type Engine interface {
	// PlayerMove returns the move of the heuristic player spec in
	// position turn, deterministically.
	PlayerMove(ctx context.Context, spec string, turn int) (grid.Move, error)
	// SearchBest returns the best move of a fresh search of position turn
	// at visits (the zero Move when the search has none).
	SearchBest(ctx context.Context, turn, visits int) (grid.Move, error)
}

// Analyzer is the Engine of a review: the heuristic players
// of engine/player with a fixed seed, and searches by the review's
// analyzer outside the cache (a cache lookup answers a small budget with
// a larger search's analysis, which would hide what the small one finds).
type Analyzer struct {
	// An is the review's analyzer; Positions the game's positions.
	An        *analysis.Analyzer
	Positions []engine.Position
	// Wait, when set, runs before each search (the runner's gate, which
	// lets interactive analyses go first).
	Wait func(context.Context) error
}

// PlayerMove implements Engine.
func (e *Analyzer) PlayerMove(ctx context.Context, spec string, turn int) (grid.Move, error) {
	p, err := player.New(spec, levelSeed)
	if err != nil {
		return grid.Move{}, err
	}
	return p.ChooseMove(ctx, &e.Positions[turn])
}

// SearchBest implements Engine.
func (e *Analyzer) SearchBest(ctx context.Context, turn, visits int) (grid.Move, error) {
	if e.Wait != nil {
		if err := e.Wait(ctx); err != nil {
			return grid.Move{}, err
		}
	}
	a, err := e.An.AnalyzeTurn(ctx, &analysis.Query{MaxVisits: visits}, e.Positions, turn, analysis.RunOptions{})
	if err != nil || len(a.MoveInfos) == 0 {
		return grid.Move{}, err
	}
	return a.MoveInfos[0].Move, nil
}

// probeBudgets returns the budgets at which the search is asked for its
// best move: 16, 32, 64, ... below visits, then visits itself.
func probeBudgets(visits int) []int {
	var out []int
	for v := probeStart; v < visits; v *= 2 {
		out = append(out, v)
	}
	return append(out, visits)
}

// levelFinds reports whether move is the best move of the reference
// analysis ref (the review's, of the position before the move) or one the
// review would call good against it: a move the search visited whose win
// rate is less than t.Inaccuracy below the best's and whose score lead
// (when both are known) less than t.InaccuracyPoints below (t the review's
// thresholds). A move the search never visited has no value of its own
// and does not count.
func levelFinds(t review.Thresholds, ref *analysis.Analysis, move grid.Move) bool {
	best := ref.MoveInfos[0]
	if move == best.Move {
		return true
	}
	for _, mi := range ref.MoveInfos {
		if mi.Move != move {
			continue
		}
		if mi.Visits == 0 || review.Reaches(best.Winrate-mi.Winrate, t.Inaccuracy) {
			return false
		}
		return best.ScoreLead == nil || mi.ScoreLead == nil || !review.Reaches(*best.ScoreLead-*mi.ScoreLead, t.InaccuracyPoints)
	}
	return false
}

// policyChoice returns the move of highest prior in a (the first of
// equals in the analysis's order).
func policyChoice(a *analysis.Analysis) grid.Move {
	best, prior := grid.Move{}, float32(-1)
	for _, mi := range a.MoveInfos {
		if mi.Prior > prior {
			best, prior = mi.Move, mi.Prior
		}
	}
	return best
}

// measureLevel computes the level of the better move in position turn,
// whose review analysis at visits is ref, against the levels of ladder
// (already cut to the game: ladderFor). Searches are asked once per
// budget: the budget at which the search first prefers the best move,
// and the network levels' budgets, share them, and the review's own
// budget is ref; a level finds a move by the review's thresholds t. nil
// when ref has no moves.
func measureLevel(ctx context.Context, eng Engine, ladder []LadderLevel, t review.Thresholds, turn int, ref *analysis.Analysis, visits int) (*review.MoveLevel, error) {
	if len(ref.MoveInfos) == 0 {
		return nil, nil
	}
	best := ref.MoveInfos[0]
	searched := map[int]grid.Move{visits: best.Move}
	search := func(v int) (grid.Move, error) {
		if m, ok := searched[v]; ok {
			return m, nil
		}
		m, err := eng.SearchBest(ctx, turn, v)
		if err != nil {
			return grid.Move{}, err
		}
		searched[v] = m
		return m, nil
	}
	out := &review.MoveLevel{Finders: []string{}, Checked: []string{}, BestPrior: best.Prior}
	for _, v := range probeBudgets(visits) {
		m, err := search(v)
		if err != nil {
			return nil, err
		}
		if m == best.Move {
			out.VisitsToFind = v
			break
		}
	}
	for _, l := range ladder {
		var m grid.Move
		var err error
		switch {
		case l.Player != "":
			m, err = eng.PlayerMove(ctx, l.Player, turn)
		case l.Visits == 0:
			m = policyChoice(ref)
		default:
			m, err = search(l.Visits)
		}
		if err != nil {
			return nil, fmt.Errorf("level %s: %w", l.Name, err)
		}
		out.Checked = append(out.Checked, l.Name)
		if levelFinds(t, ref, m) {
			if out.Lowest == nil {
				r := l.Rating
				out.Lowest, out.LowestName = &r, l.Name
			}
			out.Finders = append(out.Finders, l.Name)
		}
	}
	return out, nil
}

// Needed reports whether a move's review gets a level: an
// inaccuracy, a mistake or a blunder.
func Needed(class string) bool {
	return class == "inaccuracy" || class == "mistake" || class == "blunder"
}

// Add computes the level of every inaccuracy, mistake and blunder
// of res (MoveReview.Level), parallel moves at a time, against the
// levels of ladder that the game's player count and the review's visits
// allow, and says it in the moves' explanations and on their turning
// points. It costs nothing for the other moves; for each leveled move, at
// most the searches of the doubling series below visits and one choice of
// each heuristic level (docs/reviews.md).
func Add(ctx context.Context, res *review.Result, analyses []*analysis.Analysis, eng Engine, ladder []LadderLevel, players, visits, parallel int) error {
	ladder = ladderFor(ladder, players, visits)
	if len(ladder) == 0 {
		return nil
	}
	eg, gctx := errgroup.WithContext(ctx)
	eg.SetLimit(max(parallel, 1))
	for i := range res.Moves {
		mr := &res.Moves[i]
		if !Needed(mr.Classification) {
			continue
		}
		eg.Go(func() error {
			l, err := measureLevel(gctx, eng, ladder, res.Thresholds, mr.Ply, analyses[mr.Ply], visits)
			if err != nil {
				return fmt.Errorf("level of move %d: %w", mr.Ply+1, err)
			}
			mr.Level = l
			return nil
		})
	}
	if err := eg.Wait(); err != nil {
		return err
	}
	for i := range res.Moves {
		mr := &res.Moves[i]
		if mr.Level == nil || mr.Explanation == nil {
			continue
		}
		mr.Explanation.Text += " " + levelSentence(mr.Level, mr.BestMove)
	}
	for i := range res.TurningPoints {
		tp := &res.TurningPoints[i]
		if tp.Ply < len(res.Moves) && res.Moves[tp.Ply].Level != nil {
			mr := &res.Moves[tp.Ply]
			tp.Level = mr.Level
			if mr.Explanation != nil {
				tp.Text = mr.Explanation.Text
			}
		}
	}
	return nil
}

// levelSentence says a move's level in words: "Club and up find
// E4-E5:N; the best move has a prior of 3% and the search needs 128
// visits to prefer it."
func levelSentence(l *review.MoveLevel, best grid.Move) string {
	var who string
	switch n, top := len(l.Finders), len(l.Checked); {
	case n == 0:
		who = fmt.Sprintf("None of the levels up to %s finds %s", l.Checked[top-1], best)
	case n == top:
		who = fmt.Sprintf("Every level finds %s", best)
	case slices.Equal(l.Finders, l.Checked[top-n:]) && n == 1:
		who = fmt.Sprintf("Only %s finds %s", l.Finders[0], best)
	case slices.Equal(l.Finders, l.Checked[top-n:]):
		who = fmt.Sprintf("%s and up find %s", l.Finders[0], best)
	case n == 1:
		who = fmt.Sprintf("%s finds %s", l.Finders[0], best)
	default:
		who = fmt.Sprintf("%s and %s find %s", strings.Join(l.Finders[:n-1], ", "), l.Finders[n-1], best)
	}
	prior := fmt.Sprintf("%.0f%%", 100*l.BestPrior)
	if l.BestPrior < 0.01 {
		prior = fmt.Sprintf("%.1f%%", 100*l.BestPrior)
	}
	return fmt.Sprintf("%s; the best move has a prior of %s and the search needs %d visits to prefer it.", who, prior, l.VisitsToFind)
}
