package engine

import (
	"math/rand/v2"

	"github.com/wallzero/wallzero/engine/grid"
)

// PlayRandomGame plays uniformly random legal moves from p to the end of
// the game, generating the full legal move list at every ply, and returns
// the number of moves played. buf is scratch space (capacity MaxMoves
// avoids allocation).
func PlayRandomGame(p Position, rng *rand.Rand, buf []grid.Move) int {
	n := 0
	for !p.IsOver() {
		moves := p.LegalMoves(buf[:0])
		p.Apply(moves[rng.IntN(len(moves))])
		n++
	}
	return n
}
