package explain

import (
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// Distances are the step distances (single steps through open wall sides
// and empty squares, the paper's Figure 6) of each player's nearest stone
// to the contested squares, before and after a move.
type Distances struct {
	// Contested holds the empty squares of the regions still contested
	// after the move (stones of two or more players inside).
	Contested grid.Bitboard
	// Before and After give, per player and square, the fewest steps any
	// of its stones needs (grid.Unreachable where none can get there).
	Before, After [grid.MaxPlayers][grid.NumSquares]int8
	// NearerBefore and NearerAfter hold, per player, the contested squares
	// it reaches in strictly fewer steps than every other player.
	NearerBefore, NearerAfter [grid.MaxPlayers]grid.Bitboard
	// Closer and Farther hold the contested squares the mover now reaches
	// in fewer (more) steps than before.
	Closer, Farther grid.Bitboard
}

// distanceChanges computes the distances around a move by mover.
func distanceChanges(before, after *engine.Position, mover grid.Color) Distances {
	d := Distances{Contested: after.Territory().Open &^ after.Occupied()}
	n := before.Players()
	for c := 0; c < n; c++ {
		d.Before[c] = NearestSteps(before, grid.Color(c))
		d.After[c] = NearestSteps(after, grid.Color(c))
	}
	d.NearerBefore = nearer(&d.Before, n, d.Contested)
	d.NearerAfter = nearer(&d.After, n, d.Contested)
	for _, s := range d.Contested.Squares() {
		b, a := d.Before[mover][s], d.After[mover][s]
		switch {
		case a != grid.Unreachable && (b == grid.Unreachable || a < b):
			d.Closer |= grid.Bit(s)
		case b != grid.Unreachable && (a == grid.Unreachable || a > b):
			d.Farther |= grid.Bit(s)
		}
	}
	return d
}

// NearestSteps returns, per square, the fewest steps any stone of c needs
// to get there (grid.Unreachable where none can).
func NearestSteps(p *engine.Position, c grid.Color) [grid.NumSquares]int8 {
	var out [grid.NumSquares]int8
	for i := range out {
		out[i] = grid.Unreachable
	}
	for _, s := range p.Stones(c).Squares() {
		d := p.StepDistances(s)
		for i, v := range d {
			if v != grid.Unreachable && (out[i] == grid.Unreachable || v < out[i]) {
				out[i] = v
			}
		}
	}
	return out
}

// nearer returns, per player, the squares of area it reaches in strictly
// fewer steps than every other player.
func nearer(d *[grid.MaxPlayers][grid.NumSquares]int8, players int, area grid.Bitboard) [grid.MaxPlayers]grid.Bitboard {
	var out [grid.MaxPlayers]grid.Bitboard
	for _, s := range area.Squares() {
		best, who, tie := int8(0), -1, false
		for c := 0; c < players; c++ {
			v := d[c][s]
			if v == grid.Unreachable {
				continue
			}
			switch {
			case who < 0 || v < best:
				best, who, tie = v, c, false
			case v == best:
				tie = true
			}
		}
		if who >= 0 && !tie {
			out[who] |= grid.Bit(s)
		}
	}
	return out
}
