package wallzero

import "github.com/wallzero/wallzero/engine/grid"

// The conventions of the service's answers that several packages share:
// numbers keep four decimals and squares are written by name.

// SquareNames returns the names of the squares of b, in index order.
func SquareNames(b grid.Bitboard) []string {
	out := []string{}
	for _, s := range b.Squares() {
		out = append(out, s.String())
	}
	return out
}

// Round keeps four decimals, for stable, readable output.
func Round(v float32) float32 {
	if v != v {
		return 0
	}
	return float32(int64(float64(v)*10000+sign(v)*0.5)) / 10000
}

// sign returns -1 for a negative v, else 1.
func sign(v float32) float64 {
	if v < 0 {
		return -1
	}
	return 1
}
