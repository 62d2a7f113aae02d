package player

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Specs lists the specifications New accepts, weakest first.
var Specs = []string{"random", "voronoi-easy", "voronoi-medium", "voronoi-hard"}

// New returns the built-in player named by spec (one of Specs). The player
// draws all its randomness from a PCG source seeded with seed, so the same
// spec, seed and positions give the same moves.
func New(spec string, seed uint64) (Player, error) {
	rng := rand.New(rand.NewPCG(seed, seed^0x5eed_0f_91a7e45))
	switch spec {
	case "random":
		return newRandom(rng), nil
	case "voronoi-easy":
		return newEasy(rng), nil
	case "voronoi-medium":
		return newMedium(rng), nil
	case "voronoi-hard":
		return newHard(rng), nil
	}
	return nil, fmt.Errorf("unknown player %q (valid: %s)", spec, strings.Join(Specs, ", "))
}
