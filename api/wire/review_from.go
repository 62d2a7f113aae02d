package wire

import (
	"math"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/service/jobs"
	"github.com/wallzero/wallzero/service/jobs/review"
	"github.com/wallzero/wallzero/service/rating"
)

// FromReviewJob writes a review job, its result in the API's shape.
func FromReviewJob(j *jobs.ReviewJob) *ReviewJob {
	return &ReviewJob{ID: j.ID, Kind: j.Kind, Status: j.Status, Progress: j.Progress, Attempts: j.Attempts, Error: j.Error,
		CreatedAt: j.CreatedAt, StartedAt: j.StartedAt, FinishedAt: j.FinishedAt, Result: FromReview(j.Result)}
}

// FromReview writes a review's result in the API's shape (nil stays nil).
func FromReview(r *review.Result) *ReviewResult {
	if r == nil {
		return nil
	}
	out := &ReviewResult{ID: r.ID, Record: r.Record, Model: r.Model, Visits: r.Visits, Players: wallzero.ColourNames(r.Players),
		WinrateCurve: make([]CurvePoint, len(r.WinrateCurve)), Moves: make([]MoveReview, len(r.Moves)), Accuracy: map[string]float64{},
		KeyMoves: make([]KeyMove, len(r.KeyMoves)), Thresholds: r.Thresholds, TurningPoints: make([]TurningPoint, len(r.TurningPoints))}
	for c, a := range r.Accuracy {
		if !math.IsNaN(a) { // a player without moves has none
			out.Accuracy[grid.Color(c).String()] = a
		}
	}
	for i, p := range r.WinrateCurve {
		out.WinrateCurve[i] = CurvePoint{Ply: p.Ply, RedWinrate: p.RedWinrate(), Winrates: wallzero.ByColour(p.Winrates)}
	}
	for i, m := range r.Moves {
		out.Moves[i] = MoveReview{Ply: m.Ply, Move: m.Move.String(), Player: m.Player.String(), RedWinrateBefore: m.RedWinrateBefore,
			RedWinrateAfter: m.RedWinrateAfter, BestMove: wallzero.MoveName(m.BestMove), BestWinrate: m.BestWinrate, BestPV: wallzero.NotNil(wallzero.MoveNames(m.BestPV)),
			PlayedWinrate: m.PlayedWinrate, Loss: m.Loss, BestScoreLead: m.BestScoreLead, PlayedScoreLead: m.PlayedScoreLead,
			PointsLoss: m.PointsLoss, Classification: m.Classification, Accuracy: m.Accuracy, Explanation: m.Explanation, Proof: m.Proof, Level: m.Level}
	}
	for i, k := range r.KeyMoves {
		out.KeyMoves[i] = KeyMove{Ply: k.Ply, Move: k.Move.String(), Player: k.Player.String(), Swing: k.Swing, Classification: k.Classification}
	}
	for i, t := range r.TurningPoints {
		out.TurningPoints[i] = TurningPoint{Kind: t.Kind, Ply: t.Ply, Move: t.Move.String(), Player: t.Player.String(),
			RedWinrateBefore: t.RedWinrateBefore, RedWinrateAfter: t.RedWinrateAfter, Loss: t.Loss, PointsLoss: t.PointsLoss,
			Cost: t.Cost, Summary: t.Summary, Text: t.Text, Proof: t.Proof, Level: t.Level}
	}
	if r.RatingEstimate != nil {
		out.RatingEstimate = map[string]rating.Estimate{}
		for c, e := range r.RatingEstimate {
			if e != nil {
				out.RatingEstimate[grid.Color(c).String()] = *e
			}
		}
	}
	return out
}

// FromPuzzleSet writes a review's puzzles in the API's shape.
func FromPuzzleSet(s *jobs.PuzzleSet) *PuzzleSet {
	out := &PuzzleSet{ReviewID: s.ReviewID, Visits: s.Visits, DeepVisits: s.DeepVisits, Puzzles: make([]Puzzle, len(s.Puzzles)), Skipped: make([]SkippedPuzzle, len(s.Skipped))}
	for i := range s.Puzzles {
		out.Puzzles[i] = FromPuzzle(&s.Puzzles[i])
	}
	for i, k := range s.Skipped {
		out.Skipped[i] = SkippedPuzzle{Ply: k.Ply, Reason: k.Reason}
	}
	return out
}

// FromPuzzle writes one puzzle in the API's shape: a review's, or a
// drill card's.
func FromPuzzle(p *jobs.Puzzle) Puzzle {
	return Puzzle{Ply: p.Ply, Record: p.Record, Player: p.Player.String(), Played: p.Played.String(), Loss: p.Loss,
		Solution: p.Solution.String(), Line: wallzero.NotNil(wallzero.MoveNames(p.Line)), Margin: p.Margin, Proven: p.Proven, Explanation: p.Explanation}
}
