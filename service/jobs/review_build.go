package jobs

import (
	"math"
	"sort"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/jobs/review"
)

// The review's result types are package review's (typed moves, colours,
// per-seat values); these names keep the package's own spelling.
type (
	// ReviewResult is the result of a review job (review.Result).
	ReviewResult = review.Result
	// CurvePoint is the win rates at one position.
	CurvePoint = review.CurvePoint
	// Thresholds are the losses at which moves are classified.
	Thresholds = review.Thresholds
	// MoveReview reviews one move (review.Move; how it is graded is review's grade.go).
	MoveReview = review.Move
	// KeyMove is one of the largest swings.
	KeyMove = review.KeyMove
)

// buildReview assembles a review from the analyses of every position of a
// game (len(g.Moves)+1 of them), of two, three or four players: the
// curve with every player's win rate, each move's loss for its mover,
// class and accuracy, each player's accuracy and the key moves.
func buildReview(g *engine.Game, analyses []*analysis.Analysis, keyMoves int) *ReviewResult {
	players := g.Rules.Players
	res := &ReviewResult{Moves: []MoveReview{}, KeyMoves: []KeyMove{},
		Thresholds: review.ThresholdsFor(players), Players: colours(players)}
	rates := make([][]float32, len(analyses))
	for i, a := range analyses {
		rates[i] = winratesOf(a, players)
		res.WinrateCurve = append(res.WinrateCurve, CurvePoint{Ply: i, Winrates: rates[i]})
	}
	for i, m := range g.Moves {
		mover := g.Movers[i]
		mr := MoveReview{Ply: i, Move: m, Player: mover,
			RedWinrateBefore: rates[i][grid.Red], RedWinrateAfter: rates[i+1][grid.Red], PlayedWinrate: rates[i+1][mover]}
		isBest := true
		if infos := analyses[i].MoveInfos; len(infos) > 0 {
			mr.BestMove, mr.BestWinrate, mr.BestPV = infos[0].Move, infos[0].Winrate, infos[0].PV
			isBest = infos[0].Move == m
		}
		if infos := analyses[i].MoveInfos; len(infos) > 0 && infos[0].ScoreLead != nil {
			if played, ok := review.LeadOf(analyses[i+1], mover, players); ok {
				best, after := wallzero.Round(*infos[0].ScoreLead), wallzero.Round(played)
				mr.BestScoreLead, mr.PlayedScoreLead = &best, &after
				if !isBest {
					mr.PointsLoss = wallzero.Round(max(0, best-after))
				}
			}
		}
		if !isBest {
			mr.Loss = wallzero.Round(max(0, mr.BestWinrate-mr.PlayedWinrate))
		}
		mr.Proof = analyses[i].RootInfo.Proof
		mr.Classification = res.Thresholds.Classify(mr.Loss, mr.PointsLoss, isBest)
		mr.Accuracy = res.Thresholds.MoveAccuracy(mr.Loss, mr.PointsLoss)
		res.Moves = append(res.Moves, mr)
	}
	res.Accuracy = review.PlayersAccuracy(res, g, rates, analyses)
	res.KeyMoves = keyMovesOf(res, g, rates, keyMoves)
	return res
}

// keyMovesOf returns the keyMoves moves with the largest absolute swings,
// largest first: of Red's win rate with two players, of the mover's own
// with three or four (where no one player's rate tells the whole game).
func keyMovesOf(res *ReviewResult, g *engine.Game, rates [][]float32, keyMoves int) []KeyMove {
	out := []KeyMove{}
	order := make([]int, len(res.Moves))
	for i := range order {
		order[i] = i
	}
	swing := func(i int) float32 {
		c := grid.Red
		if g.Rules.Players > 2 {
			c = g.Movers[i]
		}
		return wallzero.Round(rates[i+1][c] - rates[i][c])
	}
	abs := func(v float32) float32 { return float32(math.Abs(float64(v))) }
	sort.SliceStable(order, func(a, b int) bool { return abs(swing(order[a])) > abs(swing(order[b])) })
	for _, i := range order[:min(keyMoves, len(order))] {
		mr := &res.Moves[i]
		out = append(out, KeyMove{Ply: i, Move: mr.Move, Player: mr.Player, Swing: swing(i), Classification: mr.Classification})
	}
	return out
}
