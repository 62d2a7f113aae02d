package jobs

import (
	"fmt"
	"math"
	"sort"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/explain"
	"github.com/wallzero/wallzero/service/jobs/review"
)

// DecidedWinrate is the win rate from which on, never dropping below it
// again, the eventual winner is taken to have decided the game.
const DecidedWinrate = 0.9

// missedPerSide is how many missed chances of each player are
// candidates for the turning points.
const missedPerSide = 2

// LeadChangeSwing is the least change of win rate across a move that can
// make it a lead change: the favourite must change and the win rate move
// this much (Red's with two players, the new or the old leader's with
// three or four), so that a wobble around 50% is not called a change of
// hands. A move that throws away a proven result is a lead change
// whatever its swing.
const LeadChangeSwing = 0.10

// MaxTurningPoints is the most turning points a review lists: those that
// cost the most (TurningPoint.Cost), the decided point always among them.
const MaxTurningPoints = 5

// The kinds of turning point.
const (
	// TurnLeadChange: the game changed hands: the favourite changed
	// (Red's win rate crossed 50%) with a swing of at least
	// LeadChangeSwing, or the mover threw away a proven result.
	TurnLeadChange = "lead-change"
	// TurnDecided: from this move on the winner's win rate never fell
	// below DecidedWinrate.
	TurnDecided = "decided"
	// TurnMissed: one of a player's largest losses against the best move
	// (at least a mistake, in win rate or in points).
	TurnMissed = "missed-chance"
)

// TurningPoint is a move where the game turned (review.TurningPoint).
type TurningPoint = review.TurningPoint

// explainReview explains every move of a review and finds its turning
// points; positions are the game's (the position before each move and
// the final one).
func explainReview(res *ReviewResult, g *engine.Game, positions []engine.Position, analyses []*analysis.Analysis) {
	for i := range res.Moves {
		mr := &res.Moves[i]
		infos := analyses[i].MoveInfos
		if len(infos) == 0 {
			continue
		}
		bestPV := infos[0].PV
		if len(bestPV) == 0 {
			continue
		}
		played := g.Moves[i]
		// The move played continues with the search's line from the
		// position after it.
		playedPV := []engine.Move{played}
		if i+1 < len(analyses) && len(analyses[i+1].MoveInfos) > 0 {
			playedPV = append(playedPV, analyses[i+1].MoveInfos[0].PV...)
		}
		mr.Explanation = explain.Moves(&positions[i], played, bestPV[0], playedPV, bestPV, float64(mr.Loss), float64(mr.PointsLoss))
	}
	if g.Rules.Players > 2 {
		res.TurningPoints = multiTurningPoints(res, &positions[len(positions)-1])
		return
	}
	res.TurningPoints = turningPoints(res, &positions[len(positions)-1])
}

// turningPoints finds the lead changes, the move that decided the game
// and each side's largest missed chances, and keeps the MaxTurningPoints
// that cost the most (selectTurningPoints).
func turningPoints(res *ReviewResult, final *engine.Position) []TurningPoint {
	var out []TurningPoint
	for i := range res.Moves {
		mr := &res.Moves[i]
		was, is := favourite(mr.RedWinrateBefore), favourite(mr.RedWinrateAfter)
		swing := absf(mr.RedWinrateAfter - mr.RedWinrateBefore)
		switch {
		case provenHandover(res, i):
			out = append(out, newTurningPoint(TurnLeadChange, mr, swing, fmt.Sprintf("%s throws away a proven %s: Red's win rate goes from %s to %s.",
				title(mr.Player), mr.Proof.Result, pct(mr.RedWinrateBefore), pct(mr.RedWinrateAfter))))
		case is != engine.NoColor && was != is && float64(swing) >= LeadChangeSwing-1e-6:
			out = append(out, newTurningPoint(TurnLeadChange, mr, swing, fmt.Sprintf("%s takes the lead: Red's win rate goes from %s to %s.",
				title(is), pct(mr.RedWinrateBefore), pct(mr.RedWinrateAfter))))
		}
	}
	if i, winner, proof, ok := provenDecidedAt(res, final); ok {
		mr := &res.Moves[i]
		by := ""
		if proof.Margin != nil {
			by = fmt.Sprintf(" by %d", *proof.Margin)
		}
		tp := newTurningPoint(TurnDecided, mr, absf(mr.RedWinrateAfter-mr.RedWinrateBefore),
			fmt.Sprintf("The game is decided: after move %d %s has a proven win%s.", i+1, title(winner), by))
		tp.Proof = proof
		out = append(out, tp)
	} else if i, winner, ok := decidedAt(res, final); ok {
		mr := &res.Moves[i]
		out = append(out, newTurningPoint(TurnDecided, mr, absf(mr.RedWinrateAfter-mr.RedWinrateBefore),
			fmt.Sprintf("The game is decided: from here on %s's win rate never drops below %s.", title(winner), pct(DecidedWinrate))))
	}
	for _, side := range []engine.Color{engine.Red, engine.Blue} {
		out = append(out, missedChances(res, side)...)
	}
	return selectTurningPoints(out)
}

// newTurningPoint makes a turning point of kind at a move; its cost is
// the larger of swing and the move's loss (equivalentLoss).
func newTurningPoint(kind string, mr *MoveReview, swing float32, summary string) TurningPoint {
	tp := TurningPoint{Kind: kind, Ply: mr.Ply, Move: mr.Move, Player: mr.Player,
		RedWinrateBefore: mr.RedWinrateBefore, RedWinrateAfter: mr.RedWinrateAfter, Loss: mr.Loss, PointsLoss: mr.PointsLoss,
		Cost: wallzero.Round(float32(max(float64(swing), equivalentLoss(mr.Loss, mr.PointsLoss)))), Summary: summary}
	if mr.Explanation != nil {
		tp.Text = mr.Explanation.Text
	}
	return tp
}

// kindRank orders the kinds of turning point when one move is several:
// the move is listed once, as the first of decided, lead change and
// missed chance.
var kindRank = map[string]int{TurnDecided: 0, TurnLeadChange: 1, TurnMissed: 2}

// selectTurningPoints keeps one turning point per move (the first kind
// of kindRank, costing the most of its kinds), then the decided point and
// the others that cost the most, MaxTurningPoints in all, largest cost
// first (ties in the order of the game).
func selectTurningPoints(cands []TurningPoint) []TurningPoint {
	byPly := map[int]TurningPoint{}
	for _, tp := range cands {
		old, ok := byPly[tp.Ply]
		switch {
		case !ok:
			byPly[tp.Ply] = tp
		case kindRank[tp.Kind] < kindRank[old.Kind]:
			tp.Cost = max(tp.Cost, old.Cost)
			byPly[tp.Ply] = tp
		default:
			old.Cost = max(tp.Cost, old.Cost)
			byPly[tp.Ply] = old
		}
	}
	out := make([]TurningPoint, 0, len(byPly))
	for _, tp := range byPly {
		out = append(out, tp)
	}
	sort.Slice(out, func(a, b int) bool {
		x, y := out[a], out[b]
		if (x.Kind == TurnDecided) != (y.Kind == TurnDecided) {
			return x.Kind == TurnDecided
		}
		if x.Cost != y.Cost {
			return x.Cost > y.Cost
		}
		return x.Ply < y.Ply
	})
	out = out[:min(len(out), MaxTurningPoints)]
	sort.SliceStable(out, func(a, b int) bool {
		if out[a].Cost != out[b].Cost {
			return out[a].Cost > out[b].Cost
		}
		return out[a].Ply < out[b].Ply
	})
	return out
}

// provenHandover reports whether move i threw away a proven result: the
// position before it was proven a win or a draw for its mover, and the
// position after it is proven worse for that player (the next move's
// proof, from its mover's view).
func provenHandover(res *ReviewResult, i int) bool {
	if i+1 >= len(res.Moves) || res.Moves[i].Proof == nil || res.Moves[i+1].Proof == nil {
		return false
	}
	mr, next := &res.Moves[i], &res.Moves[i+1]
	score := func(result string, same bool) int {
		v := map[string]int{"win": 1, "draw": 0, "loss": -1}[result]
		if !same {
			v = -v
		}
		return v
	}
	before := score(mr.Proof.Result, true)
	after := score(next.Proof.Result, next.Player == mr.Player)
	return before >= 0 && after < before
}

func absf(v float32) float32 { return float32(math.Abs(float64(v))) }

// provenDecidedAt returns the first move after which the exact solver
// proved the position won for the game's winner: the next move's review
// carries the proof of the position before it, from its mover's view. The
// returned proof is from the winner's view. ok is false for a draw, an
// unfinished game or when no proof came up.
func provenDecidedAt(res *ReviewResult, final *engine.Position) (int, engine.Color, *analysis.Proof, bool) {
	winner := final.Result().Winner()
	if !final.IsOver() || winner == engine.NoColor {
		return 0, engine.NoColor, nil, false
	}
	// After a proof for the other side or a proven draw (a later mistake
	// threw it away), only a later proof for the winner counts.
	start := 0
	for i := 0; i+1 < len(res.Moves); i++ {
		if p := res.Moves[i+1].Proof; p != nil && (p.Result == "draw" || (res.Moves[i+1].Player == winner) != (p.Result == "win")) {
			start = i + 1
		}
	}
	for i := start; i+1 < len(res.Moves); i++ {
		next := res.Moves[i+1]
		if next.Proof == nil || next.Proof.Result == "draw" || (next.Player == winner) != (next.Proof.Result == "win") {
			continue
		}
		p := &analysis.Proof{Result: "win"}
		if m := next.Proof.Margin; m != nil {
			v := *m
			if next.Player != winner {
				v = -v
			}
			p.Margin = &v
		}
		return i, winner, p, true
	}
	return 0, engine.NoColor, nil, false
}

// decidedAt returns the move after which the final winner's win rate
// never fell below DecidedWinrate again; ok is false for a draw or when
// it never happened.
func decidedAt(res *ReviewResult, final *engine.Position) (int, engine.Color, bool) {
	w := final.Result().Winner()
	if w == engine.NoColor || !final.IsOver() {
		// An unfinished game: take the favourite of the last position.
		if len(res.Moves) == 0 {
			return 0, engine.NoColor, false
		}
		w = favourite(res.Moves[len(res.Moves)-1].RedWinrateAfter)
		if w == engine.NoColor || final.IsOver() {
			return 0, engine.NoColor, false
		}
	}
	of := func(red float32) float32 {
		if w == engine.Red {
			return red
		}
		return 1 - red
	}
	at := -1
	for i := len(res.Moves) - 1; i >= 0; i-- {
		if float64(of(res.Moves[i].RedWinrateAfter)) < DecidedWinrate {
			break
		}
		at = i
	}
	if at < 0 {
		return 0, engine.NoColor, false
	}
	return at, w, true
}

// favourite is the player a Red win rate favours, NoColor at exactly 50%.
func favourite(red float32) engine.Color {
	switch {
	case red > 0.5:
		return engine.Red
	case red < 0.5:
		return engine.Blue
	}
	return engine.NoColor
}

// title names a colour with a capital letter ("Red").
func title(c engine.Color) string {
	s := c.String()
	return string(s[0]-'a'+'A') + s[1:]
}

func pct(v float32) string { return fmt.Sprintf("%.0f%%", float64(v)*100) }
