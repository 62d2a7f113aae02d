package solver

import (
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/engine/solver/endgames"
)

// nearerByDistances is nearer computed the slow way: every stone's step
// distances (engine.StepDistances, around walls and stones), each open
// contested square to the side with the strictly nearer stone.
func nearerByDistances(pos *engine.Position, sp split) int {
	me := pos.ToMove()
	var near [2][grid.NumSquares]int
	for side, c := range [2]grid.Color{me, 1 - me} {
		for sq := range near[side] {
			near[side][sq] = 1 << 30
		}
		for st := pos.Stones(c) & sp.contested; st != 0; st &= st - 1 {
			d := pos.StepDistances(st.First())
			for sq, v := range d {
				if v != grid.Unreachable {
					near[side][sq] = min(near[side][sq], int(v))
				}
			}
		}
	}
	diff := sp.mine.Count() - sp.theirs.Count()
	for sq := range grid.Square(grid.NumSquares) {
		if sp.contested&grid.Bit(sq) == 0 {
			continue
		}
		switch {
		case near[0][sq] < near[1][sq]:
			diff++
		case near[1][sq] < near[0][sq]:
			diff--
		}
	}
	return diff
}

// TestNearerMatchesStepDistances checks the bitboard Voronoi split against
// per-stone step distances on the agent's endgames 1 to 24 plies before
// the end (with either side to move).
func TestNearerMatchesStepDistances(t *testing.T) {
	t.Parallel()
	plies := make([]int, 24)
	for i := range plies {
		plies[i] = i + 1
	}
	checked, nonZero := 0, 0
	for _, p := range endgames.Pick(loadAgentGames(t), plies) {
		pos := p.Pos
		b := boardOf(&pos)
		sp := splitOf(&pos, b)
		got, want := nearer(&pos, b, sp), nearerByDistances(&pos, sp)
		if got != want {
			t.Fatalf("%v, %d plies before the end: nearer %d, by step distances %d", pos.ToMove(), p.PliesLeft, got, want)
		}
		checked++
		if got != 0 {
			nonZero++
		}
	}
	t.Logf("%d positions, %d with a non-zero guess", checked, nonZero)
	if checked < 2000 || nonZero < checked/2 {
		t.Fatalf("checked %d positions, %d with a non-zero guess", checked, nonZero)
	}
}

// TestEstimateLeansWithTheGuess checks that a new leaf's first numbers
// follow the Voronoi guess: the better the guess for the root's player,
// the smaller the proof number and the larger the disproof number, within
// 1 plus the two parts' scales, and the same from either side's view.
func TestEstimateLeansWithTheGuess(t *testing.T) {
	t.Parallel()
	pos := engine.NewPosition(engine.DefaultRules())
	for _, target := range []Value{0, 1} {
		r := &pnRun{root: pos.ToMove(), target: target}
		lo, hi := Value(-5*regionWeight), Value(5*regionWeight)
		last := pnEntry{pn: pnInf, dn: 0}
		for guess := -10; guess <= 10; guess++ {
			e := r.estimate(&pos, lo, hi, guess)
			if e.pn < 1 || e.dn < 1 || e.pn > 1+pnLeafScale+pnGuessScale || e.dn > 1+pnLeafScale+pnGuessScale {
				t.Fatalf("target %d, guess %d: numbers %+v out of range", target, guess, e)
			}
			if e.pn > last.pn || e.dn < last.dn {
				t.Fatalf("target %d, guess %d: %+v after %+v for a smaller guess", target, guess, e, last)
			}
			last = e
			// A leaf whose mover is not the root's player: its bounds and
			// guess, given from its mover's view, are turned round.
			other := &pnRun{root: 1 - pos.ToMove(), target: target}
			if o := other.estimate(&pos, -hi, -lo, -guess); o != e {
				t.Fatalf("target %d, guess %d: %+v from the root's view, %+v from the mover's", target, guess, e, o)
			}
		}
		if first, final := r.estimate(&pos, lo, hi, -10), r.estimate(&pos, lo, hi, 10); first.pn-final.pn != pnGuessScale || final.dn-first.dn != pnGuessScale {
			t.Fatalf("target %d: the guess moves the numbers from %+v to %+v, not by its whole scale", target, first, final)
		}
	}
}
