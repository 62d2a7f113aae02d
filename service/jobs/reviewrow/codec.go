package reviewrow

import (
	"encoding/json"
	"fmt"
	"math"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/service/jobs/review"
	"github.com/wallzero/wallzero/service/rating"
)

// Encode returns the row of a review's result.
func Encode(r *review.Result) ([]byte, error) {
	return json.Marshal(From(r))
}

// From converts a review's result to its row.
func From(r *review.Result) *Result {
	out := &Result{ID: r.ID, Record: r.Record, Model: r.Model, Visits: r.Visits, Players: wallzero.ColourNames(r.Players),
		WinrateCurve: make([]CurvePoint, len(r.WinrateCurve)), Moves: make([]Move, len(r.Moves)), Accuracy: map[string]float64{},
		KeyMoves: make([]KeyMove, len(r.KeyMoves)), Thresholds: r.Thresholds, TurningPoints: make([]TurningPoint, len(r.TurningPoints))}
	for c, a := range r.Accuracy {
		if !math.IsNaN(a) {
			out.Accuracy[grid.Color(c).String()] = a
		}
	}
	for i, p := range r.WinrateCurve {
		out.WinrateCurve[i] = CurvePoint{Ply: p.Ply, RedWinrate: p.RedWinrate(), Winrates: wallzero.ByColour(p.Winrates)}
	}
	for i, m := range r.Moves {
		out.Moves[i] = Move{Ply: m.Ply, Move: m.Move.String(), Player: m.Player.String(), RedWinrateBefore: m.RedWinrateBefore,
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

// Decode reads the row of a review's result; an error names the field
// that does not parse.
func Decode(data []byte) (*review.Result, error) {
	var row Result
	if err := json.Unmarshal(data, &row); err != nil {
		return nil, fmt.Errorf("stored review: %w", err)
	}
	return row.Typed()
}

// Typed converts a row to the review's typed result.
func (row *Result) Typed() (*review.Result, error) {
	d := &decoder{}
	n := len(row.Players)
	if n < 2 || n > grid.MaxPlayers {
		return nil, fmt.Errorf("stored review: players: %d, want 2 to %d", n, grid.MaxPlayers)
	}
	out := &review.Result{ID: row.ID, Record: row.Record, Model: row.Model, Visits: row.Visits, Players: make([]grid.Color, n),
		WinrateCurve: make([]review.CurvePoint, len(row.WinrateCurve)), Moves: make([]review.Move, len(row.Moves)), Accuracy: make([]float64, n),
		KeyMoves: make([]review.KeyMove, len(row.KeyMoves)), Thresholds: row.Thresholds, TurningPoints: make([]review.TurningPoint, len(row.TurningPoints))}
	for i, name := range row.Players {
		out.Players[i] = d.colour(name, "players")
	}
	for c := range out.Accuracy {
		a, ok := row.Accuracy[grid.Color(c).String()]
		if !ok {
			a = math.NaN()
		}
		out.Accuracy[c] = a
	}
	for i, p := range row.WinrateCurve {
		out.WinrateCurve[i] = review.CurvePoint{Ply: p.Ply, Winrates: d.seats(p.Winrates, n)}
	}
	for i, m := range row.Moves {
		out.Moves[i] = review.Move{Ply: m.Ply, Move: d.move(m.Move, "moves.move"), Player: d.colour(m.Player, "moves.player"),
			RedWinrateBefore: m.RedWinrateBefore, RedWinrateAfter: m.RedWinrateAfter, BestWinrate: m.BestWinrate, BestPV: d.moves(m.BestPV),
			PlayedWinrate: m.PlayedWinrate, Loss: m.Loss, BestScoreLead: m.BestScoreLead, PlayedScoreLead: m.PlayedScoreLead,
			PointsLoss: m.PointsLoss, Classification: m.Classification, Accuracy: m.Accuracy, Explanation: m.Explanation, Proof: m.Proof, Level: m.Level}
		if m.BestMove != "" {
			out.Moves[i].BestMove = d.move(m.BestMove, "moves.bestMove")
		}
	}
	for i, k := range row.KeyMoves {
		out.KeyMoves[i] = review.KeyMove{Ply: k.Ply, Move: d.move(k.Move, "keyMoves.move"), Player: d.colour(k.Player, "keyMoves.player"),
			Swing: k.Swing, Classification: k.Classification}
	}
	for i, t := range row.TurningPoints {
		out.TurningPoints[i] = review.TurningPoint{Kind: t.Kind, Ply: t.Ply, Move: d.move(t.Move, "turningPoints.move"),
			Player: d.colour(t.Player, "turningPoints.player"), RedWinrateBefore: t.RedWinrateBefore, RedWinrateAfter: t.RedWinrateAfter,
			Loss: t.Loss, PointsLoss: t.PointsLoss, Cost: t.Cost, Summary: t.Summary, Text: t.Text, Proof: t.Proof, Level: t.Level}
	}
	if row.RatingEstimate != nil {
		out.RatingEstimate = make([]*rating.Estimate, n)
		for c := range out.RatingEstimate {
			if e, ok := row.RatingEstimate[grid.Color(c).String()]; ok {
				out.RatingEstimate[c] = &e
			}
		}
	}
	if d.err != nil {
		return nil, fmt.Errorf("stored review: %w", d.err)
	}
	return out, nil
}
