package explain

import (
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// StoneWall is a stone of the mover that acts as a wall (the paper's Case
// II): without it, the opponents' stones would reach more squares in one
// turn.
type StoneWall struct {
	// Stone is the square of the stone.
	Stone grid.Square
	// Blocks holds the squares the opponents would reach in one turn if
	// the stone were not there (its own square excluded).
	Blocks grid.Bitboard
}

// stoneWalls lists the mover's stones in p that block opponents' one-turn
// reach, in square order.
func stoneWalls(p *engine.Position, mover grid.Color) []StoneWall {
	var out []StoneWall
	for _, s := range p.Stones(mover).Squares() {
		var with, without grid.Bitboard
		for c := 0; c < p.Players(); c++ {
			if grid.Color(c) == mover {
				continue
			}
			for _, o := range p.Stones(grid.Color(c)).Squares() {
				with |= p.Destinations(o)
				without |= reachWithout(p, o, s)
			}
		}
		if b := without &^ with &^ grid.Bit(s); b != 0 {
			out = append(out, StoneWall{Stone: s, Blocks: b})
		}
	}
	return out
}

// reachWithout is p.Destinations(from) as if the stone on gone were not on
// the board.
func reachWithout(p *engine.Position, from, gone grid.Square) grid.Bitboard {
	blockers := p.Occupied() &^ grid.Bit(from) &^ grid.Bit(gone)
	step1 := p.Step(grid.Bit(from)) &^ blockers
	return step1 | p.Step(step1)&^blockers | p.Destinations(from)&grid.Bit(from)
}
