package memstore

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/wallzero/wallzero/store"
)

// positionKey is the primary key of explorer_positions and
// explorer_frequent.
type positionKey struct {
	key  store.ExplorerKey
	hash uint64
}

// frequentRow is a row of explorer_frequent besides its key; moves are
// kept joined by spaces, as in the table.
type frequentRow struct {
	moves                 string
	games, redWins, draws int
}

// copyPosition returns a copy of p that shares no slice with it.
func copyPosition(p store.ExplorerPosition) store.ExplorerPosition {
	p.Squares, p.Priors = slices.Clone(p.Squares), slices.Clone(p.Priors)
	p.MoveVisits, p.RedWinrates = slices.Clone(p.MoveVisits), slices.Clone(p.RedWinrates)
	return p
}

// SaveExplorerPositions stores explorer rows, keeping the one with more
// visits when a position is already there (a tie replaces it). Nothing is
// saved when one of rows is invalid (visits not positive, placed
// negative, a nil slice, or slices of different lengths).
func (s *Store) SaveExplorerPositions(ctx context.Context, key store.ExplorerKey, rows ...store.ExplorerPosition) error {
	if err := s.usable(ctx); err != nil {
		return fmt.Errorf("memstore: save explorer positions: %w", err)
	}
	for _, r := range rows {
		n := len(r.Squares)
		// nil slices are NULL arrays to PostgreSQL, which the table
		// refuses; empty ones are stored.
		noArray := r.Squares == nil || r.Priors == nil || r.MoveVisits == nil || r.RedWinrates == nil
		if r.Visits <= 0 || r.Placed < 0 || noArray || len(r.Priors) != n || len(r.MoveVisits) != n || len(r.RedWinrates) != n {
			return fmt.Errorf("memstore: save explorer position %016x: %d placed, %d visits, %d squares, %d priors, %d visits, %d win rates",
				r.CanonicalHash, r.Placed, r.Visits, n, len(r.Priors), len(r.MoveVisits), len(r.RedWinrates))
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, r := range rows {
		k := positionKey{key, r.CanonicalHash}
		if old, ok := s.positions[k]; ok && old.Visits > r.Visits {
			continue
		}
		s.positions[k] = copyPosition(r)
	}
	return nil
}

// ExplorerPositions returns the rows of the hashes that have one, by
// canonical hash.
func (s *Store) ExplorerPositions(ctx context.Context, key store.ExplorerKey, hashes []uint64) (map[uint64]store.ExplorerPosition, error) {
	if err := s.usable(ctx); err != nil {
		return nil, fmt.Errorf("memstore: explorer positions: %w", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make(map[uint64]store.ExplorerPosition, len(hashes))
	for _, h := range hashes {
		if p, ok := s.positions[positionKey{key, h}]; ok {
			out[h] = copyPosition(p)
		}
	}
	return out, nil
}

// positionBytes estimates a row's size: its fixed columns and 14 bytes a
// placement (a square, a prior, visits and a win rate).
func positionBytes(p store.ExplorerPosition) int64 { return 48 + 14*int64(len(p.Squares)) }

// ExplorerSize counts the rows of key; Bytes estimates the size of every
// key's rows (PostgreSQL reports the table's size on disk).
func (s *Store) ExplorerSize(ctx context.Context, key store.ExplorerKey) (store.ExplorerSize, error) {
	out := store.ExplorerSize{ByPlaced: map[int]int64{}}
	if err := s.usable(ctx); err != nil {
		return out, fmt.Errorf("memstore: explorer size: %w", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for k, p := range s.positions {
		out.Bytes += positionBytes(p)
		if k.key == key {
			out.ByPlaced[p.Placed]++
			out.Positions++
		}
	}
	return out, nil
}

// AddFrequentOpenings adds self-play games to the counts, all or nothing:
// rows are summed into the frequent openings (a new position keeps the
// given moves) and games into the self-play total, whose visits become
// visits.
func (s *Store) AddFrequentOpenings(ctx context.Context, key store.ExplorerKey, games, visits int, rows []store.FrequentOpening) error {
	if games < 0 || visits <= 0 {
		return fmt.Errorf("memstore: add frequent openings: %d games, %d visits", games, visits)
	}
	if err := s.usable(ctx); err != nil {
		return fmt.Errorf("memstore: add frequent openings: %w", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	// Sum into copies first, so a row that breaks a constraint leaves
	// nothing changed (PostgreSQL's transaction).
	sums := map[positionKey]frequentRow{}
	for _, r := range rows {
		k := positionKey{key, r.CanonicalHash}
		cur, ok := sums[k]
		if !ok {
			if old := s.frequent[k]; old != nil {
				cur, ok = *old, true
			}
		}
		if !ok {
			cur.moves = strings.Join(r.Moves, " ")
		}
		cur.games, cur.redWins, cur.draws = cur.games+r.Games, cur.redWins+r.RedWins, cur.draws+r.Draws
		if cur.games <= 0 || cur.redWins < 0 || cur.draws < 0 {
			return fmt.Errorf("memstore: add frequent openings: position %016x: %d games, %d red wins, %d draws",
				r.CanonicalHash, cur.games, cur.redWins, cur.draws)
		}
		sums[k] = cur
	}
	for k, r := range sums {
		s.frequent[k] = &r
	}
	tot := s.selfplay[key]
	s.selfplay[key] = store.SelfplayTotals{Games: tot.Games + games, Visits: visits}
	return nil
}

// FrequentOpenings returns the limit most frequent opening states of key,
// most games first, then by canonical hash as a signed 64-bit number (the
// table's order), and the self-play totals (zero when none were
// counted).
func (s *Store) FrequentOpenings(ctx context.Context, key store.ExplorerKey, limit int) ([]store.FrequentOpening, store.SelfplayTotals, error) {
	if err := s.usable(ctx); err != nil {
		return nil, store.SelfplayTotals{}, fmt.Errorf("memstore: frequent openings: %w", err)
	}
	if limit < 0 {
		return nil, store.SelfplayTotals{}, fmt.Errorf("memstore: frequent openings: limit %d is negative", limit)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []store.FrequentOpening
	for k, r := range s.frequent {
		if k.key == key {
			out = append(out, store.FrequentOpening{CanonicalHash: k.hash, Moves: strings.Fields(r.moves),
				Games: r.games, RedWins: r.redWins, Draws: r.draws})
		}
	}
	slices.SortFunc(out, func(a, b store.FrequentOpening) int {
		return cmp.Or(cmp.Compare(b.Games, a.Games), cmp.Compare(int64(a.CanonicalHash), int64(b.CanonicalHash)))
	})
	if len(out) > limit {
		out = out[:limit]
	}
	if len(out) == 0 {
		out = nil
	}
	return out, s.selfplay[key], nil
}
