package store_test

import (
	"context"
	"testing"
)

// TestFootprint: the tables of the schema with their sizes, and a count
// of connections that leaves out the asking one.
func TestFootprint(t *testing.T) {
	t.Parallel()
	st, _ := open(t)
	ctx := context.Background()
	f, err := st.Footprint(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, table := range []string{"analyses", "jobs", "river_job"} {
		if f.TableBytes[table] <= 0 {
			t.Errorf("table %s: %d bytes", table, f.TableBytes[table])
		}
	}
	if f.Connections < 0 || f.Connections > 8 {
		t.Errorf("connections %d", f.Connections)
	}
}
