package wire

import "github.com/wallzero/wallzero/engine"

// byColour names per-seat values by colour (nil for none).
func byColour[T any](v []T) map[string]T {
	if v == nil {
		return nil
	}
	out := make(map[string]T, len(v))
	for c, x := range v {
		out[engine.Color(c).String()] = x
	}
	return out
}

// moveNames writes moves in notation (nil stays nil).
func moveNames(moves []engine.Move) []string {
	if moves == nil {
		return nil
	}
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = m.String()
	}
	return out
}

// squareNames lists a bitboard's squares by name, in board order.
func squareNames(b engine.Bitboard) []string {
	out := []string{}
	for _, s := range b.Squares() {
		out = append(out, s.String())
	}
	return out
}
