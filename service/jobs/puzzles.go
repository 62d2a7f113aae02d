package jobs

import (
	"context"
	"fmt"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/service/access"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/explain"
	"github.com/wallzero/wallzero/service/jobs/review"
)

// Puzzle selection: a position where the player lost at least a mistake's
// worth becomes a puzzle when one move is clearly best there, at the
// review's visits and again at PuzzleDeepFactor times as many: the same
// best move, ahead of every other by at least PuzzleMargin of win rate, or
// proven to be the only winning move.
const (
	PuzzleMargin     = 0.15
	PuzzleDeepFactor = 4
)

// PuzzleSet is the puzzles of one review, in the order of the game (api/wire
// writes it as JSON).
type PuzzleSet struct {
	// ReviewID is the review they come from.
	ReviewID string
	// Visits and DeepVisits are the two searches every answer was checked at.
	Visits, DeepVisits int
	// Puzzles are the positions kept.
	Puzzles []Puzzle
	// Skipped are the mistakes left out, each with the reason.
	Skipped []SkippedPuzzle
}

// Puzzle is a position to solve: the record up to it, whose turn it is,
// what was played and the answer.
type Puzzle struct {
	// Ply is the index of the move played in the game (the position is
	// the one before it).
	Ply int
	// Record replays to the puzzle's position.
	Record engine.Record
	// Player is the player to move.
	Player grid.Color
	// Played is the move played in the game, Loss what it cost.
	Played grid.Move
	Loss   float32
	// Solution is the clearly best move and Line its principal variation.
	Solution grid.Move
	Line     []grid.Move
	// Margin is the solution's lead in win rate over the next move in the
	// deeper search; Proven says the solver proved it the only win.
	Margin float32
	Proven bool
	// Explanation is the review's explanation of the mistake.
	Explanation *explain.Explanation
}

// SkippedPuzzle is a mistake that did not become a puzzle, and why.
type SkippedPuzzle struct {
	Ply    int
	Reason string
}

// Puzzles returns the puzzles of a succeeded review (a review still
// running is a wallzero.CodeConflict error). Each candidate position is
// searched twice through the analysis cache, at the review's visits and
// at PuzzleDeepFactor times as many, at batch priority like a job's, so a
// second call is answered from the cache. The caller's key is charged for
// the searches made, not for those read from the cache (chargeSearch).
func (s *Runner) Puzzles(ctx context.Context, id string) (*PuzzleSet, error) {
	rj, err := s.Review(ctx, id)
	if err != nil {
		return nil, err
	}
	if !rj.Succeeded() || rj.Result == nil || rj.Result.Record == nil {
		return nil, &wallzero.Error{Code: wallzero.CodeConflict, Field: "id", Message: fmt.Sprintf("review %s is %s: puzzles come from a finished review", id, rj.Status)}
	}
	res := rj.Result
	g, positions, err := res.Record.Replay() // once, for every candidate's position
	if err != nil {
		return nil, &wallzero.Error{Code: wallzero.CodeInternal, Message: "stored review: " + err.Error(), Err: err}
	}
	rules := g.Rules.String()
	out := &PuzzleSet{ReviewID: id, Visits: res.Visits, DeepVisits: res.Visits * PuzzleDeepFactor, Puzzles: []Puzzle{}, Skipped: []SkippedPuzzle{}}
	// The searches are batch work, as a job's are: below the interactive
	// analyses in the evaluator's queue, and yielding to those running.
	ctx = inference.WithPriority(ctx, inference.Batch)
	for _, mv := range res.Moves {
		if float64(mv.Loss) < review.MistakeLoss || mv.Ply >= len(positions) {
			continue
		}
		if err := s.gate.Wait(ctx, s.cfg.BatchYield); err != nil {
			return nil, err
		}
		shallow, err := s.analyses.Full(ctx, rules, positions, mv.Ply, out.Visits)
		if err != nil {
			return nil, err
		}
		if err := chargeSearch(ctx, shallow, out.Visits); err != nil {
			return nil, err
		}
		deep, err := s.analyses.Full(ctx, rules, positions, mv.Ply, out.DeepVisits)
		if err != nil {
			return nil, err
		}
		if err := chargeSearch(ctx, deep, out.DeepVisits); err != nil {
			return nil, err
		}
		p, reason := SelectPuzzle(mv, shallow, deep)
		if reason != "" {
			out.Skipped = append(out.Skipped, SkippedPuzzle{Ply: mv.Ply, Reason: reason})
			continue
		}
		p.Record = engine.Record{Rules: res.Record.Rules, Board: res.Record.Board, Moves: res.Record.Moves[:mv.Ply]}
		out.Puzzles = append(out.Puzzles, p)
	}
	return out, nil
}

// chargeSearch charges the caller's key for a puzzle's search that was
// made for it (not read from the cache), as it is made: a key over its
// quota stops the request with CodeRateLimited, and the searches made so
// far stay cached for its retry.
func chargeSearch(ctx context.Context, a *analysis.Analysis, visits int) error {
	if a.Cache != nil && a.Cache.Hit {
		return nil
	}
	return access.ChargeVisits(ctx, 1, visits)
}

// SelectPuzzle decides whether the position before a reviewed move makes
// a puzzle, from its analyses at two budgets. It returns the puzzle
// (without its record), or the reason it is left out.
func SelectPuzzle(mv MoveReview, shallow, deep *analysis.Analysis) (Puzzle, string) {
	if float64(mv.Loss) < review.MistakeLoss {
		return Puzzle{}, fmt.Sprintf("the move lost %.2f, less than a mistake (%.2f)", mv.Loss, review.MistakeLoss)
	}
	sBest, _ := topTwo(shallow)
	dBest, dNext := topTwo(deep)
	if sBest == nil || dBest == nil {
		return Puzzle{}, "no move was searched"
	}
	if sBest.Move != dBest.Move {
		return Puzzle{}, fmt.Sprintf("the best move changes with more visits (%s, then %s)", sBest.Move, dBest.Move)
	}
	if dBest.Move == mv.Move {
		return Puzzle{}, "the move played is the best one in the deeper search"
	}
	p := Puzzle{Ply: mv.Ply, Player: mv.Player, Played: mv.Move, Loss: mv.Loss, Solution: dBest.Move,
		Line: dBest.PV, Explanation: mv.Explanation}
	if onlyProvenWin(deep, dBest) {
		p.Proven = true
		if dNext != nil {
			p.Margin = dBest.Winrate - dNext.Winrate
		}
		return p, ""
	}
	if dNext == nil {
		return Puzzle{}, "only one legal move"
	}
	p.Margin = dBest.Winrate - dNext.Winrate
	if float64(p.Margin) < PuzzleMargin {
		return Puzzle{}, fmt.Sprintf("two moves within %.2f of each other (%s and %s)", PuzzleMargin, dBest.Move, dNext.Move)
	}
	if sNext := second(shallow, sBest); sNext != nil && float64(sBest.Winrate-sNext.Winrate) < PuzzleMargin {
		return Puzzle{}, fmt.Sprintf("at the review's visits %s and %s are within %.2f", sBest.Move, sNext.Move, PuzzleMargin)
	}
	return p, ""
}

// topTwo returns the searched moves with the most visits and the next
// one (nil when there are fewer).
func topTwo(a *analysis.Analysis) (best, next *analysis.MoveInfo) {
	if a == nil {
		return nil, nil
	}
	for i := range a.MoveInfos {
		m := &a.MoveInfos[i]
		if m.Visits == 0 {
			continue
		}
		switch {
		case best == nil || m.Visits > best.Visits:
			best, next = m, best
		case next == nil || m.Visits > next.Visits:
			next = m
		}
	}
	return best, next
}

// second returns the searched move with the most visits after best.
func second(a *analysis.Analysis, best *analysis.MoveInfo) *analysis.MoveInfo {
	var next *analysis.MoveInfo
	for i := range a.MoveInfos {
		m := &a.MoveInfos[i]
		if m.Move != best.Move && m.Visits > 0 && (next == nil || m.Visits > next.Visits) {
			next = m
		}
	}
	return next
}

// onlyProvenWin reports whether best is proven to win and every other
// move of the analysis is proven not to.
func onlyProvenWin(a *analysis.Analysis, best *analysis.MoveInfo) bool {
	if best.Proof == nil || best.Proof.Result != "win" {
		return false
	}
	for _, m := range a.MoveInfos {
		if m.Move != best.Move && (m.Proof == nil || m.Proof.Result == "win") {
			return false
		}
	}
	return true
}
