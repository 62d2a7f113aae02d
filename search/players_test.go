package search

import (
	"context"
	"fmt"
	"math"
	"strings"
	"sync"
	"testing"

	"github.com/wallzero/wallzero/engine"
)

// TestPlayerWinrates checks the per-player win rates of a multi-player
// search: one per player at the root and per visited move, the mover's
// equal to the win rate the search reports for it, and none with two
// players.
func TestPlayerWinrates(t *testing.T) {
	t.Parallel()
	for _, players := range []int{2, 3, 4} {
		t.Run(fmt.Sprint(players), func(t *testing.T) {
			t.Parallel()
			p := afterSetup(t, players, 11, 5)
			cfg := DefaultConfig()
			cfg.MaxVisits = 120
			s, err := New(EvaluatorFunc(territoryEval), cfg, p, nil)
			if err != nil {
				t.Fatal(err)
			}
			res, err := s.Run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if players == 2 {
				if res.PlayerWinrates != nil || res.Moves[0].PlayerWinrates != nil {
					t.Fatalf("two players: per-player win rates %v, want none", res.PlayerWinrates)
				}
				return
			}
			near := func(a, b float32) bool { return math.Abs(float64(a-b)) < 1e-5 }
			if len(res.PlayerWinrates) != players || !near(res.PlayerWinrates[res.ToMove], res.Winrate) {
				t.Fatalf("root: %v for %s, winrate %v", res.PlayerWinrates, res.ToMove, res.Winrate)
			}
			for _, mi := range res.Moves {
				if mi.Visits == 0 {
					if mi.PlayerWinrates != nil {
						t.Fatalf("%s unvisited has %v", mi.Move, mi.PlayerWinrates)
					}
					continue
				}
				if len(mi.PlayerWinrates) != players || !near(mi.PlayerWinrates[res.ToMove], mi.Winrate) {
					t.Fatalf("%s: %v, winrate %v", mi.Move, mi.PlayerWinrates, mi.Winrate)
				}
			}
		})
	}
}

// TestMultiCPuct checks that Config.MultiCPuct is the exploration
// constant of three- and four-player searches and only theirs: a search
// with CPuct c and MultiCPuct m visits moves as one with CPuct m alone
// when there are three or four players, and as one with CPuct c alone
// when there are two; and the two constants give different searches.
func TestMultiCPuct(t *testing.T) {
	t.Parallel()
	visits := func(t *testing.T, p engine.Position, cpuct, multi float32) []int {
		cfg := DefaultConfig()
		cfg.MaxVisits = 200
		cfg.CPuct, cfg.MultiCPuct = cpuct, multi
		s, err := New(EvaluatorFunc(territoryEval), cfg, p, nil)
		if err != nil {
			t.Fatal(err)
		}
		res, err := s.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		out := make([]int, len(res.Moves))
		for i, mi := range res.Moves {
			out[i] = mi.Visits
		}
		return out
	}
	for _, players := range []int{2, 3, 4} {
		t.Run(fmt.Sprint(players), func(t *testing.T) {
			t.Parallel()
			p := afterSetup(t, players, 7, 3)
			both := visits(t, p, 1.5, 0.5)
			want := visits(t, p, 0.5, 0)
			if players == 2 {
				want = visits(t, p, 1.5, 0)
			}
			if fmt.Sprint(both) != fmt.Sprint(want) {
				t.Fatalf("CPuct 1.5, MultiCPuct 0.5: visits %v, want %v", both, want)
			}
			if a, b := visits(t, p, 1.5, 0), visits(t, p, 0.5, 0); fmt.Sprint(a) == fmt.Sprint(b) {
				t.Fatalf("CPuct 1.5 and 0.5 give the same visits %v", a)
			}
		})
	}
}

// afterSetup returns the first position of the play phase of an empty
// opening with the given player count, the i-th placement being legal
// move (i*stride+offset) mod the number of legal moves.
func afterSetup(t *testing.T, players, stride, offset int) engine.Position {
	t.Helper()
	r, err := engine.Rules{Players: players, Opening: "empty"}.Normalize()
	if err != nil {
		t.Fatal(err)
	}
	p := engine.NewPosition(r)
	for i := 0; p.Phase() == engine.Setup; i++ {
		legal := p.LegalMoves(nil)
		if err := p.Play(legal[(i*stride+offset)%len(legal)]); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

// batchRecorder evaluates with territoryEval and records the largest
// number of requests one call carried.
type batchRecorder struct {
	mu      sync.Mutex
	largest int
}

// Evaluate records len(reqs) and evaluates them.
func (b *batchRecorder) Evaluate(ctx context.Context, reqs []*Request) error {
	b.mu.Lock()
	b.largest = max(b.largest, len(reqs))
	b.mu.Unlock()
	return EvaluatorFunc(territoryEval).Evaluate(ctx, reqs)
}

// TestMultiLeafBatch checks that Config.MultiLeafBatch is the number of
// leaves in flight of three- and four-player searches and only theirs
// (0: LeafBatch), with LeafCalls cut to it when larger; a negative one is
// refused.
func TestMultiLeafBatch(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		players, batch, multi, calls, want int
	}{
		{2, 8, 4, 0, 8},
		{3, 8, 4, 0, 4},
		{4, 8, 4, 0, 4},
		{4, 8, 0, 0, 8},
		{4, 16, 2, 0, 2},
		{4, 16, 4, 8, 1}, // 16 leaves in 8 calls of 2 would be 16 in flight; 4 in flight are 4 calls of 1
		{2, 16, 4, 8, 2},
	} {
		t.Run(fmt.Sprintf("%dp batch %d multi %d calls %d", tc.players, tc.batch, tc.multi, tc.calls), func(t *testing.T) {
			t.Parallel()
			cfg := DefaultConfig()
			cfg.MaxVisits, cfg.LeafBatch, cfg.MultiLeafBatch, cfg.LeafCalls = 200, tc.batch, tc.multi, tc.calls
			var rec batchRecorder
			s, err := New(&rec, cfg, afterSetup(t, tc.players, 7, 3), nil)
			if err != nil {
				t.Fatal(err)
			}
			res, err := s.Run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if rec.largest != tc.want || res.Visits < 200 {
				t.Fatalf("largest call %d leaves (want %d), %d visits", rec.largest, tc.want, res.Visits)
			}
		})
	}
	bad := DefaultConfig()
	bad.MultiLeafBatch = -1
	if err := bad.Validate(); err == nil || !strings.Contains(err.Error(), "MultiLeafBatch") {
		t.Fatalf("MultiLeafBatch -1: %v", err)
	}
}
