package player

import (
	"context"
	"slices"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// firstMover plays the first legal move and counts how often it is asked.
type firstMover struct{ calls int }

func (f *firstMover) Spec() string { return "first" }

func (f *firstMover) ChooseMove(_ context.Context, pos *engine.Position) (grid.Move, error) {
	f.calls++
	return pos.LegalMoves(nil)[0], nil
}

// TestSlip: a slipping player asks its inner player for the moves it does
// not slip on (all of them with probability 0, none with 1, about 1-p of
// them in between), plays legal moves, names both in its spec and refuses
// a probability outside 0..1.
func TestSlip(t *testing.T) {
	t.Parallel()
	pos := engine.NewPosition(engine.DefaultRules())
	legal := pos.LegalMoves(nil)
	for _, tc := range []struct {
		p        float64
		minCalls int
		maxCalls int
		wantSpec string
	}{
		{0, 400, 400, "slip=0+first"},
		{0.25, 260, 340, "slip=0.25+first"},
		{1, 0, 0, "slip=1+first"},
	} {
		inner := &firstMover{}
		s, err := Slip(inner, tc.p, 7)
		if err != nil {
			t.Fatal(err)
		}
		for range 400 {
			m, err := s.ChooseMove(context.Background(), &pos)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Contains(legal, m) {
				t.Fatalf("p=%v: %v is not legal", tc.p, m)
			}
		}
		if inner.calls < tc.minCalls || inner.calls > tc.maxCalls {
			t.Errorf("p=%v: the inner player was asked %d times of 400, want %d..%d", tc.p, inner.calls, tc.minCalls, tc.maxCalls)
		}
		if s.Spec() != tc.wantSpec {
			t.Errorf("Spec() = %q, want %q", s.Spec(), tc.wantSpec)
		}
	}
	for _, p := range []float64{-0.1, 1.5} {
		if _, err := Slip(&firstMover{}, p, 1); err == nil {
			t.Errorf("Slip(p=%v) accepted", p)
		}
	}
}
