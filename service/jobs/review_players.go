package jobs

import (
	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/service/analysis"
)

// colours returns the colours of a game of n players in turn order.
func colours(n int) []grid.Color {
	out := make([]grid.Color, n)
	for c := range out {
		out[c] = grid.Color(c)
	}
	return out
}

// winratesOf returns every player's win rate in an analysis of a game of
// the given number of players, by colour index. Two players: Red's (the
// side to move's when the analysis has no Red view) and 1 minus it. Three
// or four: rootInfo.winrates; an analysis without them (none the service
// makes now) gives the side to move its win rate and splits the rest
// evenly among the others.
func winratesOf(a *analysis.Analysis, players int) []float32 {
	out := make([]float32, players)
	if players == 2 {
		red, ok := a.RootInfo.RedWinrate()
		if !ok {
			red = a.RootInfo.Winrate
		}
		out[grid.Red], out[grid.Blue] = red, wallzero.Round(1-red)
		return out
	}
	if w := a.RootInfo.Winrates; len(w) == players {
		copy(out, w)
		return out
	}
	mover := a.RootInfo.CurrentPlayer
	for c := range out {
		out[c] = wallzero.Round((1 - a.RootInfo.Winrate) / float32(players-1))
	}
	if mover >= 0 && int(mover) < players {
		out[mover] = a.RootInfo.Winrate
	}
	return out
}
