package render

import "github.com/wallzero/wallzero/engine/grid"

// The palette. Stone colours are strong; tints are the same hues drawn with
// low opacity over the board's background.
var (
	// stoneFill is the fill of each player's stones.
	stoneFill = [grid.MaxPlayers]string{"#d7263d", "#1b65c9", "#2a9d3f", "#e8b400"}
	// wallStroke is the colour of the walls each player built: a darker
	// shade of the stone colour, so walls stand out against tints.
	wallStroke = [grid.MaxPlayers]string{"#a3142a", "#0f4596", "#1c6e2b", "#b38a00"}
)

const (
	boardFill   = "#f5efe0"
	gridStroke  = "#c8bfa8"
	edgeStroke  = "#4a4336"
	inkColor    = "#222222"
	sharedTint  = "#8e44ad" // purple: squares two or more players reach (Figure 4)
	lastMoveInk = "#f08c00"
	playedInk   = "#0f766e" // teal: the move played, against the suggestions
)
