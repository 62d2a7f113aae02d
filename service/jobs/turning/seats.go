package turning

import (
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/service/jobs/review"
)

// seats reads every player's win rate around each move of a review, the
// one view the turning points take of games of two to four players.
type seats struct {
	res *review.Result
	// players are the game's colours in turn order.
	players []grid.Color
	// two: a two-player review, whose win rates are Red's and 1 minus
	// it, read from the moves themselves (a two-player review may come
	// without its curve).
	two bool
}

// seatsOf returns the view of res: a review without more than two
// players is a two-player one.
func seatsOf(res *review.Result) seats {
	if len(res.Players) > 2 {
		return seats{res: res, players: res.Players}
	}
	return seats{res: res, players: []grid.Color{grid.Red, grid.Blue}, two: true}
}

// rate is player c's win rate before move i, or after it when after is
// set.
func (s seats) rate(i int, c grid.Color, after bool) float32 {
	if s.two {
		red := s.res.Moves[i].RedWinrateBefore
		if after {
			red = s.res.Moves[i].RedWinrateAfter
		}
		if c == grid.Red {
			return red
		}
		return 1 - red
	}
	if after {
		i++
	}
	return s.res.WinrateCurve[i].Winrates[c]
}

// change is the absolute change of player c's win rate across move i,
// 0 for NoColor. With two players both rates change alike, and Red's,
// the one the review holds, says it.
func (s seats) change(i int, c grid.Color) float32 {
	if c == grid.NoColor {
		return 0
	}
	if s.two {
		c = grid.Red
	}
	return absf(s.rate(i, c, true) - s.rate(i, c, false))
}

// leader is the player of the highest win rate before (or after) move i,
// NoColor when two or more share it (with two players: at exactly 50%).
func (s seats) leader(i int, after bool) grid.Color {
	best, at := grid.NoColor, float32(-1)
	for _, p := range s.players {
		switch v := s.rate(i, p, after); {
		case v > at:
			best, at = p, v
		case v == at:
			best = grid.NoColor
		}
	}
	return best
}
