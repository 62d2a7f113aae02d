package player

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// SlipPrefix starts the spec of a slipping player: "slip=P+INNER" plays a
// uniformly random legal move with probability P and INNER's move
// otherwise (Slip).
const SlipPrefix = "slip="

// CutSlip splits a slipping player's spec "slip=P+INNER" into P and
// INNER; ok is false for any other spec (P is not checked here).
func CutSlip(spec string) (p, inner string, ok bool) {
	rest, ok := strings.CutPrefix(spec, SlipPrefix)
	if !ok {
		return "", "", false
	}
	return strings.Cut(rest, "+")
}

// slipPlayer plays a random move now and then, its inner player's
// otherwise.
type slipPlayer struct {
	inner  Player
	p      float64
	rng    *rand.Rand
	random *randomPlayer
}

// Slip wraps inner so that each move is, with probability p (0..1), a
// uniformly random legal move instead of inner's: a player that plays well
// and blunders now and then, as people do, which the engines' own styles
// do not show. The draws come from a PCG source seeded with seed; inner
// is not asked for the moves it does not play.
func Slip(inner Player, p float64, seed uint64) (Player, error) {
	if !(p >= 0 && p <= 1) {
		return nil, fmt.Errorf("slip probability %v: want 0..1", p)
	}
	rng := rand.New(rand.NewPCG(seed, seed^0x511b_0ff5))
	return &slipPlayer{inner: inner, p: p, rng: rng, random: newRandom(rng)}, nil
}

// Spec returns "slip=P+" followed by the inner player's spec.
func (s *slipPlayer) Spec() string {
	return fmt.Sprintf("%s%g+%s", SlipPrefix, s.p, s.inner.Spec())
}

// ChooseMove returns a random legal move with probability p, the inner
// player's move otherwise.
func (s *slipPlayer) ChooseMove(ctx context.Context, pos *engine.Position) (grid.Move, error) {
	if s.rng.Float64() < s.p {
		return s.random.ChooseMove(ctx, pos)
	}
	return s.inner.ChooseMove(ctx, pos)
}
