package analysis

import (
	"encoding/json"
	"fmt"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/search"
)

// GameResult is the result of a finished game.
type GameResult struct {
	// Winner is the single winner's colour, or "draw".
	Winner string `json:"winner" example:"red"`
	// Winners lists the players sharing the win (one for a single winner).
	Winners []string `json:"winners"`
	// Territory is each player's final land.
	Territory map[string]int `json:"territory"`
} // @name service.GameResult

// MarshalJSON leaves winrate and lcb out of a move the search never
// visited: it has no win rate of its own to report.
func (m MoveInfo) MarshalJSON() ([]byte, error) {
	type plain MoveInfo
	if m.Visits > 0 {
		return json.Marshal(plain(m))
	}
	return json.Marshal(struct {
		plain
		Winrate *float32 `json:"winrate,omitempty"`
		LCB     *float32 `json:"lcb,omitempty"`
	}{plain: plain(m)})
}

// clamp01 keeps a bound within [0, 1], the range of a win rate.
func clamp01(v float32) float32 { return min(max(v, 0), 1) }

// finishedAnalysis describes a finished game: no moves, the final result,
// and, as the player to move, the one who would move next in turn order
// (the engine leaves the last mover to move).
func finishedAnalysis(q *Query, turn int, pos *engine.Position, model string) *Analysis {
	next := engine.Color((int(pos.ToMove()) + 1) % pos.Players())
	util := search.TerminalUtility(pos)
	h := pos.Hash()
	ch, _ := pos.CanonicalHash()
	a := &Analysis{ID: q.ID, TurnNumber: turn, Territory: Territory(pos), MoveInfos: []MoveInfo{}}
	a.RootInfo = RootInfo{
		CurrentPlayer: next.String(),
		Phase:         "over",
		Winrate:       wallzero.Round(util[next]),
		RawWinrate:    wallzero.Round(util[next]),
		Hash:          fmt.Sprintf("%016x", h),
		CanonicalHash: fmt.Sprintf("%016x", ch),
		Model:         model,
	}
	if pos.Players() == 2 {
		red := wallzero.Round(util[engine.Red])
		a.RootInfo.RedWinrate = &red
	} else {
		a.RootInfo.Winrates = byColour(util[:pos.Players()])
		a.RootInfo.RawWinrates = a.RootInfo.Winrates
	}
	res := pos.Result()
	gr := &GameResult{Winner: "draw", Winners: []string{}, Territory: a.Territory}
	if w := res.Winner(); w != engine.NoColor {
		gr.Winner = w.String()
	}
	for c := 0; c < pos.Players(); c++ {
		if res.Winners>>uint(c)&1 != 0 {
			gr.Winners = append(gr.Winners, engine.Color(c).String())
		}
	}
	a.RootInfo.Result = gr
	if q.IncludeReachability {
		a.Reachability = reachability(pos)
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
		m, _, err := engine.ParseMove(mi.Move)
		if err != nil {
			continue
		}
		pv, visits := s.PrincipalVariation(m, n)
		mi.PV = mi.PV[:0]
		for _, p := range pv {
			mi.PV = append(mi.PV, p.String())
		}
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
