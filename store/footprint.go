package store

import (
	"context"
	"fmt"
)

// Footprint is what the database holds for the service at one moment:
// the connections open to its database (other than the caller's own) and
// the size of each table, for `wallzero bench soak`.
type Footprint struct {
	// Connections counts the client connections to the database, the
	// asking one excluded.
	Connections int
	// TableBytes is each table's size with its indexes and TOAST, by name.
	TableBytes map[string]int64
	// TableRows is each table's estimated row count (pg_class.reltuples,
	// as of the last vacuum or analyse; -1 when never analysed).
	TableRows map[string]int64
}

// Footprint reads the connections and the tables' sizes.
func (s *Store) Footprint(ctx context.Context) (Footprint, error) {
	f := Footprint{TableBytes: map[string]int64{}, TableRows: map[string]int64{}}
	err := s.pool.QueryRow(ctx, `SELECT count(*) FROM pg_stat_activity
		WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()`).Scan(&f.Connections)
	if err != nil {
		return f, fmt.Errorf("store: connections: %w", err)
	}
	rows, err := s.pool.Query(ctx, `SELECT c.relname, pg_total_relation_size(c.oid), c.reltuples::bigint
		FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
		WHERE c.relkind = 'r' AND n.nspname = current_schema()`)
	if err != nil {
		return f, fmt.Errorf("store: table sizes: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var name string
		var size, tuples int64
		if err := rows.Scan(&name, &size, &tuples); err != nil {
			return f, fmt.Errorf("store: table sizes: %w", err)
		}
		f.TableBytes[name], f.TableRows[name] = size, tuples
	}
	return f, rows.Err()
}
