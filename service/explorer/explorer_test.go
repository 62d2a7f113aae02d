package explorer

import (
	"context"
	"errors"
	"testing"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/store"
)

// emptyTable is an opening table that holds nothing and stores nothing;
// the tests below never reach a search.
type emptyTable struct{}

func (emptyTable) SaveExplorerPositions(context.Context, store.ExplorerKey, ...store.ExplorerPosition) error {
	return nil
}

func (emptyTable) ExplorerPositions(context.Context, store.ExplorerKey, []uint64) (map[uint64]store.ExplorerPosition, error) {
	return map[uint64]store.ExplorerPosition{}, nil
}

func (emptyTable) ExplorerSize(context.Context, store.ExplorerKey) (store.ExplorerSize, error) {
	return store.ExplorerSize{}, nil
}

func (emptyTable) AddFrequentOpenings(context.Context, store.ExplorerKey, int, int, []store.FrequentOpening) error {
	return nil
}

func (emptyTable) FrequentOpenings(context.Context, store.ExplorerKey, int) ([]store.FrequentOpening, store.SelfplayTotals, error) {
	return nil, store.SelfplayTotals{}, nil
}

func newExplorer(st ExplorerStore) *Explorer {
	h := inference.Heuristic{}
	an := analysis.NewAnalyzer(analysis.Evaluators{Heuristic: h, HeuristicModel: inference.HeuristicModelID}, analysis.DefaultLimits())
	return New(Config{Analyzer: an, Store: st, Visits: 16, Parallel: 1})
}

// field returns the code and field of a *wallzero.Error.
func field(t *testing.T, err error) (wallzero.Code, string) {
	t.Helper()
	var e *wallzero.Error
	if !errors.As(err, &e) {
		t.Fatalf("got %v, want a *wallzero.Error", err)
	}
	return e.Code, e.Field
}

// TestRefusals: bad queries and fills are refused naming their field, and
// an explorer without a table answers unavailable.
func TestRefusals(t *testing.T) {
	t.Parallel()
	ex := newExplorer(emptyTable{})
	for _, tc := range []struct {
		name  string
		run   func() error
		code  wallzero.Code
		field string
	}{
		{"unknown opening", func() error { _, err := ex.Explore(context.Background(), &Query{Opening: "nine-stone"}); return err },
			wallzero.CodeInvalid, "opening"},
		{"not a square", func() error {
			_, err := ex.Explore(context.Background(), &Query{Moves: []string{"D4", "Z9"}})
			return err
		},
			wallzero.CodeInvalid, "moves[1]"},
		{"not a placement", func() error {
			_, err := ex.Explore(context.Background(), &Query{Moves: []string{"E5-E4:N"}})
			return err
		}, wallzero.CodeInvalid, "moves[0]"},
		{"depth", func() error { _, err := ex.ValidateFill(&FillRequest{Depth: 9}); return err }, wallzero.CodeInvalid, "depth"},
		{"visits", func() error { _, err := ex.ValidateFill(&FillRequest{Depth: 1, Visits: -1}); return err }, wallzero.CodeInvalid, "visits"},
		{"no table", func() error {
			_, err := newExplorer(nil).Explore(context.Background(), &Query{})
			return err
		}, wallzero.CodeUnavailable, ""},
	} {
		err := tc.run()
		if code, f := field(t, err); code != tc.code || f != tc.field {
			t.Errorf("%s: %s %q (%v), want %s %q", tc.name, code, f, err, tc.code, tc.field)
		}
	}
}

// TestValidateFill fills in a fill's defaults and counts its tree.
func TestValidateFill(t *testing.T) {
	t.Parallel()
	r := &FillRequest{Depth: 1}
	n, err := newExplorer(emptyTable{}).ValidateFill(r)
	if err != nil {
		t.Fatal(err)
	}
	if r.Opening != "four-stone" || r.Visits != 16 || n < 2 {
		t.Errorf("got %+v and %d positions, want four-stone, 16 visits and the root with its children", r, n)
	}
}
