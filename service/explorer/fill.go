package explorer

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
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

// ErrStopped is returned by Fill when its Hooks.Stop said to stop: the
// searches in flight were stored, and a later fill goes on from there.
var ErrStopped = errors.New("the fill stopped before the end; a later fill goes on from there")

// FillExplorer fills the opening table of an opening with every canonical
// position of the placement tree up to depth placements, searched with
// visits each at batch priority (JobParallel at a time, yielding to
// interactive analyses), skipping those already stored. progress, when
// set, is told the searches done and to do of each depth.
func (s *Explorer) FillExplorer(ctx context.Context, opening string, depth, visits int, progress func(depth, done, total int)) (FillStats, error) {
	return s.Fill(ctx, opening, depth, visits, Hooks{Level: progress})
}

// Hooks let a caller follow a fill and stop it (any may be nil).
type Hooks struct {
	// Level is told the searches done and to do of each depth.
	Level func(depth, done, total int)
	// Done is told of positions finished (searched, or found stored).
	Done func(n int)
	// Stop, when it returns true, makes the fill start no more searches
	// and return ErrStopped once those in flight are stored.
	Stop func() bool
}

// checkFill validates a fill's depth and visits.
func (s *Explorer) checkFill(depth, visits int) error {
	if depth < 0 || depth > 8 {
		return wallzero.Invalid("depth", fmt.Sprintf("%d is outside 0..8 (the placement phase has at most 8 placements)", depth))
	}
	if visits <= 0 || visits > s.an.Limits().MaxVisits {
		return wallzero.Invalid("visits", fmt.Sprintf("%d is outside 1..%d", visits, s.an.Limits().MaxVisits))
	}
	return nil
}

// Fill is FillExplorer with hooks to follow and stop it (the fill job
// works one step of a fill between the stops).
func (s *Explorer) Fill(ctx context.Context, opening string, depth, visits int, h Hooks) (FillStats, error) {
	var st FillStats
	rules, es, key, err := s.explorerSetup(opening)
	if err != nil {
		return st, err
	}
	if err := s.checkFill(depth, visits); err != nil {
		return st, err
	}
	ctx = inference.WithPriority(ctx, inference.Batch)
	level := fillRoot(rules)
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
		if h.Done != nil {
			h.Done(len(level) - len(todo))
		}
		n, err := s.searchLevel(ctx, es, key, todo, visits, h, func(done int) {
			if h.Level != nil {
				h.Level(d, done, len(todo))
			}
		})
		st.Searched += n
		if err != nil {
			return st, err
		}
		if d == depth {
			break
		}
		level = children(level)
	}
	st.Size, err = es.ExplorerSize(ctx, key)
	return st, err
}

// fillRoot is the first level of a fill: the opening's start.
func fillRoot(rules engine.Rules) []fillNode {
	start := engine.NewPosition(rules)
	h, _ := start.CanonicalHash()
	return []fillNode{{hash: h, positions: []engine.Position{start}}}
}

// countTree counts the canonical positions of the placement tree of rules
// to depth placements (what a fill covers).
func countTree(rules engine.Rules, depth int) int {
	n := 0
	for d, level := 0, fillRoot(rules); len(level) > 0; d++ {
		n += len(level)
		if d == depth {
			break
		}
		level = children(level)
	}
	return n
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
// 64 rows. It returns how many it searched.
func (s *Explorer) searchLevel(ctx context.Context, es ExplorerStore, key store.ExplorerKey, nodes []fillNode, visits int, h Hooks, progress func(done int)) (int, error) {
	work := make(chan fillNode)
	var (
		mu      sync.Mutex
		pending []store.ExplorerPosition
		done    int
		first   error
	)
	fail := func(err error) {
		mu.Lock()
		if first == nil {
			first = err
		}
		mu.Unlock()
	}
	flush := func(force bool) error {
		mu.Lock()
		if len(pending) == 0 || (!force && len(pending) < 64) {
			mu.Unlock()
			return nil
		}
		rows := pending
		pending = nil
		mu.Unlock()
		// Store what was searched even when stopping: the next fill
		// skips it.
		return es.SaveExplorerPositions(context.WithoutCancel(ctx), key, rows...)
	}
	var wg sync.WaitGroup
	for range min(s.cfg.Parallel, max(1, len(nodes))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := range work {
				err := s.gate.Wait(ctx, s.cfg.BatchYield)
				var row store.ExplorerPosition
				if err == nil {
					row, err = s.searchExplorer(ctx, n.positions, visits)
				}
				if err != nil {
					fail(err)
					continue
				}
				mu.Lock()
				pending = append(pending, row)
				done++
				if progress != nil {
					progress(done)
				}
				mu.Unlock()
				if h.Done != nil {
					h.Done(1)
				}
				if err := flush(false); err != nil {
					fail(err)
				}
			}
		}()
	}
	stopped := false
	for _, n := range nodes {
		mu.Lock()
		failed := first != nil
		mu.Unlock()
		if failed || ctx.Err() != nil {
			break
		}
		if h.Stop != nil && h.Stop() {
			stopped = true
			break
		}
		work <- n
	}
	close(work)
	wg.Wait()
	if err := flush(true); err != nil {
		fail(err)
	}
	switch {
	case first != nil:
		return done, first
	case ctx.Err() != nil:
		return done, ctx.Err()
	case stopped:
		return done, ErrStopped
	}
	return done, nil
}

// SelfplayOpening is the placement phase of one self-play game and its
// result.
type SelfplayOpening struct {
	// Moves are the game's placements (the whole placement phase).
	Moves []grid.Move
	// Winner is the winning colour, or grid.NoColor for a draw.
	Winner grid.Color
}

// RecordSelfplayOpenings counts self-play games (played with visits per
// move by the service's two-player model) into the frequent opening
// states of an opening: positions at the end of the placement phase,
// counted per canonical position.
func (s *Explorer) RecordSelfplayOpenings(ctx context.Context, opening string, visits int, games []SelfplayOpening) error {
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
				return wallzero.Invalid("games", fmt.Sprintf("game %d: %v", i, err))
			}
			names[j] = m.String()
		}
		if p.Phase() == engine.Setup {
			return wallzero.Invalid("games", fmt.Sprintf("game %d: the placement phase is not complete", i))
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
		case grid.Red:
			f.RedWins++
		case grid.NoColor:
			f.Draws++
		}
	}
	rows := make([]store.FrequentOpening, len(order))
	for i, h := range order {
		rows[i] = *byHash[h]
	}
	return es.AddFrequentOpenings(ctx, key, len(games), visits, rows)
}
