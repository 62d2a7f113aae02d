package store

import (
	"context"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
)

// ExplorerKey identifies an opening explorer's table: the normalized
// rules' string form and the evaluator's model id.
type ExplorerKey struct {
	Rules string
	Model string
}

// ExplorerPosition is one row of the opening explorer: a canonical
// placement-phase position, searched once. The four slices are parallel,
// one entry per legal placement, in the canonical orientation.
type ExplorerPosition struct {
	// CanonicalHash is the position's symmetry-canonical hash.
	CanonicalHash uint64
	// Placed is the number of placements made (preset stones excluded).
	Placed int
	// Visits is the root search's budget.
	Visits int
	// RedWinrate is Red's expected result after the search; RedValue the
	// network's own value, before any search (both Red's view).
	RedWinrate float32
	RedValue   float32
	// Squares are the placements' squares (0..48).
	Squares []int16
	// Priors are the network's probabilities.
	Priors []float32
	// MoveVisits are the root search's visits through each placement.
	MoveVisits []int32
	// RedWinrates are each placement's win rate for Red (0 with no visit).
	RedWinrates []float32
}

// SaveExplorerPositions stores explorer rows (one round trip), keeping the
// one with more visits when a position is already there.
func (s *Store) SaveExplorerPositions(ctx context.Context, key ExplorerKey, rows ...ExplorerPosition) error {
	if len(rows) == 0 {
		return nil
	}
	var b pgx.Batch
	for _, r := range rows {
		n := len(r.Squares)
		if r.Visits <= 0 || len(r.Priors) != n || len(r.MoveVisits) != n || len(r.RedWinrates) != n {
			return fmt.Errorf("store: save explorer position %016x: %d visits, %d squares, %d priors, %d visits, %d win rates",
				r.CanonicalHash, r.Visits, n, len(r.Priors), len(r.MoveVisits), len(r.RedWinrates))
		}
		b.Queue(`
			INSERT INTO explorer_positions (rules, model, canonical_hash, placed, visits, red_winrate, red_value,
				squares, priors, move_visits, red_winrates)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
			ON CONFLICT (rules, model, canonical_hash) DO UPDATE SET
				placed = EXCLUDED.placed, visits = EXCLUDED.visits, red_winrate = EXCLUDED.red_winrate,
				red_value = EXCLUDED.red_value, squares = EXCLUDED.squares, priors = EXCLUDED.priors,
				move_visits = EXCLUDED.move_visits, red_winrates = EXCLUDED.red_winrates, created_at = now()
			WHERE explorer_positions.visits <= EXCLUDED.visits`,
			key.Rules, key.Model, int64(r.CanonicalHash), r.Placed, r.Visits, r.RedWinrate, r.RedValue,
			r.Squares, r.Priors, r.MoveVisits, r.RedWinrates)
	}
	if err := s.pool.SendBatch(ctx, &b).Close(); err != nil {
		return fmt.Errorf("store: save explorer positions: %w", err)
	}
	return nil
}

// ExplorerPositions returns the rows of the hashes that have one, by
// canonical hash: one query per thousand hashes.
func (s *Store) ExplorerPositions(ctx context.Context, key ExplorerKey, hashes []uint64) (map[uint64]ExplorerPosition, error) {
	out := make(map[uint64]ExplorerPosition, len(hashes))
	for start := 0; start < len(hashes); start += lookupChunk {
		chunk := hashes[start:min(len(hashes), start+lookupChunk)]
		ids := make([]int64, len(chunk))
		for i, h := range chunk {
			ids[i] = int64(h)
		}
		rows, err := s.pool.Query(ctx, `
			SELECT canonical_hash, placed, visits, red_winrate, red_value, squares, priors, move_visits, red_winrates
			FROM explorer_positions WHERE rules = $1 AND model = $2 AND canonical_hash = ANY($3)`, key.Rules, key.Model, ids)
		if err != nil {
			return nil, fmt.Errorf("store: explorer positions: %w", err)
		}
		for rows.Next() {
			var h int64
			var r ExplorerPosition
			if err := rows.Scan(&h, &r.Placed, &r.Visits, &r.RedWinrate, &r.RedValue, &r.Squares, &r.Priors, &r.MoveVisits, &r.RedWinrates); err != nil {
				rows.Close()
				return nil, fmt.Errorf("store: explorer positions: %w", err)
			}
			r.CanonicalHash = uint64(h)
			out[r.CanonicalHash] = r
		}
		if err := rows.Err(); err != nil {
			return nil, fmt.Errorf("store: explorer positions: %w", err)
		}
	}
	return out, nil
}

// ExplorerSize is the size of the explorer's tables.
type ExplorerSize struct {
	// Positions counts the rows of explorer_positions of one key; ByPlaced
	// splits them by placements made.
	Positions int64
	ByPlaced  map[int]int64
	// Bytes is the on-disk size of explorer_positions (all keys, with its
	// indexes and TOAST).
	Bytes int64
}

// ExplorerSize counts the rows of key and measures the table.
func (s *Store) ExplorerSize(ctx context.Context, key ExplorerKey) (ExplorerSize, error) {
	out := ExplorerSize{ByPlaced: map[int]int64{}}
	rows, err := s.pool.Query(ctx, `SELECT placed, count(*) FROM explorer_positions WHERE rules = $1 AND model = $2 GROUP BY placed`, key.Rules, key.Model)
	if err != nil {
		return out, fmt.Errorf("store: explorer size: %w", err)
	}
	for rows.Next() {
		var placed int
		var n int64
		if err := rows.Scan(&placed, &n); err != nil {
			rows.Close()
			return out, fmt.Errorf("store: explorer size: %w", err)
		}
		out.ByPlaced[placed] = n
		out.Positions += n
	}
	if err := rows.Err(); err != nil {
		return out, fmt.Errorf("store: explorer size: %w", err)
	}
	if err := s.pool.QueryRow(ctx, `SELECT pg_total_relation_size('explorer_positions')`).Scan(&out.Bytes); err != nil {
		return out, fmt.Errorf("store: explorer size: %w", err)
	}
	return out, nil
}

// FrequentOpening is one row of explorer_frequent: a position at the end
// of the placement phase and how the self-play games that reached it
// ended.
type FrequentOpening struct {
	CanonicalHash uint64
	// Moves are the placements of the first game that reached it.
	Moves []string
	// Games, RedWins and Draws count those games.
	Games   int
	RedWins int
	Draws   int
}

// SelfplayTotals says how many self-play games were counted, at what
// visit budget.
type SelfplayTotals struct {
	Games  int
	Visits int
}

// AddFrequentOpenings adds self-play games to the counts, in one
// transaction: rows are summed into explorer_frequent (a new position
// keeps the given moves) and games into explorer_selfplay's total, whose
// visits become visits.
func (s *Store) AddFrequentOpenings(ctx context.Context, key ExplorerKey, games, visits int, rows []FrequentOpening) error {
	if games < 0 || visits <= 0 {
		return fmt.Errorf("store: add frequent openings: %d games, %d visits", games, visits)
	}
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("store: add frequent openings: %w", err)
	}
	defer tx.Rollback(ctx) //nolint:errcheck // a no-op after Commit
	var b pgx.Batch
	for _, r := range rows {
		b.Queue(`
			INSERT INTO explorer_frequent (rules, model, canonical_hash, moves, games, red_wins, draws)
			VALUES ($1, $2, $3, $4, $5, $6, $7)
			ON CONFLICT (rules, model, canonical_hash) DO UPDATE SET
				games = explorer_frequent.games + EXCLUDED.games,
				red_wins = explorer_frequent.red_wins + EXCLUDED.red_wins,
				draws = explorer_frequent.draws + EXCLUDED.draws`,
			key.Rules, key.Model, int64(r.CanonicalHash), strings.Join(r.Moves, " "), r.Games, r.RedWins, r.Draws)
	}
	b.Queue(`
		INSERT INTO explorer_selfplay (rules, model, games, visits) VALUES ($1, $2, $3, $4)
		ON CONFLICT (rules, model) DO UPDATE SET games = explorer_selfplay.games + EXCLUDED.games,
			visits = EXCLUDED.visits, updated_at = now()`, key.Rules, key.Model, games, visits)
	if err := tx.SendBatch(ctx, &b).Close(); err != nil {
		return fmt.Errorf("store: add frequent openings: %w", err)
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("store: add frequent openings: %w", err)
	}
	return nil
}

// FrequentOpenings returns the limit most frequent opening states of key,
// most games first, and the self-play totals (zero when none were
// counted).
func (s *Store) FrequentOpenings(ctx context.Context, key ExplorerKey, limit int) ([]FrequentOpening, SelfplayTotals, error) {
	var tot SelfplayTotals
	err := s.pool.QueryRow(ctx, `
		SELECT COALESCE(max(games), 0), COALESCE(max(visits), 0) FROM explorer_selfplay WHERE rules = $1 AND model = $2`,
		key.Rules, key.Model).Scan(&tot.Games, &tot.Visits)
	if err != nil {
		return nil, tot, fmt.Errorf("store: frequent openings: %w", err)
	}
	rows, err := s.pool.Query(ctx, `
		SELECT canonical_hash, moves, games, red_wins, draws FROM explorer_frequent
		WHERE rules = $1 AND model = $2 ORDER BY games DESC, canonical_hash LIMIT $3`, key.Rules, key.Model, limit)
	if err != nil {
		return nil, tot, fmt.Errorf("store: frequent openings: %w", err)
	}
	defer rows.Close()
	var out []FrequentOpening
	for rows.Next() {
		var h int64
		var moves string
		var r FrequentOpening
		if err := rows.Scan(&h, &moves, &r.Games, &r.RedWins, &r.Draws); err != nil {
			return nil, tot, fmt.Errorf("store: frequent openings: %w", err)
		}
		r.CanonicalHash, r.Moves = uint64(h), strings.Fields(moves)
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, tot, fmt.Errorf("store: frequent openings: %w", err)
	}
	return out, tot, nil
}
