package program

import (
	"fmt"
	"strconv"
	"strings"
)

// PositiveInts parses a comma-separated list of positive integers given to
// the flag named name.
func PositiveInts(name, text string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(text, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("-%s: %q is not a positive number", name, f)
		}
		out = append(out, n)
	}
	return out, nil
}
