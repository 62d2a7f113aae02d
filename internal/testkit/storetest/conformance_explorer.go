package storetest

import (
	"context"
	"reflect"
	"testing"

	"github.com/wallzero/wallzero/store"
)

// conformExplorer: explorer rows round trip; fewer visits do not replace
// a row; invalid rows save nothing.
func conformExplorer(t *testing.T, open func(t *testing.T) Subject) {
	st := open(t).Store
	ctx := context.Background()
	key := store.ExplorerKey{Rules: "2p four-stone", Model: "m1"}
	row := store.ExplorerPosition{CanonicalHash: 1 << 63, Placed: 1, Visits: 32, RedWinrate: 0.55, RedValue: 0.5,
		Squares: []int16{3, 24}, Priors: []float32{0.25, 0.75}, MoveVisits: []int32{4, 27}, RedWinrates: []float32{0.4, 0.6}}
	if err := st.SaveExplorerPositions(ctx, key, row); err != nil {
		t.Fatal(err)
	}
	lookup := func(t *testing.T, k store.ExplorerKey) map[uint64]store.ExplorerPosition {
		t.Helper()
		got, err := st.ExplorerPositions(ctx, k, []uint64{row.CanonicalHash, 7})
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	t.Run("round trip", func(t *testing.T) {
		if got := lookup(t, key); len(got) != 1 || !reflect.DeepEqual(got[row.CanonicalHash], row) {
			t.Fatalf("got %+v, want only %+v", got, row)
		}
	})
	t.Run("the caller's slices are not kept", func(t *testing.T) {
		got := lookup(t, key)[row.CanonicalHash]
		got.Squares[0] = 40
		if again := lookup(t, key)[row.CanonicalHash]; again.Squares[0] != 3 {
			t.Errorf("a change to a returned row reached the store: %v", again.Squares)
		}
	})
	t.Run("fewer visits do not replace", func(t *testing.T) {
		weaker := row
		weaker.Visits, weaker.RedWinrate = 8, 0.1
		if err := st.SaveExplorerPositions(ctx, key, weaker); err != nil {
			t.Fatal(err)
		}
		if got := lookup(t, key); !reflect.DeepEqual(got[row.CanonicalHash], row) {
			t.Fatalf("got %+v, want %+v", got, row)
		}
	})
	t.Run("equal visits replace", func(t *testing.T) {
		same := row
		same.RedWinrate = 0.56
		if err := st.SaveExplorerPositions(ctx, key, same); err != nil {
			t.Fatal(err)
		}
		if got := lookup(t, key); got[row.CanonicalHash].RedWinrate != 0.56 {
			t.Fatalf("got %+v", got)
		}
	})
	t.Run("more visits replace", func(t *testing.T) {
		stronger := row
		stronger.Visits, stronger.RedWinrate, stronger.Placed = 64, 0.6, 1
		if err := st.SaveExplorerPositions(ctx, key, stronger); err != nil {
			t.Fatal(err)
		}
		if got := lookup(t, key); got[row.CanonicalHash].Visits != 64 || got[row.CanonicalHash].RedWinrate != 0.6 {
			t.Fatalf("a stronger search did not replace the row: %+v", got)
		}
	})
	t.Run("another model's table is separate", func(t *testing.T) {
		if other := lookup(t, store.ExplorerKey{Rules: key.Rules, Model: "m2"}); len(other) != 0 {
			t.Fatalf("another model sees %+v", other)
		}
	})
	t.Run("size", func(t *testing.T) {
		two := row
		two.CanonicalHash, two.Placed = 5, 2
		if err := st.SaveExplorerPositions(ctx, key, two); err != nil {
			t.Fatal(err)
		}
		if err := st.SaveExplorerPositions(ctx, store.ExplorerKey{Rules: "r", Model: "m"}, two); err != nil {
			t.Fatal(err)
		}
		size, err := st.ExplorerSize(ctx, key)
		if err != nil || size.Positions != 2 || len(size.ByPlaced) != 2 || size.ByPlaced[1] != 1 || size.ByPlaced[2] != 1 || size.Bytes <= 0 {
			t.Fatalf("size %+v, %v", size, err)
		}
		if size, err := st.ExplorerSize(ctx, store.ExplorerKey{Rules: "none", Model: "m"}); err != nil || size.Positions != 0 || size.ByPlaced == nil || len(size.ByPlaced) != 0 {
			t.Errorf("size of an empty key %+v, %v", size, err)
		}
	})
	bad := []struct {
		name string
		row  store.ExplorerPosition
	}{
		{"ragged", store.ExplorerPosition{CanonicalHash: 1, Visits: 1, Squares: []int16{1}, Priors: []float32{1}, MoveVisits: []int32{1}}},
		{"no visits", store.ExplorerPosition{CanonicalHash: 2, Visits: 0, Squares: []int16{1}, Priors: []float32{1}, MoveVisits: []int32{1}, RedWinrates: []float32{1}}},
		{"negative placed", store.ExplorerPosition{CanonicalHash: 3, Visits: 1, Placed: -1, Squares: []int16{1}, Priors: []float32{1}, MoveVisits: []int32{1}, RedWinrates: []float32{1}}},
		{"nil slices", store.ExplorerPosition{CanonicalHash: 4, Visits: 1}},
	}
	for _, b := range bad {
		t.Run("refused: "+b.name, func(t *testing.T) {
			k := store.ExplorerKey{Rules: "bad", Model: b.name}
			good := store.ExplorerPosition{CanonicalHash: 9, Visits: 1, Squares: []int16{1}, Priors: []float32{1}, MoveVisits: []int32{1}, RedWinrates: []float32{1}}
			if err := st.SaveExplorerPositions(ctx, k, good, b.row); err == nil {
				t.Fatalf("%+v saved", b.row)
			}
			if size, err := st.ExplorerSize(ctx, k); err != nil || size.Positions != 0 {
				t.Fatalf("%d rows half-written (%v)", size.Positions, err)
			}
		})
	}
	t.Run("no rows", func(t *testing.T) {
		if err := st.SaveExplorerPositions(ctx, key); err != nil {
			t.Error(err)
		}
	})
	t.Run("a position without placements", func(t *testing.T) {
		k := store.ExplorerKey{Rules: "empty", Model: "m"}
		empty := store.ExplorerPosition{CanonicalHash: 12, Visits: 3, Placed: 40,
			Squares: []int16{}, Priors: []float32{}, MoveVisits: []int32{}, RedWinrates: []float32{}}
		if err := st.SaveExplorerPositions(ctx, k, empty); err != nil {
			t.Fatal(err)
		}
		got, err := st.ExplorerPositions(ctx, k, []uint64{12})
		if err != nil || len(got) != 1 || got[12].Visits != 3 || len(got[12].Squares) != 0 || len(got[12].RedWinrates) != 0 {
			t.Errorf("got %+v %v", got, err)
		}
	})
}

// conformFrequent: frequent openings add up, keep their first moves and
// come most games first, then by hash as a signed number.
func conformFrequent(t *testing.T, open func(t *testing.T) Subject) {
	st := open(t).Store
	ctx := context.Background()
	key := store.ExplorerKey{Rules: "2p empty", Model: "m"}
	t.Run("none", func(t *testing.T) {
		if rows, tot, err := st.FrequentOpenings(ctx, key, 5); err != nil || rows != nil || tot != (store.SelfplayTotals{}) {
			t.Fatalf("empty: %v %+v %v", rows, tot, err)
		}
	})
	a := store.FrequentOpening{CanonicalHash: 5, Moves: []string{"D4", "C3"}, Games: 2, RedWins: 1}
	b := store.FrequentOpening{CanonicalHash: 6, Moves: []string{"A1", "G7"}, Games: 1, Draws: 1}
	high := store.FrequentOpening{CanonicalHash: 1<<63 + 3, Moves: []string{"B2"}, Games: 2}
	if err := st.AddFrequentOpenings(ctx, key, 4, 16, []store.FrequentOpening{a, b, high}); err != nil {
		t.Fatal(err)
	}
	b2 := b
	b2.Moves, b2.Games, b2.Draws, b2.RedWins = []string{"G7", "A1"}, 2, 0, 2
	if err := st.AddFrequentOpenings(ctx, key, 2, 32, []store.FrequentOpening{b2}); err != nil {
		t.Fatal(err)
	}
	want := []store.FrequentOpening{
		{CanonicalHash: 6, Moves: []string{"A1", "G7"}, Games: 3, RedWins: 2, Draws: 1},
		{CanonicalHash: 1<<63 + 3, Moves: []string{"B2"}, Games: 2},
		{CanonicalHash: 5, Moves: []string{"D4", "C3"}, Games: 2, RedWins: 1},
	}
	wantTotals := store.SelfplayTotals{Games: 6, Visits: 32}
	for _, tc := range []struct {
		name  string
		limit int
		want  []store.FrequentOpening
	}{
		{"all", 5, want},
		{"limit 1", 1, want[:1]},
		{"limit 0", 0, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rows, tot, err := st.FrequentOpenings(ctx, key, tc.limit)
			if err != nil || !reflect.DeepEqual(rows, tc.want) || tot != wantTotals {
				t.Fatalf("got %+v %+v %v, want %+v %+v", rows, tot, err, tc.want, wantTotals)
			}
		})
	}
	t.Run("a negative limit is refused", func(t *testing.T) {
		if rows, _, err := st.FrequentOpenings(ctx, key, -1); err == nil {
			t.Errorf("limit -1: %v", rows)
		}
	})
	t.Run("another key is separate", func(t *testing.T) {
		if rows, tot, err := st.FrequentOpenings(ctx, store.ExplorerKey{Rules: key.Rules, Model: "m2"}, 5); err != nil || rows != nil || tot != (store.SelfplayTotals{}) {
			t.Fatalf("got %v %+v %v", rows, tot, err)
		}
	})
	t.Run("games only", func(t *testing.T) {
		if err := st.AddFrequentOpenings(ctx, key, 1, 8, nil); err != nil {
			t.Fatal(err)
		}
		if _, tot, _ := st.FrequentOpenings(ctx, key, 5); tot != (store.SelfplayTotals{Games: 7, Visits: 8}) {
			t.Fatalf("totals %+v", tot)
		}
	})
	for _, tc := range []struct {
		name          string
		games, visits int
		rows          []store.FrequentOpening
	}{
		{"negative games", -1, 8, nil},
		{"no visits", 1, 0, nil},
		{"a row of no games", 1, 8, []store.FrequentOpening{{CanonicalHash: 77, Moves: []string{"A1"}}}},
		{"a row of negative draws", 1, 8, []store.FrequentOpening{{CanonicalHash: 5, Games: 1, Draws: -5}}},
	} {
		t.Run("refused: "+tc.name, func(t *testing.T) {
			ok := store.FrequentOpening{CanonicalHash: 78, Moves: []string{"A2"}, Games: 1}
			if err := st.AddFrequentOpenings(ctx, key, tc.games, tc.visits, append([]store.FrequentOpening{ok}, tc.rows...)); err == nil {
				t.Fatal("accepted")
			}
			rows, tot, err := st.FrequentOpenings(ctx, key, 10)
			if err != nil || len(rows) != 3 || tot != (store.SelfplayTotals{Games: 7, Visits: 8}) {
				t.Fatalf("a refused add changed the counts: %+v %+v %v", rows, tot, err)
			}
		})
	}
}
