// Package wire holds the JSON shapes of the analyses the API and the
// analysis engine answer with, and their conversion from the service's
// typed results: moves and squares in notation, per-player values by
// colour name. Nothing in the service parses them back.
package wire

import (
	"encoding/json"
	"fmt"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/explain"
)

// Analysis is the analysis of one position: the response of the analysis
// engine and of POST /v1/analyze.
type Analysis struct {
	// ID echoes the query's id.
	ID string `json:"id,omitempty"`
	// TurnNumber is the number of moves played before the position.
	TurnNumber int `json:"turnNumber"`
	// IsDuringSearch is true on a partial analysis sent while the search
	// runs (reportDuringSearchEvery) and false on the final one; the
	// analysis engine always sets it, HTTP only when streaming.
	IsDuringSearch *bool `json:"isDuringSearch,omitempty"`
	// MoveInfos ranks the candidate moves, best first.
	MoveInfos []MoveInfo `json:"moveInfos"`
	// RootInfo describes the position as a whole.
	RootInfo RootInfo `json:"rootInfo"`
	// Territory is the land each player holds now.
	Territory map[string]int `json:"territory"`
	// Ownership (includeOwnership) gives, per square A1..G7 (index
	// row*7+column), the network's expected final owner from Red's view:
	// +1 Red, -1 Blue, 0 neutral.
	Ownership []float32 `json:"ownership,omitempty"`
	// Policy (includePolicy) gives the raw prior of every legal move.
	Policy []PolicyEntry `json:"policy,omitempty"`
	// Reachability (includeReachability) gives the one-turn reach of each
	// player (the paper's Figure 4).
	Reachability *Reachability `json:"reachability,omitempty"`
	// Explanation (includeExplanations) explains the move played from the
	// position against the engine's best (see service/explain).
	Explanation *explain.Explanation `json:"explanation,omitempty"`
	// Cache (service only) says whether the analysis came from the
	// PostgreSQL cache and with how many visits it was made.
	Cache *CacheInfo `json:"cache,omitempty"`
} // @name service.Analysis

// CacheInfo describes where an analysis came from.
type CacheInfo struct {
	// Hit is true when the analysis was read from the cache (possibly made
	// for a rotation or mirror of the position).
	Hit bool `json:"hit"`
	// Visits is the visit budget of the search that made it.
	Visits int `json:"visits"`
} // @name service.CacheInfo

// MoveInfo is one candidate move. A move the search never visited (listed
// with includeUnvisited) has no winrate and no lcb.
type MoveInfo struct {
	Move string `json:"move"`
	// Visits is the number of playouts through the move.
	Visits int `json:"visits"`
	// Winrate is the mover's expected result (1 win, 0.5 draw, 0 loss).
	Winrate float32 `json:"winrate"`
	// Prior is the network's probability for the move.
	Prior float32 `json:"prior"`
	// LCB is a 95% lower confidence bound of Winrate, within [0, 1].
	LCB float32 `json:"lcb"`
	// ScoreLead is the expected final territory margin for the mover.
	ScoreLead *float32 `json:"scoreLead,omitempty"`
	// PV is the principal variation, starting with Move.
	PV []string `json:"pv"`
	// PVVisits (includePVVisits) gives the visits of each move of PV.
	PVVisits []int `json:"pvVisits,omitempty"`
	// Order is the rank, 0 for the best.
	Order int `json:"order"`
	// Proof is the proven result after the move (omitted when unproven).
	Proof *analysis.Proof `json:"proof,omitempty"`
	// Winrates (three or four players, visited moves) gives every
	// player's expected result after the move, by colour; Winrate is the
	// mover's entry.
	Winrates map[string]float32 `json:"winrates,omitempty"`
} // @name service.MoveInfo

// RootInfo describes the analysed position.
type RootInfo struct {
	// CurrentPlayer is the colour to move; in a finished game, the one who
	// would move next in turn order.
	CurrentPlayer string `json:"currentPlayer"`
	// Phase is setup, play or over.
	Phase string `json:"phase"`
	// Winrate is the side to move's expected result after the search;
	// RedWinrate the same from Red's view (two players).
	Winrate    float32  `json:"winrate"`
	RedWinrate *float32 `json:"redWinrate,omitempty"`
	// SearchWinrate is Winrate as the search found it, before the model's
	// win-rate calibration (docs/calibration.md); omitted when no
	// calibration applied, where Winrate is the search's own.
	SearchWinrate *float32 `json:"searchWinrate,omitempty"`
	// RawWinrate is the evaluator's own value of the position, before any
	// search (side to move).
	RawWinrate float32 `json:"rawWinrate"`
	// ScoreLead is the expected final territory margin of the side to move:
	// its land minus the other's with two players, minus the best other
	// player's with three or four (docs/reviews.md).
	ScoreLead *float32 `json:"scoreLead,omitempty"`
	// Visits is the number of playouts.
	Visits int `json:"visits"`
	// Hash and CanonicalHash identify the position (hex); the canonical hash
	// is shared by its rotations and mirrors.
	Hash          string `json:"hash"`
	CanonicalHash string `json:"canonicalHash"`
	// Model identifies the evaluator.
	Model string `json:"model"`
	// Result is the final result of a finished game (phase over).
	Result *GameResult `json:"result,omitempty"`
	// Proof is the proven result for the side to move (omitted when
	// unproven).
	Proof *analysis.Proof `json:"proof,omitempty"`
	// Winrates (three or four players) gives every player's expected
	// result by colour: the max-n search's mean of each player's value
	// over its visits (Winrate is the side to move's entry), or the
	// final result of a finished game. Omitted with two players, where
	// RedWinrate says it all.
	Winrates map[string]float32 `json:"winrates,omitempty"`
	// RawWinrates (three or four players) gives every player's value by
	// colour as the evaluator sees the position, before any search
	// (RawWinrate is the side to move's entry), or the final result of a
	// finished game.
	RawWinrates map[string]float32 `json:"rawWinrates,omitempty"`
	// SearchWinrates (three or four players) is Winrates before the
	// model's win-rate calibration; omitted when none applied.
	SearchWinrates map[string]float32 `json:"searchWinrates,omitempty"`
	// ScoreLeads (three or four players) gives every player's ScoreLead by
	// colour, in squares: the search's mean, over its visits, of each
	// player's land minus the best other player's in the Voronoi split of
	// its leaves (the multi-player networks have no score head). Omitted
	// with two players and when the search gave none.
	ScoreLeads map[string]float32 `json:"scoreLeads,omitempty"`
	// Calibration names the win-rate calibration applied to Winrate,
	// RedWinrate, Winrates and the moves' win rates (the model and the
	// calibration file's digest); omitted when none was.
	Calibration string `json:"calibration,omitempty" example:"wz-0027-int8/5e1f0c2a"`
} // @name service.RootInfo

// PolicyEntry is one move's raw prior.
type PolicyEntry struct {
	Move  string  `json:"move"`
	Prior float32 `json:"prior"`
} // @name service.PolicyEntry

// Reachability lists, per player, the squares its stones can end a turn
// on, and the exclusive and shared parts (two players: redOnly, blueOnly,
// shared as in the paper's Figure 4).
type Reachability struct {
	Reach     map[string][]string `json:"reach"`
	Exclusive map[string][]string `json:"exclusive"`
	Shared    []string            `json:"shared"`
} // @name service.Reachability

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

// FromAnalysis writes an analysis in the API's shape. IsDuringSearch is
// left unset: the HTTP stream and the analysis engine set it.
func FromAnalysis(a *analysis.Analysis) *Analysis {
	out := &Analysis{ID: a.ID, TurnNumber: a.TurnNumber, MoveInfos: make([]MoveInfo, len(a.MoveInfos)), RootInfo: rootInfo(&a.RootInfo),
		Territory: wallzero.ByColour(a.Territory), Ownership: a.Ownership, Explanation: a.Explanation}
	for i, mi := range a.MoveInfos {
		out.MoveInfos[i] = MoveInfo{Move: mi.Move.String(), Visits: mi.Visits, Winrate: mi.Winrate, Prior: mi.Prior, LCB: mi.LCB,
			ScoreLead: mi.ScoreLead, PV: wallzero.MoveNames(mi.PV), PVVisits: mi.PVVisits, Order: mi.Order, Proof: mi.Proof, Winrates: wallzero.ByColour(mi.Winrates)}
	}
	for _, p := range a.Policy {
		out.Policy = append(out.Policy, PolicyEntry{Move: p.Move.String(), Prior: p.Prior})
	}
	if r := a.Reachability; r != nil {
		out.Reachability = &Reachability{Reach: map[string][]string{}, Exclusive: map[string][]string{}, Shared: wallzero.SquareNames(r.Shared)}
		for c := range a.Players() {
			name := grid.Color(c).String()
			out.Reachability.Reach[name] = wallzero.SquareNames(r.Reach[c])
			out.Reachability.Exclusive[name] = wallzero.SquareNames(r.Exclusive[c])
		}
	}
	if a.Cache != nil {
		out.Cache = &CacheInfo{Hit: a.Cache.Hit, Visits: a.Cache.Visits}
	}
	return out
}

// FromAnalyses writes analyses in the API's shape.
func FromAnalyses(as []*analysis.Analysis) []*Analysis {
	out := make([]*Analysis, len(as))
	for i, a := range as {
		out[i] = FromAnalysis(a)
	}
	return out
}

// rootInfo writes a root: two players' win rates as Red's, three or four
// players' by colour.
func rootInfo(r *analysis.RootInfo) RootInfo {
	out := RootInfo{CurrentPlayer: r.CurrentPlayer.String(), Phase: r.Phase.String(), Winrate: r.Winrate, SearchWinrate: r.SearchWinrate,
		RawWinrate: r.RawWinrate, ScoreLead: r.ScoreLead, Visits: r.Visits, Hash: fmt.Sprintf("%016x", r.Hash),
		CanonicalHash: fmt.Sprintf("%016x", r.CanonicalHash), Model: r.Model, Proof: r.Proof, RawWinrates: wallzero.ByColour(r.RawWinrates),
		SearchWinrates: wallzero.ByColour(r.SearchWinrates), ScoreLeads: wallzero.ByColour(r.ScoreLeads), Calibration: r.Calibration}
	if red, ok := r.RedWinrate(); ok {
		out.RedWinrate = &red
	} else {
		out.Winrates = wallzero.ByColour(r.Winrates)
	}
	if g := r.Result; g != nil {
		out.Result = &GameResult{Winner: "draw", Winners: make([]string, len(g.Winners)), Territory: wallzero.ByColour(g.Territory)}
		if g.Winner != grid.NoColor {
			out.Result.Winner = g.Winner.String()
		}
		for i, c := range g.Winners {
			out.Result.Winners[i] = c.String()
		}
	}
	return out
}

// Streamed writes an analysis sent as one of a stream's: IsDuringSearch
// always set, true on a partial one.
func Streamed(a *analysis.Analysis) *Analysis {
	out := FromAnalysis(a)
	during := a.DuringSearch
	out.IsDuringSearch = &during
	return out
}
