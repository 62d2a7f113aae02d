package analysis

import (
	"fmt"
	"maps"
	"sort"

	"github.com/wallzero/wallzero/engine"
)

// transformAnalysis returns a copy of a with every move, square and map
// mapped by the symmetry t: the analysis of t applied to the analysed
// position. Territory and win rates do not change. RootInfo.Hash is left
// as is (the caller knows the position it answers for).
func transformAnalysis(a *Analysis, t engine.Symmetry) (*Analysis, error) {
	out := *a
	mapMove := func(text string) (string, error) {
		m, _, err := engine.ParseMove(text)
		if err != nil {
			return "", fmt.Errorf("cached analysis: move %q: %w", text, err)
		}
		return t.Move(m).String(), nil
	}
	var err error
	out.MoveInfos = make([]MoveInfo, len(a.MoveInfos))
	for i, mi := range a.MoveInfos {
		if mi.Move, err = mapMove(mi.Move); err != nil {
			return nil, err
		}
		pv := make([]string, len(mi.PV))
		for j, m := range mi.PV {
			if pv[j], err = mapMove(m); err != nil {
				return nil, err
			}
		}
		mi.PV = pv
		out.MoveInfos[i] = mi
	}
	if a.Policy != nil {
		out.Policy = make([]PolicyEntry, len(a.Policy))
		for i, p := range a.Policy {
			if p.Move, err = mapMove(p.Move); err != nil {
				return nil, err
			}
			out.Policy[i] = p
		}
	}
	if a.Ownership != nil {
		if len(a.Ownership) != engine.NumSquares {
			return nil, fmt.Errorf("cached analysis: ownership has %d squares", len(a.Ownership))
		}
		out.Ownership = make([]float32, engine.NumSquares)
		for s, v := range a.Ownership {
			out.Ownership[t.Square(engine.Square(s))] = v
		}
	}
	if a.Reachability != nil {
		r := &Reachability{Reach: map[string][]string{}, Exclusive: map[string][]string{}}
		for c, squares := range a.Reachability.Reach {
			if r.Reach[c], err = mapSquares(squares, t); err != nil {
				return nil, err
			}
		}
		for c, squares := range a.Reachability.Exclusive {
			if r.Exclusive[c], err = mapSquares(squares, t); err != nil {
				return nil, err
			}
		}
		if r.Shared, err = mapSquares(a.Reachability.Shared, t); err != nil {
			return nil, err
		}
		out.Reachability = r
	}
	out.Territory = maps.Clone(a.Territory)
	return &out, nil
}

// mapSquares maps square names by t and returns them in board order (A1,
// B1, .., G7), the order the engine lists them in.
func mapSquares(names []string, t engine.Symmetry) ([]string, error) {
	squares := make([]engine.Square, len(names))
	for i, n := range names {
		s, err := engine.ParseSquare(n)
		if err != nil {
			return nil, fmt.Errorf("cached analysis: %w", err)
		}
		squares[i] = t.Square(s)
	}
	sort.Slice(squares, func(i, j int) bool { return squares[i] < squares[j] })
	out := make([]string, len(squares))
	for i, s := range squares {
		out[i] = s.String()
	}
	return out, nil
}
