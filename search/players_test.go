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
			res := searchAfterSetup(t, players, 11, 5, territoryEval, 120)
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

// searchAfterSetup searches the position afterSetup gives with eval for
// visits visits.
func searchAfterSetup(t *testing.T, players, stride, offset int, eval EvaluatorFunc, visits int) *Result {
	t.Helper()
	cfg := DefaultConfig()
	cfg.MaxVisits = visits
	s, err := New(eval, cfg, afterSetup(t, players, stride, offset), nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestSeatLeads checks each seat's lead: its land minus the best other
// seat's.
func TestSeatLeads(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		land []int
		want []float32
	}{
		{[]int{3, 5, 1}, []float32{-2, 2, -4}},
		{[]int{4, 4, 2, 0}, []float32{0, 0, -2, -4}},
		{[]int{0, 0, 0}, []float32{0, 0, 0}},
		{[]int{12, 7, 9, 10}, []float32{2, -5, -3, -2}},
	} {
		got := SeatLeads(tc.land)
		for c, w := range tc.want {
			if got[c] != w {
				t.Errorf("SeatLeads(%v) = %v, want %v", tc.land, got[:len(tc.land)], tc.want)
				break
			}
		}
	}
}

// leadsEval is territoryEval with every seat's lead by the position's
// closed territory plus a seat-dependent offset, so that the leads differ
// between moves and seats.
func leadsEval(req *Request) {
	territoryEval(req)
	p := &req.Position
	land := make([]int, p.Players())
	t := p.Territory()
	r := p.Reachability()
	for c := range land {
		land[c] = t.Score[c] + r.Exclusive[c].Count() + c
	}
	req.Out.Leads, req.Out.HasLeads = SeatLeads(land), true
}

// TestPlayerLeads checks the seats' leads of a multi-player search: one
// per player at the root and per visited move, the mover's entry given as
// the margin, the root's the visit-weighted mean of its moves', and none
// with two players.
func TestPlayerLeads(t *testing.T) {
	t.Parallel()
	for _, players := range []int{2, 3, 4} {
		t.Run(fmt.Sprint(players), func(t *testing.T) {
			t.Parallel()
			res := searchAfterSetup(t, players, 7, 3, leadsEval, 150)
			if players == 2 {
				if res.PlayerLeads != nil || res.Moves[0].PlayerLeads != nil {
					t.Fatalf("two players: seats' leads %v, want none", res.PlayerLeads)
				}
				return
			}
			near := func(a, b float64) bool { return math.Abs(a-b) < 1e-3 }
			if len(res.PlayerLeads) != players || !res.HasMargin || res.Margin != res.PlayerLeads[res.ToMove] {
				t.Fatalf("root: leads %v for %s, margin %v (%v)", res.PlayerLeads, res.ToMove, res.Margin, res.HasMargin)
			}
			var sums [4]float64
			visits := 0
			distinct := map[float32]bool{}
			for _, mi := range res.Moves {
				if mi.Visits == 0 {
					if mi.PlayerLeads != nil {
						t.Fatalf("%s unvisited has leads %v", mi.Move, mi.PlayerLeads)
					}
					continue
				}
				if len(mi.PlayerLeads) != players || !mi.HasMargin || mi.Margin != mi.PlayerLeads[res.ToMove] {
					t.Fatalf("%s: leads %v, margin %v (%v)", mi.Move, mi.PlayerLeads, mi.Margin, mi.HasMargin)
				}
				for c, v := range mi.PlayerLeads {
					sums[c] += float64(mi.Visits) * float64(v)
				}
				visits += mi.Visits
				distinct[mi.Margin] = true
			}
			for c := range players {
				if mean := sums[c] / float64(visits); !near(mean, float64(res.PlayerLeads[c])) {
					t.Errorf("seat %d: root lead %v, the moves' visit-weighted mean %v", c, res.PlayerLeads[c], mean)
				}
			}
			if len(distinct) < 2 {
				t.Errorf("every visited move has the same lead for the mover: %v", distinct)
			}
		})
	}
}
