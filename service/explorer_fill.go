package service

import (
	"context"
	"fmt"
	"sync"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/store"
)

// FillStats reports an explorer fill.
type FillStats struct {
	// Positions counts the canonical positions of the tree to the depth;
	// Searched those this fill searched (the others were in the table).
	Positions int `json:"positions"`
	Searched  int `json:"searched"`
	// Size is the table after the fill.
	Size store.ExplorerSize `json:"size"`
}

// fillNode is one canonical position of the placement tree with the game
// that reached it first (the search's history).
type fillNode struct {
	hash      uint64
	positions []engine.Position
}

// FillExplorer fills the opening table of an opening with every canonical
// position of the placement tree up to depth placements, searched with
// visits each at batch priority (JobParallel at a time, yielding to
// interactive analyses), skipping those already stored. progress, when
// set, is told the searches done and to do of each depth.
func (s *Service) FillExplorer(ctx context.Context, opening string, depth, visits int, progress func(depth, done, total int)) (FillStats, error) {
	var st FillStats
	rules, es, key, err := s.explorerSetup(opening)
	if err != nil {
		return st, err
	}
	if depth < 0 {
		return st, invalid("depth", "must be 0 or more")
	}
	if visits <= 0 || visits > s.an.Limits().MaxVisits {
		return st, invalid("visits", "outside 1..the analyzer's maximum")
	}
	ctx = inference.WithPriority(ctx, inference.Batch)
	start := engine.NewPosition(rules)
	h, _ := start.CanonicalHash()
	level := []fillNode{{hash: h, positions: []engine.Position{start}}}
	for d := 0; len(level) > 0; d++ {
		hashes := make([]uint64, len(level))
		for i, n := range level {
			hashes[i] = n.hash
		}
		have, err := es.ExplorerPositions(ctx, key, hashes)
		if err != nil {
			return st, err
		}
		var todo []fillNode
		for _, n := range level {
			if _, ok := have[n.hash]; !ok {
				todo = append(todo, n)
			}
		}
		st.Positions += len(level)
		if err := s.searchLevel(ctx, es, key, todo, visits, func(done int) {
			if progress != nil {
				progress(d, done, len(todo))
			}
		}); err != nil {
			return st, err
		}
		st.Searched += len(todo)
		if d == depth {
			break
		}
		level = children(level)
	}
	st.Size, err = es.ExplorerSize(ctx, key)
	return st, err
}

// children returns the distinct canonical children of a level's
// setup-phase positions.
func children(level []fillNode) []fillNode {
	seen := map[uint64]bool{}
	var out []fillNode
	for _, n := range level {
		last := &n.positions[len(n.positions)-1]
		for _, m := range setupMoves(last) {
			c := *last
			c.Apply(m)
			if c.Phase() != engine.Setup {
				continue // the end of the placement phase: no placements to explore
			}
			h, _ := c.CanonicalHash()
			if seen[h] {
				continue
			}
			seen[h] = true
			ps := append(append(make([]engine.Position, 0, len(n.positions)+1), n.positions...), c)
			out = append(out, fillNode{hash: h, positions: ps})
		}
	}
	return out
}

// searchLevel searches nodes JobParallel at a time and stores them every
// 64 rows.
func (s *Service) searchLevel(ctx context.Context, es ExplorerStore, key store.ExplorerKey, nodes []fillNode, visits int, progress func(done int)) error {
	work := make(chan fillNode)
	var (
		mu      sync.Mutex
		pending []store.ExplorerPosition
		done    int
		first   error
	)
	flush := func(force bool) error {
		mu.Lock()
		if len(pending) == 0 || (!force && len(pending) < 64) {
			mu.Unlock()
			return nil
		}
		rows := pending
		pending = nil
		mu.Unlock()
		return es.SaveExplorerPositions(context.WithoutCancel(ctx), key, rows...)
	}
	var wg sync.WaitGroup
	for range min(s.cfg.JobParallel, max(1, len(nodes))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := range work {
				err := s.gate.wait(ctx, s.cfg.BatchYield)
				var row store.ExplorerPosition
				if err == nil {
					row, err = s.searchExplorer(ctx, n.positions, visits)
				}
				mu.Lock()
				if err != nil && first == nil {
					first = err
				}
				if err == nil {
					pending = append(pending, row)
					done++
					if progress != nil {
						progress(done)
					}
				}
				mu.Unlock()
				if err == nil {
					err = flush(false)
				}
				if err != nil {
					mu.Lock()
					if first == nil {
						first = err
					}
					mu.Unlock()
				}
			}
		}()
	}
	for _, n := range nodes {
		mu.Lock()
		stop := first != nil
		mu.Unlock()
		if stop || ctx.Err() != nil {
			break
		}
		work <- n
	}
	close(work)
	wg.Wait()
	// Store what was searched even when stopping: the next fill skips it.
	if err := flush(true); first == nil {
		first = err
	}
	if first == nil {
		first = ctx.Err()
	}
	return first
}

// SelfplayOpening is the placement phase of one self-play game and its
// result.
type SelfplayOpening struct {
	// Moves are the game's placements (the whole placement phase).
	Moves []engine.Move
	// Winner is the winning colour, or engine.NoColor for a draw.
	Winner engine.Color
}

// RecordSelfplayOpenings counts self-play games (played with visits per
// move by the service's two-player model) into the frequent opening
// states of an opening: positions at the end of the placement phase,
// counted per canonical position.
func (s *Service) RecordSelfplayOpenings(ctx context.Context, opening string, visits int, games []SelfplayOpening) error {
	rules, es, key, err := s.explorerSetup(opening)
	if err != nil {
		return err
	}
	byHash := map[uint64]*store.FrequentOpening{}
	var order []uint64
	for i, g := range games {
		p := engine.NewPosition(rules)
		names := make([]string, len(g.Moves))
		for j, m := range g.Moves {
			if err := p.Play(m); err != nil {
				return invalid("games", fmt.Sprintf("game %d: %v", i, err))
			}
			names[j] = m.String()
		}
		if p.Phase() == engine.Setup {
			return invalid("games", fmt.Sprintf("game %d: the placement phase is not complete", i))
		}
		h, _ := p.CanonicalHash()
		f := byHash[h]
		if f == nil {
			f = &store.FrequentOpening{CanonicalHash: h, Moves: names}
			byHash[h] = f
			order = append(order, h)
		}
		f.Games++
		switch g.Winner {
		case engine.Red:
			f.RedWins++
		case engine.NoColor:
			f.Draws++
		}
	}
	rows := make([]store.FrequentOpening, len(order))
	for i, h := range order {
		rows[i] = *byHash[h]
	}
	return es.AddFrequentOpenings(ctx, key, len(games), visits, rows)
}
