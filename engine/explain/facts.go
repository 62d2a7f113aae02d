package explain

import (
	"fmt"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// Facts are what a move changes, computed from the position before it and
// the position after it.
type Facts struct {
	// Move is the move and Mover the player who made it.
	Move  grid.Move
	Mover grid.Color
	// Players is the number of players of the game.
	Players int
	// Contested holds the squares of the regions where stones of two or
	// more players met before the move; the sentences only speak of these.
	Contested grid.Bitboard
	// Before and After are the one-turn reach maps around the move.
	Before, After engine.Reachability
	// Gained[c] holds the squares that became exclusive to player c;
	// Lost[c] those that stopped being exclusive to c.
	Gained, Lost [grid.MaxPlayers]grid.Bitboard
	// SharedGained holds the squares that became shared, SharedLost those
	// that stopped being shared.
	SharedGained, SharedLost grid.Bitboard
	// Unreached holds the squares somebody reached before the move and
	// nobody reaches after it.
	Unreached grid.Bitboard
	// Sealed lists the regions the move closed: regions of the position
	// after the move that are land (one player's stones only) or neutral
	// (no stones) and were part of a contested region before. Opened lists
	// land that became contested again (only a wall break can do that).
	Sealed, Opened []Region
	// ScoreBefore and ScoreAfter are each player's territory.
	ScoreBefore, ScoreAfter [grid.MaxPlayers]int
	// Distance describes the step distances to the contested squares.
	Distance Distances
	// StoneWalls lists the mover's stones that act as walls after the move.
	StoneWalls []StoneWall
	// Tempo is set when the move changes nothing of value (see IsTempo);
	// TempoCost is the territory the mover gave up for it (0 or 1).
	Tempo     bool
	TempoCost int
	// StandingBefore and StandingAfter are the mover's static standing
	// (see Standing) around the move (two players; 0 otherwise).
	StandingBefore, StandingAfter int
	// Zugzwang is set when every reply of the opponent worsens its
	// position (see Zugzwang); nil when not, or not checked.
	Zugzwang *Zugzwang
}

// Region is a region a move sealed or opened.
type Region struct {
	// Squares holds the region's squares.
	Squares grid.Bitboard
	// Owner is the player whose land it is, or NoColor for a neutral
	// region (no stones) or a contested one.
	Owner grid.Color
}

// Size returns the number of squares of the region.
func (r Region) Size() int { return r.Squares.Count() }

// Extract computes the facts of move m played in before. It returns an
// error when m is not legal there.
func Extract(before *engine.Position, m grid.Move) (*Facts, error) {
	after := *before
	if err := after.Play(m); err != nil {
		return nil, fmt.Errorf("explain %s: %w", m, err)
	}
	f := &Facts{Move: m, Mover: before.ToMove(), Players: before.Players()}
	f.Contested = before.Territory().Open
	f.reachChanges(before, &after)
	f.regionChanges(before, &after)
	f.Distance = distanceChanges(before, &after, f.Mover)
	f.StoneWalls = stoneWalls(&after, f.Mover)
	f.Tempo, f.TempoCost = isTempo(f, before)
	if f.Players == 2 {
		f.StandingBefore, f.StandingAfter = Standing(before, f.Mover), Standing(&after, f.Mover)
	}
	if after.Phase() == engine.Play && after.Players() == 2 && !after.MidTurn() {
		f.Zugzwang = zugzwang(&after)
	}
	return f, nil
}

// reachChanges fills the reach facts.
func (f *Facts) reachChanges(before, after *engine.Position) {
	f.Before, f.After = before.Reachability(), after.Reachability()
	var was, is grid.Bitboard
	for c := 0; c < f.Players; c++ {
		f.Gained[c] = f.After.Exclusive[c] &^ f.Before.Exclusive[c]
		f.Lost[c] = f.Before.Exclusive[c] &^ f.After.Exclusive[c]
		was |= f.Before.Reach[c]
		is |= f.After.Reach[c]
	}
	f.SharedGained = f.After.Shared &^ f.Before.Shared
	f.SharedLost = f.Before.Shared &^ f.After.Shared
	f.Unreached = was &^ is
}

// regionChanges fills the sealed and opened regions and the scores.
func (f *Facts) regionChanges(before, after *engine.Position) {
	tb, ta := before.Territory(), after.Territory()
	for c := 0; c < f.Players; c++ {
		f.ScoreBefore[c], f.ScoreAfter[c] = tb.Score[c], ta.Score[c]
	}
	for _, r := range after.Regions() {
		if r.Mixed || r.Squares&tb.Open == 0 {
			continue
		}
		f.Sealed = append(f.Sealed, Region{Squares: r.Squares, Owner: r.Owner})
	}
	for _, r := range before.Regions() {
		if r.Mixed || r.Owner == grid.NoColor || r.Squares&ta.Open == 0 {
			continue
		}
		f.Opened = append(f.Opened, Region{Squares: r.Squares, Owner: r.Owner})
	}
}
