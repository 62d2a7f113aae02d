package search

import "github.com/wallzero/wallzero/engine/grid"

// This file lets a caller watch a search as it goes: run it in steps (Run
// with a growing MaxVisits or a short MaxTime, via SetConfig; visits carry
// over) and read the tree between steps. Nothing here runs concurrently
// with Run.

// Visits returns the number of playouts at the root so far.
func (s *Search) Visits() int { return int(s.root.visits) }

// Snapshot returns the analysis of the tree as it stands: between two
// Runs, or after a Run that stopped with an error (a cancelled context
// leaves the tree consistent). It returns nil when the root has not been
// evaluated yet.
func (s *Search) Snapshot() *Result {
	if s.root.state != expanded {
		return nil
	}
	return s.result(0)
}

// PrincipalVariation returns the principal variation that starts with the
// root move m, at most maxLen moves long (most visited child at each step),
// and the visits of each of its nodes. It returns nil when m is not a root
// move.
func (s *Search) PrincipalVariation(m grid.Move, maxLen int) (pv []grid.Move, visits []int) {
	c := s.root.child(m)
	if c == nil || maxLen < 1 {
		return nil, nil
	}
	for n := c; n != nil && len(pv) < maxLen; n = n.mostVisited() {
		pv = append(pv, n.move)
		visits = append(visits, int(n.visits))
	}
	return pv, visits
}
