package solver

import (
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// Value is a game value from one player's point of view: 128 times the
// territory difference plus, under the largest-region tie break, the
// difference of the largest single regions. Its sign is the game result;
// Margin recovers the territory difference.
type Value int

// regionWeight separates the territory difference from the tie-break part:
// the tie-break part lies within ±49 and never reaches it.
const regionWeight = 128

// Bounds on every value; inf is outside them.
const (
	maxValue Value = regionWeight*grid.NumSquares + grid.NumSquares
	inf      Value = maxValue + 1
)

// Margin returns the territory difference encoded in v.
func (v Value) Margin() int {
	return floorDiv(int(v)+regionWeight/2, regionWeight)
}

// Outcome returns Win, Draw or Loss according to the sign of v.
func (v Value) Outcome() Outcome {
	switch {
	case v > 0:
		return Win
	case v < 0:
		return Loss
	}
	return Draw
}

// floorDiv divides rounding towards minus infinity.
func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// Outcome is a proven game result from the point of view of the player to
// move at the solved position, or Unknown.
type Outcome int8

// The outcomes.
const (
	// Unknown: the budget ran out before a proof.
	Unknown Outcome = iota
	// Win: the player to move wins with best play.
	Win
	// Draw: best play draws.
	Draw
	// Loss: the player to move loses whatever it does.
	Loss
)

// String returns "unknown", "win", "draw" or "loss".
func (o Outcome) String() string {
	switch o {
	case Win:
		return "win"
	case Draw:
		return "draw"
	case Loss:
		return "loss"
	}
	return "unknown"
}

// Negate returns the outcome seen from the other player.
func (o Outcome) Negate() Outcome {
	switch o {
	case Win:
		return Loss
	case Loss:
		return Win
	}
	return o
}

// FinalValue scores a finished game from me's point of view (see Value).
// It also scores an unfinished position as it stands, which is what the
// rules award if the game ended now.
func FinalValue(pos *engine.Position, me grid.Color) Value {
	r := pos.Result()
	opp := 1 - me
	v := regionWeight * (r.Score[me] - r.Score[opp])
	if pos.Rules().TieBreak != engine.TieBreakNone {
		v += r.Largest[me] - r.Largest[opp]
	}
	return Value(v)
}
