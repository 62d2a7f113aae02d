package jobs

import (
	"fmt"
	"sort"

	"github.com/wallzero/wallzero/engine"
)

// multiTurningPoints finds the turning points of a three- or four-player
// review: the lead changes (the player with the highest win rate changed),
// the move from which the eventual winner's win rate never fell below
// DecidedWinrate, and each player's largest missed chances, in the order
// of the game. The two-player kinds' proven variant has no counterpart:
// the exact solver proves only two-player positions.
func multiTurningPoints(res *ReviewResult, final *engine.Position) []TurningPoint {
	out := []TurningPoint{}
	rate := func(ply int, player string) float32 { return res.WinrateCurve[ply].Winrates[player] }
	point := func(kind string, mr *MoveReview, summary string) TurningPoint {
		tp := TurningPoint{Kind: kind, Ply: mr.Ply, Move: mr.Move, Player: mr.Player,
			RedWinrateBefore: mr.RedWinrateBefore, RedWinrateAfter: mr.RedWinrateAfter, Loss: mr.Loss, Summary: summary}
		if mr.Explanation != nil {
			tp.Text = mr.Explanation.Text
		}
		return tp
	}
	for i := range res.Moves {
		mr := &res.Moves[i]
		was, is := leader(res.WinrateCurve[i].Winrates, res.Players), leader(res.WinrateCurve[i+1].Winrates, res.Players)
		switch {
		case is == "" || was == is:
		case was == "":
			out = append(out, point(TurnLeadChange, mr, fmt.Sprintf("%s takes the lead: its win rate goes from %s to %s.",
				title(is), pct(rate(i, is)), pct(rate(i+1, is)))))
		default:
			out = append(out, point(TurnLeadChange, mr, fmt.Sprintf("%s takes the lead from %s: %s's win rate goes from %s to %s, %s's from %s to %s.",
				title(is), title(was), title(is), pct(rate(i, is)), pct(rate(i+1, is)), title(was), pct(rate(i, was)), pct(rate(i+1, was)))))
		}
	}
	if i, winner, ok := multiDecidedAt(res, final); ok {
		out = append(out, point(TurnDecided, &res.Moves[i], fmt.Sprintf("The game is decided: from here on %s's win rate never drops below %s.",
			title(winner), pct(DecidedWinrate))))
	}
	for _, side := range res.Players {
		out = append(out, missedChances(res, side, point)...)
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].Ply < out[b].Ply })
	return out
}

// missedChances returns side's largest losses (at least an inaccuracy),
// missedPerSide of them at most, as turning points.
func missedChances(res *ReviewResult, side string, point func(string, *MoveReview, string) TurningPoint) []TurningPoint {
	var idx []int
	for i, mr := range res.Moves {
		if mr.Player == side && float64(mr.Loss) >= InaccuracyLoss {
			idx = append(idx, i)
		}
	}
	sort.SliceStable(idx, func(a, b int) bool { return res.Moves[idx[a]].Loss > res.Moves[idx[b]].Loss })
	out := []TurningPoint{}
	for _, i := range idx[:min(missedPerSide, len(idx))] {
		mr := &res.Moves[i]
		out = append(out, point(TurnMissed, mr, fmt.Sprintf("%s missed %s (%s): %s of the win rate lost.",
			title(side), mr.BestMove, mr.Classification, pct(mr.Loss))))
	}
	return out
}

// leader names the player with the highest win rate, "" when two or more
// share it.
func leader(rates map[string]float32, players []string) string {
	best, at := "", float32(-1)
	for _, p := range players {
		switch v := rates[p]; {
		case v > at:
			best, at = p, v
		case v == at:
			best = ""
		}
	}
	return best
}

// multiDecidedAt returns the move after which the final winner's win rate
// (in an unfinished game, the last position's leader's) never fell below
// DecidedWinrate again; ok is false for a shared win or when it never
// happened.
func multiDecidedAt(res *ReviewResult, final *engine.Position) (int, string, bool) {
	n := len(res.WinrateCurve)
	if len(res.Moves) == 0 || n != len(res.Moves)+1 {
		return 0, "", false
	}
	winner := ""
	if final.IsOver() {
		if w := final.Result().Winner(); w != engine.NoColor {
			winner = w.String()
		}
	} else {
		winner = leader(res.WinrateCurve[n-1].Winrates, res.Players)
	}
	if winner == "" {
		return 0, "", false
	}
	at := -1
	for i := len(res.Moves) - 1; i >= 0; i-- {
		if float64(res.WinrateCurve[i+1].Winrates[winner]) < DecidedWinrate {
			break
		}
		at = i
	}
	if at < 0 {
		return 0, "", false
	}
	return at, winner, true
}
