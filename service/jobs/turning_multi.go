package jobs

import (
	"fmt"
	"sort"

	"github.com/wallzero/wallzero/engine"
)

// multiTurningPoints finds the turning points of a three- or four-player
// review: the lead changes (the player with the highest win rate changed,
// and the new or the old leader's win rate moved at least
// LeadChangeSwing), the move from which the eventual winner's win rate
// never fell below DecidedWinrate, and each player's largest missed
// chances, and keeps the MaxTurningPoints that cost the most
// (selectTurningPoints). The two-player kinds' proven variants have no
// counterpart: the exact solver proves only two-player positions.
func multiTurningPoints(res *ReviewResult, final *engine.Position) []TurningPoint {
	var out []TurningPoint
	rate := func(ply int, player engine.Color) float32 { return res.WinrateCurve[ply].Winrates[player] }
	for i := range res.Moves {
		mr := &res.Moves[i]
		was, is := leader(res.WinrateCurve[i].Winrates, res.Players), leader(res.WinrateCurve[i+1].Winrates, res.Players)
		if is == engine.NoColor || was == is {
			continue
		}
		swing := absf(rate(i+1, is) - rate(i, is))
		if was != engine.NoColor {
			swing = max(swing, absf(rate(i+1, was)-rate(i, was)))
		}
		if float64(swing) < LeadChangeSwing-1e-6 {
			continue
		}
		if was == engine.NoColor {
			out = append(out, newTurningPoint(TurnLeadChange, mr, swing, fmt.Sprintf("%s takes the lead: its win rate goes from %s to %s.",
				title(is), pct(rate(i, is)), pct(rate(i+1, is)))))
			continue
		}
		out = append(out, newTurningPoint(TurnLeadChange, mr, swing, fmt.Sprintf("%s takes the lead from %s: %s's win rate goes from %s to %s, %s's from %s to %s.",
			title(is), title(was), title(is), pct(rate(i, is)), pct(rate(i+1, is)), title(was), pct(rate(i, was)), pct(rate(i+1, was)))))
	}
	if i, winner, ok := multiDecidedAt(res, final); ok {
		out = append(out, newTurningPoint(TurnDecided, &res.Moves[i], absf(rate(i+1, winner)-rate(i, winner)),
			fmt.Sprintf("The game is decided: from here on %s's win rate never drops below %s.", title(winner), pct(DecidedWinrate))))
	}
	for _, side := range res.Players {
		out = append(out, missedChances(res, side)...)
	}
	return selectTurningPoints(out)
}

// missedChances returns side's largest losses (at least a mistake, in
// win rate or in points), missedPerSide of them at most, as turning
// points, the largest (equivalentLoss) first.
func missedChances(res *ReviewResult, side engine.Color) []TurningPoint {
	var idx []int
	for i, mr := range res.Moves {
		if mr.Player == side && (mr.Classification == "mistake" || mr.Classification == "blunder") {
			idx = append(idx, i)
		}
	}
	cost := func(i int) float64 { return equivalentLoss(res.Moves[i].Loss, res.Moves[i].PointsLoss) }
	sort.SliceStable(idx, func(a, b int) bool { return cost(idx[a]) > cost(idx[b]) })
	out := []TurningPoint{}
	for _, i := range idx[:min(missedPerSide, len(idx))] {
		mr := &res.Moves[i]
		lost := pct(mr.Loss) + " of the win rate"
		if points := fmt.Sprintf("%.0f points", mr.PointsLoss); float64(mr.PointsLoss) >= InaccuracyPoints && mr.Loss < 0.005 {
			// A decided game: only land was lost.
			lost = points
		} else if float64(mr.PointsLoss) >= InaccuracyPoints {
			lost += " and " + points
		}
		out = append(out, newTurningPoint(TurnMissed, mr, 0, fmt.Sprintf("%s missed %s (%s): %s lost.",
			title(side), mr.BestMove, mr.Classification, lost)))
	}
	return out
}

// leader is the player with the highest win rate, NoColor when two or
// more share it.
func leader(rates []float32, players []engine.Color) engine.Color {
	best, at := engine.NoColor, float32(-1)
	for _, p := range players {
		switch v := rates[p]; {
		case v > at:
			best, at = p, v
		case v == at:
			best = engine.NoColor
		}
	}
	return best
}

// multiDecidedAt returns the move after which the final winner's win rate
// (in an unfinished game, the last position's leader's) never fell below
// DecidedWinrate again; ok is false for a shared win or when it never
// happened.
func multiDecidedAt(res *ReviewResult, final *engine.Position) (int, engine.Color, bool) {
	n := len(res.WinrateCurve)
	if len(res.Moves) == 0 || n != len(res.Moves)+1 {
		return 0, engine.NoColor, false
	}
	winner := final.Result().Winner()
	if !final.IsOver() {
		winner = leader(res.WinrateCurve[n-1].Winrates, res.Players)
	}
	if winner == engine.NoColor {
		return 0, engine.NoColor, false
	}
	at := -1
	for i := len(res.Moves) - 1; i >= 0; i-- {
		if float64(res.WinrateCurve[i+1].Winrates[winner]) < DecidedWinrate {
			break
		}
		at = i
	}
	if at < 0 {
		return 0, engine.NoColor, false
	}
	return at, winner, true
}
