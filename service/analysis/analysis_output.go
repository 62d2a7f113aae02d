package analysis

import (
	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/search"
)

// clamp01 keeps a bound within [0, 1], the range of a win rate.
func clamp01(v float32) float32 { return min(max(v, 0), 1) }

// finishedAnalysis describes a finished game: no moves, the final result,
// and, as the player to move, the one who would move next in turn order
// (the engine leaves the last mover to move).
func finishedAnalysis(q *Query, turn int, pos *engine.Position, model string) *Analysis {
	next := grid.Color((int(pos.ToMove()) + 1) % pos.Players())
	util := search.TerminalUtility(pos)
	ch, _ := pos.CanonicalHash()
	a := &Analysis{ID: q.ID, TurnNumber: turn, Territory: Territory(pos), MoveInfos: []MoveInfo{}}
	a.RootInfo = RootInfo{
		CurrentPlayer: next,
		Phase:         engine.Over,
		Winrate:       wallzero.Round(util[next]),
		RawWinrate:    wallzero.Round(util[next]),
		Winrates:      rounded(util[:pos.Players()]),
		Hash:          pos.Hash(),
		CanonicalHash: ch,
		Model:         model,
	}
	if pos.Players() > 2 {
		a.RootInfo.RawWinrates = a.RootInfo.Winrates
	}
	res := pos.Result()
	gr := &GameResult{Winner: res.Winner(), Winners: []grid.Color{}, Territory: a.Territory}
	for c := 0; c < pos.Players(); c++ {
		if res.Winners>>uint(c)&1 != 0 {
			gr.Winners = append(gr.Winners, grid.Color(c))
		}
	}
	a.RootInfo.Result = gr
	if q.IncludeReachability {
		r := pos.Reachability()
		a.Reachability = &r
	}
	return a
}

// addPVs redoes the principal variations to the query's analysisPVLen and
// adds their visits (includePVVisits).
func addPVs(a *Analysis, q *Query, s *search.Search) {
	if q.AnalysisPVLen == 0 && !q.IncludePVVisits {
		return
	}
	n := q.AnalysisPVLen
	if n == 0 {
		n = search.MaxPV
	}
	for i := range a.MoveInfos {
		mi := &a.MoveInfos[i]
		pv, visits := s.PrincipalVariation(mi.Move, n)
		mi.PV = append(mi.PV[:0], pv...)
		if q.IncludePVVisits {
			mi.PVVisits = visits
		}
	}
}

// visitedOnly returns the moves the search visited (a cached analysis
// holds every move).
func visitedOnly(infos []MoveInfo) []MoveInfo {
	out := make([]MoveInfo, 0, len(infos))
	for _, mi := range infos {
		if mi.Visits > 0 {
			out = append(out, mi)
		}
	}
	return out
}
