package mctsplayer

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/search"
)

// TestSetHistoryReachesTheEvaluator: a fresh player given the game so far
// evaluates its first position with that history, searching or not.
func TestSetHistoryReachesTheEvaluator(t *testing.T) {
	t.Parallel()
	g, err := engine.Record{Moves: []string{"C3", "E3", "C5", "E5", "E5-E4:N", "E3-D3:S"}}.Game()
	if err != nil {
		t.Fatal(err)
	}
	ps := g.Positions()
	pos := ps[len(ps)-1]
	var history []engine.Position // most recent first
	for i := len(ps) - 2; i >= 0; i-- {
		history = append(history, ps[i])
	}
	for _, tc := range []struct {
		name   string
		policy bool
	}{{"mcts", false}, {"policy", true}} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var (
				mu    sync.Mutex
				first *search.Request
			)
			eval := evaluatorFunc(func(r *search.Request) {
				mu.Lock()
				if first == nil {
					cp := *r
					first = &cp
				}
				mu.Unlock()
				territoryEval(r)
			})
			var p *Player
			if tc.policy {
				p = NewPolicyPlayer("policy", eval, 1)
			} else {
				cfg := search.DefaultConfig()
				cfg.MaxVisits = 16
				if p, err = NewPlayer("mcts", eval, cfg); err != nil {
					t.Fatal(err)
				}
			}
			p.SetHistory(pos, history)
			m, err := p.ChooseMove(context.Background(), &pos)
			if err != nil {
				t.Fatal(err)
			}
			if err := pos.CheckMove(m); err != nil {
				t.Fatalf("illegal move %v: %v", m, err)
			}
			if first.Position != pos {
				t.Fatal("the first evaluation was not of the given position")
			}
			if first.HistoryCount != search.HistoryLen {
				t.Fatalf("history of %d positions, want %d", first.HistoryCount, search.HistoryLen)
			}
			for k := range search.HistoryLen {
				if first.History[k] != history[k] {
					t.Errorf("history[%d] is not the position %d plies back", k, k+1)
				}
			}
		})
	}
}

// TestLimitTimeEndsTheSearch: a search with a huge visit budget stops at
// the time limit and still plays a move.
func TestLimitTimeEndsTheSearch(t *testing.T) {
	t.Parallel()
	slow := evaluatorFunc(func(r *search.Request) {
		time.Sleep(time.Millisecond)
		territoryEval(r)
	})
	cfg := search.DefaultConfig()
	cfg.MaxVisits = 1 << 30
	p, err := NewPlayer("mcts", slow, cfg)
	if err != nil {
		t.Fatal(err)
	}
	p.LimitTime(50 * time.Millisecond)
	pos := engine.NewPosition(engine.DefaultRules())
	start := time.Now()
	if _, err := p.ChooseMove(context.Background(), &pos); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("the search took %v with a 50 ms limit", d)
	}
	p.LimitTime(time.Hour) // a longer limit keeps the shorter one
	if p.cfg.MaxTime != 50*time.Millisecond {
		t.Errorf("MaxTime %v after a longer limit, want 50ms", p.cfg.MaxTime)
	}
}
