package wallzero

import "github.com/wallzero/wallzero/engine/grid"

// The answers and the stored rows name the engine's typed values the same
// way everywhere: moves in notation, per-seat values by colour name,
// squares by name (SquareNames). These are the one set of helpers the API's
// JSON (api/wire), the cache row, the jobs row and the workspace's cards
// write them with.

// MoveName writes a move in notation, "" for the zero Move (none).
func MoveName(m grid.Move) string {
	if m == (grid.Move{}) {
		return ""
	}
	return m.String()
}

// MoveNames writes moves in notation; nil stays nil (NotNil makes it an
// empty list where the JSON must show one).
func MoveNames(moves []grid.Move) []string {
	if moves == nil {
		return nil
	}
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = m.String()
	}
	return out
}

// NotNil turns a nil list into an empty one, so that its JSON is [] and
// not null.
func NotNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// ByColour names per-seat values by colour ("red", "blue", ...); nil
// stays nil.
func ByColour[T any](v []T) map[string]T {
	if v == nil {
		return nil
	}
	out := make(map[string]T, len(v))
	for c, x := range v {
		out[grid.Color(c).String()] = x
	}
	return out
}

// ColourNames names colours ("red", "blue", ...); the list is never nil.
func ColourNames(cs []grid.Color) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}
