package analysis

import (
	"slices"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// transformAnalysis returns a copy of a with every move, square and
// bitboard mapped by the symmetry t: the analysis of t applied to the
// analysed position (an ownership has grid.NumSquares values, as
// newAnalysis and DecodeStored make it). Territory and win rates do not change. RootInfo.Hash
// is left as is (the caller knows the position it answers for).
func transformAnalysis(a *Analysis, t grid.Symmetry) *Analysis {
	out := *a
	out.MoveInfos = make([]MoveInfo, len(a.MoveInfos))
	for i, mi := range a.MoveInfos {
		mi.Move = t.Move(mi.Move)
		mi.PV = mapMoves(mi.PV, t)
		out.MoveInfos[i] = mi
	}
	if a.Policy != nil {
		out.Policy = make([]PolicyEntry, len(a.Policy))
		for i, p := range a.Policy {
			out.Policy[i] = PolicyEntry{Move: t.Move(p.Move), Prior: p.Prior}
		}
	}
	if a.Ownership != nil {
		out.Ownership = make([]float32, grid.NumSquares)
		for s, v := range a.Ownership {
			out.Ownership[t.Square(grid.Square(s))] = v
		}
	}
	if a.Reachability != nil {
		r := engine.Reachability{Shared: t.Bitboard(a.Reachability.Shared)}
		for c := range r.Reach {
			r.Reach[c] = t.Bitboard(a.Reachability.Reach[c])
			r.Exclusive[c] = t.Bitboard(a.Reachability.Exclusive[c])
		}
		out.Reachability = &r
	}
	out.Territory = slices.Clone(a.Territory)
	return &out
}

// mapMoves maps moves by t (nil stays nil).
func mapMoves(moves []grid.Move, t grid.Symmetry) []grid.Move {
	if moves == nil {
		return nil
	}
	out := make([]grid.Move, len(moves))
	for i, m := range moves {
		out[i] = t.Move(m)
	}
	return out
}
