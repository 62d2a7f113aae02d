package search

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"sync"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/internal/testkit/gametest"
)

// territoryEval is a deterministic evaluator for tests: uniform priors and a
// value from the current land and reach difference.
func territoryEval(req *Request) {
	p := &req.Position
	req.Out.Priors = make([]float32, len(req.Moves))
	for i := range req.Out.Priors {
		req.Out.Priors[i] = 1 / float32(len(req.Moves))
	}
	t := p.Territory()
	r := p.Reachability()
	var u [grid.MaxPlayers]float32
	var sum float32
	for c := 0; c < p.Players(); c++ {
		x := float64(t.Score[c]) + 0.3*float64(r.Exclusive[c].Count())
		u[c] = float32(math.Exp(x / 4))
		sum += u[c]
	}
	for c := 0; c < p.Players(); c++ {
		u[c] /= sum
	}
	req.Out.Utility = u
}

// flatEval gives uniform priors and an even value: only finished games tell
// the search anything.
func flatEval(req *Request) {
	req.Out.Priors = make([]float32, len(req.Moves))
	for i := range req.Out.Priors {
		req.Out.Priors[i] = 1 / float32(len(req.Moves))
	}
	for c := 0; c < req.Position.Players(); c++ {
		req.Out.Utility[c] = 1 / float32(req.Position.Players())
	}
}

// boardPosition builds a two-player position from Board JSON.
func boardPosition(t *testing.T, js string) engine.Position {
	t.Helper()
	var b engine.Diagram
	if err := json.Unmarshal([]byte(js), &b); err != nil {
		t.Fatal(err)
	}
	p, err := b.Position(engine.DefaultRules())
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// closingWin is a position where Red wins at once by closing the gap at
// C7|D7 (28 squares against 21); every other move keeps the game open.
const closingWin = `{"stones": {"red": ["E7","F2","G4","E3"], "blue": ["A1","B4","A6","B2"]},
 "walls": [{"square":"C1","side":"E","by":"red"},{"square":"C2","side":"E","by":"blue"},
           {"square":"C3","side":"E","by":"red"},{"square":"C4","side":"E","by":"blue"},
           {"square":"C5","side":"E","by":"red"},{"square":"C6","side":"E","by":"blue"}],
 "toMove": "red", "phase": "play"}`

func TestFindsWinInOneTurn(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		gumbel bool
		visits int
	}{
		{"puct", false, 400},
		{"gumbel", true, 300},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			pos := boardPosition(t, closingWin)
			cfg := DefaultConfig()
			cfg.MaxVisits, cfg.Gumbel, cfg.Seed = tc.visits, tc.gumbel, 7
			cfg.GumbelCandidates = 256 // flat priors: every move must be a candidate
			cfg.RootFPUReduction = 0   // and every root move must be tried
			s, err := New(EvaluatorFunc(flatEval), cfg, pos, nil)
			if err != nil {
				t.Fatal(err)
			}
			res, err := s.Run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			after := pos
			after.Apply(res.Best)
			if !after.IsOver() || after.Result().Winner() != grid.Red {
				t.Fatalf("best move %s does not win at once (top moves %v)", res.Best, top(res, 5))
			}
			if res.Moves[0].Winrate < 0.99 {
				t.Errorf("winning move's winrate %.3f, want 1", res.Moves[0].Winrate)
			}
			if res.Visits < tc.visits {
				t.Errorf("root visits %d < %d", res.Visits, tc.visits)
			}
		})
	}
}

func top(r *Result, n int) []string {
	var out []string
	for _, m := range r.Moves[:min(n, len(r.Moves))] {
		out = append(out, fmt.Sprintf("%s n=%d q=%.2f", m.Move, m.Visits, m.Winrate))
	}
	return out
}

// midgame returns a four-stone position after setup and a few turns.
func midgame(t *testing.T) engine.Position {
	t.Helper()
	return gametest.Midgame()
}

// runMidgame runs a search of the midgame with the territory evaluator.
func runMidgame(t *testing.T, cfg Config) (*Search, *Result) {
	t.Helper()
	return runMidgameWith(t, EvaluatorFunc(territoryEval), cfg)
}

// runMidgameWith runs a search of the midgame with ev.
func runMidgameWith(t *testing.T, ev Evaluator, cfg Config) (*Search, *Result) {
	t.Helper()
	s, err := New(ev, cfg, midgame(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := s.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return s, r
}

func TestSameSeedSameResult(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		cfg  func(*Config)
	}{
		{"puct", func(c *Config) {}},
		{"noise", func(c *Config) { c.DirichletAlpha, c.DirichletWeight = 0.3, 0.25 }},
		{"gumbel", func(c *Config) { c.Gumbel = true }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			run := func() *Result {
				cfg := DefaultConfig()
				cfg.MaxVisits, cfg.Seed = 200, 42
				tc.cfg(&cfg)
				_, r := runMidgame(t, cfg)
				r.Elapsed = 0
				return r
			}
			a, b := run(), run()
			ja, _ := json.Marshal(a)
			jb, _ := json.Marshal(b)
			if string(ja) != string(jb) {
				t.Fatalf("two runs with the same seed differ")
			}
		})
	}
}

// lockedEval serialises a test evaluator and counts its batches, standing
// in for the inference package's batching queue.
type lockedEval struct {
	mu      sync.Mutex
	batches int
	f       func(*Request)
}

func (e *lockedEval) Evaluate(ctx context.Context, reqs []*Request) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.batches++
	for _, r := range reqs {
		e.f(r)
	}
	return nil
}

func TestConcurrentSearches(t *testing.T) {
	t.Parallel()
	ev := &lockedEval{f: territoryEval}
	var wg sync.WaitGroup
	results := make([]*Result, 16)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cfg := DefaultConfig()
			cfg.MaxVisits, cfg.Seed = 100, uint64(i%4)
			s, err := New(ev, cfg, midgame(t), nil)
			if err != nil {
				t.Error(err)
				return
			}
			results[i], err = s.Run(context.Background())
			if err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	for i, r := range results {
		if r == nil {
			t.Fatalf("search %d failed", i)
		}
		if r.Visits < 100 {
			t.Errorf("search %d: %d visits", i, r.Visits)
		}
		// Searches with equal seeds agree whatever the interleaving.
		if j := i % 4; r.Best != results[j].Best || r.Winrate != results[j].Winrate {
			t.Errorf("search %d and %d (same seed) differ: %s %.4f vs %s %.4f", i, j, r.Best, r.Winrate, results[j].Best, results[j].Winrate)
		}
	}
}

func TestTreeReuse(t *testing.T) {
	t.Parallel()
	cfg := DefaultConfig()
	cfg.MaxVisits = 300
	s, r := runMidgame(t, cfg)
	kept := r.Moves[0].Visits
	if err := s.Advance(r.Best); err != nil {
		t.Fatal(err)
	}
	if got := int(s.root.visits); got != kept {
		t.Fatalf("after advancing the root has %d visits, want the %d of the chosen child", got, kept)
	}
	before := s.evals
	r2, err := s.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if r2.Visits < 300 || s.evals-before > 300-kept+cfg.LeafBatch {
		t.Errorf("second run: %d visits with %d new evaluations (kept %d)", r2.Visits, s.evals-before, kept)
	}
	if err := s.Advance(grid.PlaceAt(0)); err == nil {
		t.Error("advancing with an illegal move succeeded")
	}
}

func TestPrioritiesAndStatistics(t *testing.T) {
	t.Parallel()
	cfg := DefaultConfig()
	cfg.MaxVisits = 200
	_, r := runMidgame(t, cfg)
	total, psum, ipsum := 0, float32(0), float32(0)
	for i, m := range r.Moves {
		total += m.Visits
		psum += m.Prior
		if m.Order != i {
			t.Errorf("move %d has order %d", i, m.Order)
		}
		if m.Visits > 0 && (m.LCB > m.Winrate || m.PV[0] != m.Move) {
			t.Errorf("move %s: lcb %.3f > winrate %.3f or pv %v", m.Move, m.LCB, m.Winrate, m.PV)
		}
		if i > 0 && m.Visits > r.Moves[i-1].Visits {
			t.Errorf("moves not sorted by visits at %d", i)
		}
	}
	for _, p := range r.ImprovedPolicy {
		ipsum += p
	}
	if total != r.Visits-1 {
		t.Errorf("children visits %d, root %d (want root = children + 1)", total, r.Visits)
	}
	if math.Abs(float64(psum-1)) > 1e-3 || math.Abs(float64(ipsum-1)) > 1e-3 {
		t.Errorf("priors sum %.4f, improved policy sum %.4f", psum, ipsum)
	}
	legal := r.Moves
	if len(legal) != midgamePos(t).CountLegalMoves() {
		t.Errorf("%d moves reported, %d legal", len(legal), midgamePos(t).CountLegalMoves())
	}
}

func midgamePos(t *testing.T) *engine.Position { p := midgame(t); return &p }

func TestMultiPlayer(t *testing.T) {
	t.Parallel()
	for _, players := range []int{3, 4} {
		t.Run(fmt.Sprint(players), func(t *testing.T) {
			t.Parallel()
			r, err := engine.Rules{Players: players}.Normalize()
			if err != nil {
				t.Fatal(err)
			}
			p := engine.NewPosition(r)
			cfg := DefaultConfig()
			cfg.MaxVisits = 50
			for ply := 0; ply < 40 && !p.IsOver(); ply++ {
				s, err := New(EvaluatorFunc(territoryEval), cfg, p, nil)
				if err != nil {
					t.Fatal(err)
				}
				r, err := s.Run(context.Background())
				if err != nil {
					t.Fatal(err)
				}
				if err := p.Play(r.Best); err != nil {
					t.Fatalf("ply %d: search chose an illegal move: %v", ply, err)
				}
			}
		})
	}
}

func TestConfigErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		edit func(*Config)
	}{
		{"no limit", func(c *Config) { c.MaxVisits = 0 }},
		{"leaf batch", func(c *Config) { c.LeafBatch = 0 }},
		{"cpuct", func(c *Config) { c.CPuct = 0 }},
		{"noise alpha", func(c *Config) { c.DirichletWeight = 0.25 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			cfg := DefaultConfig()
			tc.edit(&cfg)
			if _, err := New(EvaluatorFunc(flatEval), cfg, midgame(t), nil); err == nil {
				t.Fatal("invalid config accepted")
			}
		})
	}
}
