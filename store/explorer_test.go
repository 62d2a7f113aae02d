package store_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/wallzero/wallzero/store"
	"github.com/wallzero/wallzero/store/storetest"
)

func TestExplorerPositionsRoundTrip(t *testing.T) {
	t.Parallel()
	st, _ := open(t)
	ctx := context.Background()
	key := store.ExplorerKey{Rules: "2p four-stone", Model: "m1"}
	row := store.ExplorerPosition{CanonicalHash: 1 << 63, Placed: 1, Visits: 32, RedWinrate: 0.55, RedValue: 0.5,
		Squares: []int16{3, 24}, Priors: []float32{0.25, 0.75}, MoveVisits: []int32{4, 27}, RedWinrates: []float32{0.4, 0.6}}
	if err := st.SaveExplorerPositions(ctx, key, row); err != nil {
		t.Fatal(err)
	}
	// Fewer visits do not replace the row; more do.
	weaker := row
	weaker.Visits, weaker.RedWinrate = 8, 0.1
	if err := st.SaveExplorerPositions(ctx, key, weaker); err != nil {
		t.Fatal(err)
	}
	got, err := st.ExplorerPositions(ctx, key, []uint64{row.CanonicalHash, 7})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || !reflect.DeepEqual(got[row.CanonicalHash], row) {
		t.Fatalf("got %+v, want only %+v", got, row)
	}
	stronger := row
	stronger.Visits, stronger.RedWinrate = 64, 0.6
	if err := st.SaveExplorerPositions(ctx, key, stronger); err != nil {
		t.Fatal(err)
	}
	got, _ = st.ExplorerPositions(ctx, key, []uint64{row.CanonicalHash})
	if got[row.CanonicalHash].Visits != 64 {
		t.Fatalf("a stronger search did not replace the row: %+v", got)
	}
	// Another model's table is separate.
	if other, _ := st.ExplorerPositions(ctx, store.ExplorerKey{Rules: key.Rules, Model: "m2"}, []uint64{row.CanonicalHash}); len(other) != 0 {
		t.Fatalf("another model sees %+v", other)
	}
	size, err := st.ExplorerSize(ctx, key)
	if err != nil || size.Positions != 1 || size.ByPlaced[1] != 1 || size.Bytes <= 0 {
		t.Fatalf("size %+v, %v", size, err)
	}
}

func TestSaveExplorerPositionRejectsRaggedRow(t *testing.T) {
	t.Parallel()
	st, url := open(t)
	key := store.ExplorerKey{Rules: "r", Model: "m"}
	bad := []store.ExplorerPosition{
		{CanonicalHash: 1, Visits: 1, Squares: []int16{1}, Priors: []float32{1}, MoveVisits: []int32{1}},
		{CanonicalHash: 2, Visits: 0},
	}
	for _, b := range bad {
		good := store.ExplorerPosition{CanonicalHash: 9, Visits: 1}
		if err := st.SaveExplorerPositions(context.Background(), key, good, b); err == nil {
			t.Fatalf("%+v saved", b)
		}
	}
	if n := storetest.QueryInt(t, url, "SELECT count(*) FROM explorer_positions"); n != 0 {
		t.Fatalf("%d rows half-written", n)
	}
}

func TestFrequentOpeningsAddUp(t *testing.T) {
	t.Parallel()
	st, _ := open(t)
	ctx := context.Background()
	key := store.ExplorerKey{Rules: "2p empty", Model: "m"}
	if rows, tot, err := st.FrequentOpenings(ctx, key, 5); err != nil || len(rows) != 0 || tot != (store.SelfplayTotals{}) {
		t.Fatalf("empty: %v %+v %v", rows, tot, err)
	}
	a := store.FrequentOpening{CanonicalHash: 5, Moves: []string{"D4", "C3"}, Games: 2, RedWins: 1}
	b := store.FrequentOpening{CanonicalHash: 6, Moves: []string{"A1", "G7"}, Games: 1, Draws: 1}
	if err := st.AddFrequentOpenings(ctx, key, 3, 16, []store.FrequentOpening{a, b}); err != nil {
		t.Fatal(err)
	}
	b2 := b
	b2.Moves, b2.Games, b2.Draws, b2.RedWins = []string{"G7", "A1"}, 2, 0, 2
	if err := st.AddFrequentOpenings(ctx, key, 2, 32, []store.FrequentOpening{b2}); err != nil {
		t.Fatal(err)
	}
	rows, tot, err := st.FrequentOpenings(ctx, key, 5)
	if err != nil {
		t.Fatal(err)
	}
	want := []store.FrequentOpening{
		{CanonicalHash: 6, Moves: []string{"A1", "G7"}, Games: 3, RedWins: 2, Draws: 1},
		{CanonicalHash: 5, Moves: []string{"D4", "C3"}, Games: 2, RedWins: 1},
	}
	if !reflect.DeepEqual(rows, want) || tot != (store.SelfplayTotals{Games: 5, Visits: 32}) {
		t.Fatalf("got %+v %+v, want %+v", rows, tot, want)
	}
	if rows, _, _ := st.FrequentOpenings(ctx, key, 1); len(rows) != 1 {
		t.Fatalf("limit 1: %d rows", len(rows))
	}
}
