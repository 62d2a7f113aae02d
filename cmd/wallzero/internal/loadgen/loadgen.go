package loadgen

import (
	"context"
	"math/rand/v2"
	"time"

	"github.com/wallzero/wallzero/engine"
)

// RandomRecord plays lo..hi random legal moves from the default start.
func RandomRecord(rng *rand.Rand, lo, hi int) []string {
	for {
		p := engine.NewPosition(engine.DefaultRules())
		moves := []string{}
		n := lo + rng.IntN(hi-lo+1)
		for len(moves) < n && !p.IsOver() {
			legal := p.LegalMoves(nil)
			mv := legal[rng.IntN(len(legal))]
			p.Apply(mv)
			moves = append(moves, mv.String())
		}
		if !p.IsOver() {
			return moves
		}
	}
}

// Sleep waits d or until ctx ends.
func Sleep(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}
