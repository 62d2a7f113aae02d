package render

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/wallzero/wallzero/engine/grid"
)

// MaxCandidates caps the candidate moves one diagram draws.
const MaxCandidates = 16

// ParseCandidates parses a comma-separated list of moves in notation, each
// optionally followed by "@" and the mover's win rate in [0, 1], e.g.
// "E5-E4:N@0.62,C3-C4:E@0.58,D4" (the form of the board.svg query
// parameter). Colour prefixes are not allowed. The empty string gives no
// candidates.
func ParseCandidates(text string) ([]Candidate, error) {
	if strings.TrimSpace(text) == "" {
		return nil, nil
	}
	parts := strings.Split(text, ",")
	if len(parts) > MaxCandidates {
		return nil, fmt.Errorf("%d moves, at most %d", len(parts), MaxCandidates)
	}
	out := make([]Candidate, 0, len(parts))
	for i, part := range parts {
		c, err := ParseCandidate(part)
		if err != nil {
			return nil, fmt.Errorf("[%d] %w", i, err)
		}
		out = append(out, c)
	}
	return out, nil
}

// ParseCandidate parses one move of a candidate list: "E5-E4:N@0.62" or
// "E5-E4:N" (no win rate: Winrate -1).
func ParseCandidate(text string) (Candidate, error) {
	t := strings.TrimSpace(text)
	c := Candidate{Winrate: -1}
	if at := strings.IndexByte(t, '@'); at >= 0 {
		v, err := strconv.ParseFloat(strings.TrimSpace(t[at+1:]), 64)
		if err != nil || math.IsNaN(v) || v < 0 || v > 1 {
			return Candidate{}, fmt.Errorf("%q: the win rate after @ must be a number in [0, 1]", text)
		}
		c.Winrate, t = v, strings.TrimSpace(t[:at])
	}
	if strings.ContainsRune(t, ' ') {
		return Candidate{}, fmt.Errorf("%q: give the move without a colour prefix", text)
	}
	m, _, err := grid.ParseMove(t)
	if err != nil {
		return Candidate{}, err
	}
	c.Move = m
	return c, nil
}

// ParseOwnership parses 49 comma-separated numbers in [-1, 1], one per
// square from A1 to G7 (index row*7+column), Red's view.
func ParseOwnership(text string) ([]float32, error) {
	parts := strings.Split(text, ",")
	if len(parts) != grid.NumSquares {
		return nil, fmt.Errorf("%d values, want %d (one per square, A1..G7)", len(parts), grid.NumSquares)
	}
	out := make([]float32, len(parts))
	for i, p := range parts {
		v, err := strconv.ParseFloat(strings.TrimSpace(p), 32)
		if err != nil || math.IsNaN(v) || v < -1 || v > 1 {
			return nil, fmt.Errorf("[%d] %q: want a number in [-1, 1]", i, p)
		}
		out[i] = float32(v)
	}
	return out, nil
}
