package engine

import "github.com/wallzero/wallzero/engine/grid"

// Perft counts the move sequences of length depth from p (the leaves of the
// legal-move tree), the standard check of a move generator against an
// independent one. Finished games are leaves with no moves.
func Perft(p Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if depth == 1 {
		return uint64(p.CountLegalMoves())
	}
	var buf [MaxMoves]grid.Move
	var n uint64
	for _, m := range p.LegalMoves(buf[:0]) {
		q := p
		q.Apply(m)
		n += Perft(q, depth-1)
	}
	return n
}
