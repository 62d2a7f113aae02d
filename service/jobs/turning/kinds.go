package turning

// DecidedWinrate is the win rate from which on, never dropping below it
// again, the eventual winner is taken to have decided the game.
const DecidedWinrate = 0.9

// missedPerSide is how many missed chances of each player are
// candidates for the turning points.
const missedPerSide = 2

// LeadChangeSwing is the least change of win rate across a move that can
// make it a lead change: the leader must change and the new or the old
// leader's win rate move this much (with two players both move alike),
// so that a wobble around an even game is not called a change of hands.
// A move that throws away a proven result is a lead change whatever its
// swing.
const LeadChangeSwing = 0.10

// MaxTurningPoints is the most turning points a review lists: those that
// cost the most (TurningPoint.Cost), the decided point always among them.
const MaxTurningPoints = 5

// The kinds of turning point.
const (
	// LeadChange: the game changed hands: the leader (the player of the
	// highest win rate; with two players, the side Red's win rate
	// favours) changed with a swing of at least LeadChangeSwing, or the
	// mover threw away a proven result.
	LeadChange = "lead-change"
	// Decided: from this move on the winner's win rate never fell below
	// DecidedWinrate.
	Decided = "decided"
	// Missed: one of a player's largest losses against the best move (at
	// least a mistake, in win rate or in points).
	Missed = "missed-chance"
)

// kindRank orders the kinds of turning point when one move is several:
// the move is listed once, as the first of decided, lead change and
// missed chance.
var kindRank = map[string]int{Decided: 0, LeadChange: 1, Missed: 2}
