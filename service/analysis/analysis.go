package analysis

import (
	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/search"
	"github.com/wallzero/wallzero/service/explain"
	"github.com/wallzero/wallzero/service/winrate"
)

// Analysis is the analysis of one position in the engine's types: moves,
// squares, colours and per-seat values. The API and the analysis engine
// write it as JSON (api/wire), the cache as its own row (stored.go).
type Analysis struct {
	// ID echoes the query's id.
	ID string
	// TurnNumber is the number of moves played before the position.
	TurnNumber int
	// DuringSearch is true on a partial analysis sent while the search
	// runs (reportDuringSearchEvery).
	DuringSearch bool
	// MoveInfos ranks the candidate moves, best first.
	MoveInfos []MoveInfo
	// RootInfo describes the position as a whole.
	RootInfo RootInfo
	// Territory is the land each player holds now, by seat; its length is
	// the number of players.
	Territory []int
	// Ownership (includeOwnership) gives, per square, the network's
	// expected final owner from Red's view: +1 Red, -1 Blue, 0 neutral.
	Ownership []float32
	// Policy (includePolicy) gives the raw prior of every legal move.
	Policy []PolicyEntry
	// Reachability (includeReachability) is every player's one-turn reach.
	Reachability *engine.Reachability
	// Explanation (includeExplanations) explains the move played from the
	// position against the engine's best.
	Explanation *explain.Explanation
	// Cache (service only) says whether the analysis came from the cache.
	Cache *CacheInfo
}

// Players is the number of players of the analysed game.
func (a *Analysis) Players() int { return len(a.Territory) }

// CacheInfo describes where an analysis came from.
type CacheInfo struct {
	// Hit is true when the analysis was read from the cache (possibly made
	// for a rotation or mirror of the position).
	Hit bool
	// Visits is the visit budget of the search that made it.
	Visits int
}

// MoveInfo is one candidate move. A move the search never visited (listed
// with includeUnvisited) has no win rate and no lower bound.
type MoveInfo struct {
	Move grid.Move
	// Visits is the number of playouts through the move.
	Visits int
	// Winrate is the mover's expected result (1 win, 0.5 draw, 0 loss).
	Winrate float32
	// Prior is the network's probability for the move.
	Prior float32
	// LCB is a 95% lower confidence bound of Winrate, within [0, 1].
	LCB float32
	// ScoreLead is the expected final territory margin for the mover (with
	// three or four players, its land minus the best other seat's).
	ScoreLead *float32
	// PV is the principal variation, starting with Move.
	PV []grid.Move
	// PVVisits (includePVVisits) gives the visits of each move of PV.
	PVVisits []int
	// Order is the rank, 0 for the best.
	Order int
	// Proof is the proven result after the move (nil when unproven).
	Proof *Proof
	// Winrates (three or four players, visited moves) gives every
	// player's expected result after the move, by seat.
	Winrates []float32
}

// RootInfo describes the analysed position.
type RootInfo struct {
	// CurrentPlayer is the colour to move; in a finished game, the one who
	// would move next in turn order.
	CurrentPlayer grid.Color
	// Phase is the part of the game the position is in.
	Phase engine.Phase
	// Winrate is the side to move's expected result after the search.
	Winrate float32
	// Winrates is every player's expected result, by seat. Two players:
	// Red's from Red's own view, and Blue's (Winrate when Blue is to move,
	// else 1 minus Red's). Three or four: the max-n search's mean of each
	// player's value (nil when the search gave none), or the final result
	// of a finished game.
	Winrates []float32
	// SearchWinrate is Winrate as the search found it, before the model's
	// win-rate calibration; nil when no calibration applied.
	SearchWinrate *float32
	// SearchWinrates (three or four players) is Winrates before the
	// calibration; nil when none applied.
	SearchWinrates []float32
	// RawWinrate is the evaluator's own value of the position, before any
	// search (side to move).
	RawWinrate float32
	// RawWinrates (three or four players) is every player's value as the
	// evaluator sees the position, by seat.
	RawWinrates []float32
	// ScoreLead is the expected final territory margin of the side to move:
	// its land minus the other's with two players, minus the best other
	// seat's with three or four.
	ScoreLead *float32
	// ScoreLeads (three or four players) is every player's ScoreLead, by
	// seat: the search's mean of the seats' leads at its leaves (the
	// Voronoi split of the position, search.Eval.Leads). Nil when the
	// search had none.
	ScoreLeads []float32
	// Visits is the number of playouts.
	Visits int
	// Hash and CanonicalHash identify the position; the canonical hash is
	// shared by its rotations and mirrors.
	Hash, CanonicalHash uint64
	// Model identifies the evaluator.
	Model string
	// Result is the final result of a finished game (phase over).
	Result *GameResult
	// Proof is the proven result for the side to move (nil when unproven).
	Proof *Proof
	// Calibration names the win-rate calibration applied (the model and
	// the calibration file's digest); empty when none was.
	Calibration string
}

// RedWinrate is Red's win rate in a two-player analysis; ok is false with
// three or four players or without per-seat win rates.
func (r *RootInfo) RedWinrate() (red float32, ok bool) {
	if len(r.Winrates) != 2 {
		return 0, false
	}
	return r.Winrates[grid.Red], true
}

// PolicyEntry is one move's raw prior.
type PolicyEntry struct {
	Move  grid.Move
	Prior float32
}

// GameResult is the result of a finished game.
type GameResult struct {
	// Winner is the single winner, or grid.NoColor for a draw.
	Winner grid.Color
	// Winners lists the players sharing the win (one for a single winner).
	Winners []grid.Color
	// Territory is each player's final land, by seat.
	Territory []int
}

// newAnalysis shapes a search result, its win rates mapped by the model's
// calibration cal (nil: none, or none for this kind of position) and the
// search's own kept beside them.
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
		info := MoveInfo{Move: mi.Move, Visits: mi.Visits, Winrate: wallzero.Round(w), Prior: wallzero.Round(mi.Prior),
			LCB: wallzero.Round(lcb), Order: mi.Order, PV: append([]grid.Move(nil), mi.PV...),
			Proof: ProofOf(mi.Proof), Winrates: rounded(all)}
		if mi.HasMargin {
			v := wallzero.Round(mi.Margin)
			info.ScoreLead = &v
		}
		a.MoveInfos = append(a.MoveInfos, info)
	}
	w, all := cal.Map(kind, res.Winrate, res.PlayerWinrates)
	a.RootInfo = RootInfo{
		CurrentPlayer: mover,
		Phase:         pos.Phase(),
		Winrate:       wallzero.Round(w),
		RawWinrate:    wallzero.Round(res.Raw.Utility[mover]),
		Visits:        res.Visits,
		Hash:          res.Hash,
		CanonicalHash: res.CanonicalHash,
		Model:         model,
		Proof:         ProofOf(res.Proof),
		Winrates:      rounded(all),
	}
	if cal != nil {
		a.RootInfo.Calibration = cal.ID()
		own := wallzero.Round(res.Winrate)
		a.RootInfo.SearchWinrate = &own
		if !two {
			a.RootInfo.SearchWinrates = rounded(res.PlayerWinrates)
		}
	}
	if !two {
		a.RootInfo.RawWinrates = rounded(res.Raw.Utility[:pos.Players()])
	} else {
		a.RootInfo.Winrates = twoWinrates(mover, w)
	}
	if res.HasMargin {
		v := wallzero.Round(res.Margin)
		a.RootInfo.ScoreLead = &v
	}
	if !two {
		a.RootInfo.ScoreLeads = rounded(res.PlayerLeads)
	}
	if q.IncludeOwnership && res.Ownership != nil {
		a.Ownership = make([]float32, grid.NumSquares)
		for s, v := range res.Ownership {
			if mover != grid.Red {
				v = -v
			}
			a.Ownership[s] = wallzero.Round(v)
		}
	}
	if q.IncludePolicy {
		for _, mi := range res.Moves {
			a.Policy = append(a.Policy, PolicyEntry{Move: mi.Move, Prior: wallzero.Round(mi.Prior)})
		}
	}
	if q.IncludeReachability {
		r := pos.Reachability()
		a.Reachability = &r
	}
	return a
}

// twoWinrates returns the per-seat win rates of a two-player position
// whose mover expects w (unrounded): Red's rounded from Red's own view,
// Blue's the mover's when Blue moves, else 1 minus Red's rounded value
// (what a cached row, which keeps the mover's and Red's, gives back).
func twoWinrates(mover grid.Color, w float32) []float32 {
	if mover == grid.Red {
		red := wallzero.Round(w)
		return []float32{red, wallzero.Round(1 - red)}
	}
	return []float32{wallzero.Round(1 - w), wallzero.Round(w)}
}

// rounded returns per-seat values rounded (nil for none).
func rounded(v []float32) []float32 {
	if v == nil {
		return nil
	}
	out := make([]float32, len(v))
	for c, x := range v {
		out[c] = wallzero.Round(x)
	}
	return out
}

// Territory returns the land each player holds now, by seat.
func Territory(pos *engine.Position) []int {
	t := pos.Territory()
	return append([]int(nil), t.Score[:pos.Players()]...)
}
