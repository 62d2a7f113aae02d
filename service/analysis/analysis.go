package analysis

import (
	"fmt"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/search"
	"github.com/wallzero/wallzero/service/explain"
	"github.com/wallzero/wallzero/service/winrate"
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
	Proof *Proof `json:"proof,omitempty"`
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
	// ScoreLead is the expected final territory margin of the side to move.
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
	Proof *Proof `json:"proof,omitempty"`
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

// newAnalysis shapes a search result for clients, its win rates mapped
// by the model's calibration cal (nil: none, or none for this kind of
// position) and the search's own kept beside them.
func newAnalysis(q *Query, turn int, pos *engine.Position, res *search.Result, model string, cal *winrate.File) *Analysis {
	a := &Analysis{ID: q.ID, TurnNumber: turn, Territory: Territory(pos), MoveInfos: []MoveInfo{}}
	mover := pos.ToMove()
	two := pos.Players() == 2
	kind := winrate.KindOf(pos)
	if !cal.Covers(kind) {
		cal = nil
	}
	for _, mi := range res.Moves {
		if q.TopK > 0 && len(a.MoveInfos) >= q.TopK {
			break
		}
		if mi.Visits == 0 && !q.IncludeUnvisited {
			continue
		}
		w, all := cal.Map(kind, mi.Winrate, mi.PlayerWinrates)
		lcb, _ := cal.Map(kind, clamp01(mi.LCB), nil)
		info := MoveInfo{Move: mi.Move.String(), Visits: mi.Visits, Winrate: wallzero.Round(w), Prior: wallzero.Round(mi.Prior),
			LCB: wallzero.Round(lcb), Order: mi.Order}
		if mi.HasMargin {
			v := wallzero.Round(mi.Margin)
			info.ScoreLead = &v
		}
		for _, m := range mi.PV {
			info.PV = append(info.PV, m.String())
		}
		info.Proof = ProofOf(mi.Proof)
		info.Winrates = byColour(all)
		a.MoveInfos = append(a.MoveInfos, info)
	}
	w, all := cal.Map(kind, res.Winrate, res.PlayerWinrates)
	a.RootInfo = RootInfo{
		CurrentPlayer: mover.String(),
		Phase:         pos.Phase().String(),
		Winrate:       wallzero.Round(w),
		RawWinrate:    wallzero.Round(res.Raw.Utility[mover]),
		Visits:        res.Visits,
		Hash:          fmt.Sprintf("%016x", res.Hash),
		CanonicalHash: fmt.Sprintf("%016x", res.CanonicalHash),
		Model:         model,
		Proof:         ProofOf(res.Proof),
		Winrates:      byColour(all),
	}
	if cal != nil {
		a.RootInfo.Calibration = cal.ID()
		own := wallzero.Round(res.Winrate)
		a.RootInfo.SearchWinrate = &own
		if !two {
			a.RootInfo.SearchWinrates = byColour(res.PlayerWinrates)
		}
	}
	if !two {
		a.RootInfo.RawWinrates = byColour(res.Raw.Utility[:pos.Players()])
	}
	if two {
		red := w
		if mover != engine.Red {
			red = 1 - red
		}
		red = wallzero.Round(red)
		a.RootInfo.RedWinrate = &red
	}
	if res.HasMargin {
		v := wallzero.Round(res.Margin)
		a.RootInfo.ScoreLead = &v
	}
	if q.IncludeOwnership && res.Ownership != nil {
		a.Ownership = make([]float32, engine.NumSquares)
		for s, v := range res.Ownership {
			if mover != engine.Red {
				v = -v
			}
			a.Ownership[s] = wallzero.Round(v)
		}
	}
	if q.IncludePolicy {
		for _, mi := range res.Moves {
			a.Policy = append(a.Policy, PolicyEntry{Move: mi.Move.String(), Prior: wallzero.Round(mi.Prior)})
		}
	}
	if q.IncludeReachability {
		a.Reachability = reachability(pos)
	}
	return a
}

// byColour names per-player values by colour, rounded (nil for none).
func byColour(v []float32) map[string]float32 {
	if v == nil {
		return nil
	}
	out := make(map[string]float32, len(v))
	for c, x := range v {
		out[engine.Color(c).String()] = wallzero.Round(x)
	}
	return out
}

// Territory returns the land each player holds now.
func Territory(pos *engine.Position) map[string]int {
	t := pos.Territory()
	out := map[string]int{}
	for c := 0; c < pos.Players(); c++ {
		out[engine.Color(c).String()] = t.Score[c]
	}
	return out
}

// reachability converts the engine's reachability to square names.
func reachability(pos *engine.Position) *Reachability {
	r := pos.Reachability()
	out := &Reachability{Reach: map[string][]string{}, Exclusive: map[string][]string{}, Shared: wallzero.SquareNames(r.Shared)}
	for c := 0; c < pos.Players(); c++ {
		name := engine.Color(c).String()
		out.Reach[name] = wallzero.SquareNames(r.Reach[c])
		out.Exclusive[name] = wallzero.SquareNames(r.Exclusive[c])
	}
	return out
}
