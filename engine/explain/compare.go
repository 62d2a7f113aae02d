package explain

import (
	"github.com/wallzero/wallzero/engine/grid"
)

// Comparison sets the position after one move (A, usually the move
// played) against the position after another from the same position (B,
// usually the engine's best move), from the mover's side.
type Comparison struct {
	// OnlyA and OnlyB hold, per player, the squares exclusive to that
	// player after A but not after B, and the reverse.
	OnlyA, OnlyB [grid.MaxPlayers]grid.Bitboard
	// ScoreA and ScoreB are the territories after each move.
	ScoreA, ScoreB [grid.MaxPlayers]int
	// StandingA and StandingB are the mover's standing (see Standing)
	// after each move.
	StandingA, StandingB int
	// CloserA holds the contested squares (after A) the mover reaches in
	// fewer steps after A than after B; CloserB the reverse.
	CloserA, CloserB grid.Bitboard
	// HoldingA and HoldingB are what the mover holds at once after each
	// move: its territory plus the contested squares only it reaches in
	// one turn, minus the same for the opponent.
	HoldingA, HoldingB int
	// Trade is set when A holds less than B at once yet leaves the mover
	// nearer (in steps) than the opponent to more contested squares:
	// territory given up for reachability (the paper's Case III). TradeB
	// is the same with A and B swapped.
	Trade, TradeB bool
}

// Compare compares the facts of two moves made in the same position.
func Compare(a, b *Facts) Comparison {
	var c Comparison
	for p := 0; p < a.Players; p++ {
		c.OnlyA[p] = a.After.Exclusive[p] &^ b.After.Exclusive[p]
		c.OnlyB[p] = b.After.Exclusive[p] &^ a.After.Exclusive[p]
	}
	c.ScoreA, c.ScoreB = a.ScoreAfter, b.ScoreAfter
	c.StandingA, c.StandingB = a.StandingAfter, b.StandingAfter
	m := a.Mover
	area := a.Distance.Contested | b.Distance.Contested
	for _, s := range area.Squares() {
		da, db := a.Distance.After[m][s], b.Distance.After[m][s]
		switch {
		case da != grid.Unreachable && (db == grid.Unreachable || da < db):
			c.CloserA |= grid.Bit(s)
		case db != grid.Unreachable && (da == grid.Unreachable || db < da):
			c.CloserB |= grid.Bit(s)
		}
	}
	nearA, nearB := a.Distance.NearerAfter[m].Count(), b.Distance.NearerAfter[m].Count()
	c.HoldingA, c.HoldingB = holding(a), holding(b)
	c.Trade = c.HoldingA < c.HoldingB && nearA > nearB
	c.TradeB = c.HoldingB < c.HoldingA && nearB > nearA
	return c
}

// holding is the mover's territory plus the contested squares only it
// reaches in one turn after the move, minus the same for its opponents.
func holding(f *Facts) int {
	v := 0
	for p := 0; p < f.Players; p++ {
		s := f.ScoreAfter[p] + (f.After.Exclusive[p] & f.Contested).Count()
		if grid.Color(p) == f.Mover {
			v += s
		} else {
			v -= s
		}
	}
	return v
}
