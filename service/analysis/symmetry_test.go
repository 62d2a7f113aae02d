package analysis

import (
	"context"
	"reflect"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// TestTransformAnalysis: mapping an analysis by a symmetry and back gives
// it unchanged, and the mapped moves and reach are those of the mapped
// position.
func TestTransformAnalysis(t *testing.T) {
	t.Parallel()
	q := Query{Rules: engine.Rules{Opening: engine.OpeningEmpty}, Moves: []string{"A1", "B3", "C5", "D4", "F2", "E6", "G7", "C2", "D4-D6:E"},
		MaxVisits: 24, IncludeOwnership: true, IncludePolicy: true, IncludeReachability: true}
	res, err := heuristicAnalyzer().Analyze(context.Background(), &q)
	if err != nil {
		t.Fatal(err)
	}
	a := res[0]
	g, _ := q.Record().Game()
	for _, sym := range grid.AllSymmetries {
		t.Run(sym.String(), func(t *testing.T) {
			t.Parallel()
			m := transformAnalysis(a, sym)
			back := transformAnalysis(m, sym.Inverse())
			if !reflect.DeepEqual(back, a) {
				t.Errorf("round trip differs")
			}
			p := g.Final.Transformed(sym)
			legal := map[grid.Move]bool{}
			for _, mv := range p.LegalMoves(nil) {
				legal[mv] = true
			}
			for _, mi := range m.MoveInfos {
				if !legal[mi.Move] {
					t.Fatalf("%s is not legal in the mapped position", mi.Move)
				}
			}
			if want := p.Reachability(); !reflect.DeepEqual(&want, m.Reachability) {
				t.Errorf("reach %+v, want %+v", m.Reachability, want)
			}
		})
	}
}
