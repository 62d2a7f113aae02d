package explain

import "github.com/wallzero/wallzero/engine"

// Comparison sets the position after one move (A, usually the move
// played) against the position after another from the same position (B,
// usually the engine's best move), from the mover's side.
type Comparison struct {
	// OnlyA and OnlyB hold, per player, the squares exclusive to that
	// player after A but not after B, and the reverse.
	OnlyA, OnlyB [engine.MaxPlayers]engine.Bitboard
	// ScoreA and ScoreB are the territories after each move.
	ScoreA, ScoreB [engine.MaxPlayers]int
	// StandingA and StandingB are the mover's standing (see Standing)
	// after each move.
	StandingA, StandingB int
	// CloserA holds the contested squares (after A) the mover reaches in
	// fewer steps after A than after B; CloserB the reverse.
	CloserA, CloserB engine.Bitboard
	// Trade is set when A stands lower than B yet keeps the mover closer
	// to more contested squares: territory given up for reachability (the
	// paper's Case III). TradeB is the same with A and B swapped.
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
		case da != engine.Unreachable && (db == engine.Unreachable || da < db):
			c.CloserA |= engine.Bit(s)
		case db != engine.Unreachable && (da == engine.Unreachable || db < da):
			c.CloserB |= engine.Bit(s)
		}
	}
	nearA, nearB := a.Distance.NearerAfter[m].Count(), b.Distance.NearerAfter[m].Count()
	c.Trade = c.StandingA < c.StandingB && nearA > nearB
	c.TradeB = c.StandingB < c.StandingA && nearB > nearA
	return c
}
