package main

import (
	"io"
	"os"

	"github.com/wallzero/wallzero/engine/grid"
)

// isTerminal reports whether r is an interactive terminal (so reading it
// would wait for a person to type).
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// colorName returns the name of player c.
func colorName(c int) string { return grid.Color(c).String() }
