package inference

import "github.com/wallzero/wallzero/engine"

// Action layout of the three- and four-player network: the two-player
// layout's 53 channels (turns and placements) and two more for the wall
// break, whose square and side are the wall's canonical form: channel
// BreakNorthChannel breaks the wall on the square's north side,
// BreakEastChannel the one on its east side. 55 x 49 = 2695.
const (
	BreakNorthChannel = NumChannels
	BreakEastChannel  = NumChannels + 1
	MultiNumChannels  = NumChannels + 2
	MultiNumActions   = MultiNumChannels * engine.NumSquares
	// MultiActionLayout names this layout in model metadata.
	MultiActionLayout = "wallzero-mp-actions-55x49-v1"
)

// MultiActionOf returns the multi-player action id of m: a turn or a
// placement as ActionOf, a break in its own channels; -1 for none.
func MultiActionOf(m engine.Move) int {
	if m.Kind != engine.Break {
		return ActionOf(m)
	}
	switch m.Side {
	case engine.North:
		return BreakNorthChannel*engine.NumSquares + int(m.To)
	case engine.East:
		return BreakEastChannel*engine.NumSquares + int(m.To)
	}
	return -1
}
