package recordtext

import "strings"

// ListedMove is one move of a plain move list with the line it is on.
type ListedMove struct {
	// Line is the move's 1-based line in the text.
	Line int
	// Text is the move as written, without the spaces around it.
	Text string
}

// SplitMoveList returns the moves of a plain move list: one per line or
// several on a line separated by commas; blank lines, empty entries and
// everything after a '#' on its line are ignored. The moves are not
// parsed. The command line reads its -moves files with it, and
// Parse its "moves" format.
func SplitMoveList(text string) []ListedMove {
	var out []ListedMove
	for i, line := range strings.Split(text, "\n") {
		if k := strings.IndexByte(line, '#'); k >= 0 {
			line = line[:k]
		}
		for _, m := range strings.Split(line, ",") {
			if m = strings.TrimSpace(m); m != "" {
				out = append(out, ListedMove{Line: i + 1, Text: m})
			}
		}
	}
	return out
}
