package turning

import (
	"fmt"
	"math"
	"sort"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/service/jobs/review"
)

// Points finds the turning points of a review of two to four players:
// the lead changes (the leader changed with a swing of at least
// LeadChangeSwing, or the mover threw away a proven result), the move
// that decided the game (by the solver's proof where one came up, by
// DecidedWinrate otherwise) and each player's largest missed chances;
// it keeps the MaxTurningPoints that cost the most (selectPoints). final
// is the game's last position. Proofs come only with two players (the
// exact solver proves only two-player positions), so the proven kinds
// are theirs.
func Points(res *review.Result, final *engine.Position) []review.TurningPoint {
	s := seatsOf(res)
	var out []review.TurningPoint
	for i := range res.Moves {
		mr := &res.Moves[i]
		was, is := s.leader(i, false), s.leader(i, true)
		swing := max(s.change(i, is), s.change(i, was))
		switch {
		case provenHandover(res, i):
			out = append(out, newPoint(res.Thresholds, LeadChange, mr, swing, fmt.Sprintf("%s throws away a proven %s: Red's win rate goes from %s to %s.",
				title(mr.Player), mr.Proof.Result, pct(mr.RedWinrateBefore), pct(mr.RedWinrateAfter))))
		case is != grid.NoColor && was != is && float64(swing) >= LeadChangeSwing-1e-6:
			out = append(out, newPoint(res.Thresholds, LeadChange, mr, swing, s.leadText(i, was, is)))
		}
	}
	if i, winner, proof, ok := provenDecidedAt(res, final); ok {
		mr := &res.Moves[i]
		by := ""
		if proof.Margin != nil {
			by = fmt.Sprintf(" by %d", *proof.Margin)
		}
		tp := newPoint(res.Thresholds, Decided, mr, s.change(i, winner),
			fmt.Sprintf("The game is decided: after move %d %s has a proven win%s.", i+1, title(winner), by))
		tp.Proof = proof
		out = append(out, tp)
	} else if i, winner, ok := s.decidedAt(final); ok {
		out = append(out, newPoint(res.Thresholds, Decided, &res.Moves[i], s.change(i, winner),
			fmt.Sprintf("The game is decided: from here on %s's win rate never drops below %s.", title(winner), pct(DecidedWinrate))))
	}
	for _, side := range s.players {
		out = append(out, missedChances(res, side)...)
	}
	return selectPoints(out)
}

// leadText says a lead change at move i from was to is: with two players
// by Red's win rate, with more by the new leader's (and the old one's,
// when there was one).
func (s seats) leadText(i int, was, is grid.Color) string {
	if s.two {
		return fmt.Sprintf("%s takes the lead: Red's win rate goes from %s to %s.",
			title(is), pct(s.rate(i, grid.Red, false)), pct(s.rate(i, grid.Red, true)))
	}
	if was == grid.NoColor {
		return fmt.Sprintf("%s takes the lead: its win rate goes from %s to %s.", title(is), pct(s.rate(i, is, false)), pct(s.rate(i, is, true)))
	}
	return fmt.Sprintf("%s takes the lead from %s: %s's win rate goes from %s to %s, %s's from %s to %s.",
		title(is), title(was), title(is), pct(s.rate(i, is, false)), pct(s.rate(i, is, true)), title(was), pct(s.rate(i, was, false)), pct(s.rate(i, was, true)))
}

// newPoint makes a turning point of kind at a move; its cost is the
// larger of swing and the move's loss (Thresholds.EquivalentLoss under t).
func newPoint(t review.Thresholds, kind string, mr *review.Move, swing float32, summary string) review.TurningPoint {
	tp := review.TurningPoint{Kind: kind, Ply: mr.Ply, Move: mr.Move, Player: mr.Player,
		RedWinrateBefore: mr.RedWinrateBefore, RedWinrateAfter: mr.RedWinrateAfter, Loss: mr.Loss, PointsLoss: mr.PointsLoss,
		Cost: wallzero.Round(float32(max(float64(swing), t.EquivalentLoss(mr.Loss, mr.PointsLoss)))), Summary: summary}
	if mr.Explanation != nil {
		tp.Text = mr.Explanation.Text
	}
	return tp
}

// missedChances returns side's largest losses (at least a mistake, in
// win rate or in points), missedPerSide of them at most, as turning
// points, the largest (Thresholds.EquivalentLoss) first.
func missedChances(res *review.Result, side grid.Color) []review.TurningPoint {
	var idx []int
	for i, mr := range res.Moves {
		if mr.Player == side && (mr.Classification == "mistake" || mr.Classification == "blunder") {
			idx = append(idx, i)
		}
	}
	cost := func(i int) float64 { return res.Thresholds.EquivalentLoss(res.Moves[i].Loss, res.Moves[i].PointsLoss) }
	sort.SliceStable(idx, func(a, b int) bool { return cost(idx[a]) > cost(idx[b]) })
	out := []review.TurningPoint{}
	for _, i := range idx[:min(missedPerSide, len(idx))] {
		mr := &res.Moves[i]
		lost := pct(mr.Loss) + " of the win rate"
		if points := fmt.Sprintf("%.0f points", mr.PointsLoss); review.Reaches(mr.PointsLoss, res.Thresholds.InaccuracyPoints) && mr.Loss < 0.005 {
			// A decided game: only land was lost.
			lost = points
		} else if review.Reaches(mr.PointsLoss, res.Thresholds.InaccuracyPoints) {
			lost += " and " + points
		}
		out = append(out, newPoint(res.Thresholds, Missed, mr, 0, fmt.Sprintf("%s missed %s (%s): %s lost.",
			title(side), mr.BestMove, mr.Classification, lost)))
	}
	return out
}

func absf(v float32) float32 { return float32(math.Abs(float64(v))) }

// title names a colour with a capital letter ("Red").
func title(c grid.Color) string {
	s := c.String()
	return string(s[0]-'a'+'A') + s[1:]
}

// pct writes a win rate in whole percent ("52%").
func pct(v float32) string { return fmt.Sprintf("%.0f%%", float64(v)*100) }
