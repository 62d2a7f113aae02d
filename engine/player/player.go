package player

import (
	"context"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// Player chooses moves.
//
// ChooseMove is called only when pos is not over. It returns a legal move
// for pos.ToMove() (in the setup phase a placement, in a three-player game
// possibly a wall break) and must not modify pos. It returns an error only
// when ctx is done or the player itself fails.
//
// A Player may keep state between calls (a random source, scratch buffers),
// so one value must not be used by several goroutines at once; build one per
// game with New.
type Player interface {
	// Spec returns the specification the player was built from, e.g.
	// "voronoi-hard".
	Spec() string
	// ChooseMove returns the player's move in pos (see Player).
	ChooseMove(ctx context.Context, pos *engine.Position) (grid.Move, error)
}
