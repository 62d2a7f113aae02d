package player

import (
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// WinValue is the part of Evaluate's score that a decided game adds for a
// win (and subtracts for a loss): larger than any territory margin, so
// winning always beats a better-looking unfinished position.
const WinValue = 1000

// Evaluate scores pos from player me's point of view.
//
// In a finished game it is the real result: WinValue plus the margin for a
// win, the margin minus WinValue for a loss, the margin alone for a draw (a
// shared win). The margin is me's land minus the best land among the other
// players.
//
// Otherwise it is the same margin over the squares Voronoi expects each
// player to get.
func Evaluate(pos *engine.Position, me grid.Color) int {
	if pos.IsOver() {
		return finalValue(pos, me)
	}
	cl := Voronoi(pos)
	var counts [grid.MaxPlayers]int
	for c := range pos.Players() {
		counts[c] = cl.Land[c].Count()
	}
	return margin(&counts, pos.Players(), me)
}

// finalValue is Evaluate for a finished game.
func finalValue(pos *engine.Position, me grid.Color) int {
	res := pos.Result()
	v := margin(&res.Score, pos.Players(), me)
	switch {
	case res.Winners == 1<<uint(me):
		return WinValue + v
	case res.Winners&(1<<uint(me)) != 0:
		return v
	}
	return v - WinValue
}

// margin returns score[me] minus the best score among the other players.
func margin(score *[grid.MaxPlayers]int, players int, me grid.Color) int {
	best := -1
	for c := range players {
		if grid.Color(c) != me && score[c] > best {
			best = score[c]
		}
	}
	return score[me] - best
}

// evaluateAll returns Evaluate(pos, c) for every player c, computing the
// Voronoi claims once.
func evaluateAll(pos *engine.Position) [grid.MaxPlayers]int {
	var out [grid.MaxPlayers]int
	if pos.IsOver() {
		for c := range pos.Players() {
			out[c] = finalValue(pos, grid.Color(c))
		}
		return out
	}
	cl := Voronoi(pos)
	var counts [grid.MaxPlayers]int
	for c := range pos.Players() {
		counts[c] = cl.Land[c].Count()
	}
	for c := range pos.Players() {
		out[c] = margin(&counts, pos.Players(), grid.Color(c))
	}
	return out
}
