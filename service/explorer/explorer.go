package explorer

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/store"
)

// FrequentLimit is the number of frequent opening states an explorer
// answer lists.
const FrequentLimit = 8

// Query asks the opening explorer about one node of the placement
// tree: the placements made so far from the start of an opening.
type Query struct {
	// Opening is empty or four-stone ("": four-stone).
	Opening string
	// Moves are the placements made, e.g. ["D4","C3"].
	Moves []string
}

// Result answers an explorer query: one step per position of the
// path, from the opening's start to the asked node.
type Result struct {
	// Opening is the opening's name; Model the evaluator's model id.
	Opening string `json:"opening" example:"four-stone"`
	Model   string `json:"model" example:"wallzero-b6c64"`
	// Moves echoes the asked placements.
	Moves []string `json:"moves" example:"D4,C3"`
	// PlacementOrder names who places each stone of the placement phase
	// (after the preset stones), e.g. red, blue, blue, red.
	PlacementOrder []string `json:"placementOrder" example:"red,blue,blue,red"`
	// Steps holds the path's positions, the start first and the asked
	// node last.
	Steps []Step `json:"steps"`
	// Frequent lists the most frequent positions at the end of the
	// placement phase in the service's self-play games (most first).
	Frequent []FrequentState `json:"frequent"`
	// SelfplayGames is the number of self-play games counted (0: none
	// yet), and SelfplayVisits their search budget per move.
	SelfplayGames  int `json:"selfplayGames" example:"200"`
	SelfplayVisits int `json:"selfplayVisits" example:"32"`
} // @name service.ExplorerResult

// Step is one position of the path.
type Step struct {
	// Placed is the number of placements made before it.
	Placed int `json:"placed" example:"0"`
	// Stones lists the stones on the board by colour (square names).
	Stones map[string][]string `json:"stones"`
	// ToMove is the colour to place next; Phase is setup, or play once
	// every stone is placed (then Placements is empty).
	ToMove string `json:"toMove" example:"red"`
	Phase  string `json:"phase" example:"setup"`
	// RedWinrate is Red's win rate after the position's own search (in
	// play phase: the previous step's search through the last placement);
	// null when unknown. RedValue is the network's value before search.
	RedWinrate *float32 `json:"redWinrate" example:"0.5135"`
	RedValue   *float32 `json:"redValue,omitempty" example:"0.52"`
	// Visits is the position's search budget (0 in play phase).
	Visits int `json:"visits" example:"100"`
	// Computed is true when this answer searched the position (a table
	// miss), false when it was read from the table.
	Computed bool `json:"computed"`
	// Placements gives every legal placement in board order (A1, B1, ..
	// G7), in the caller's orientation: the heat map.
	Placements []Placement `json:"placements"`
} // @name service.ExplorerStep

// Placement is one legal placement of a step: a child of the
// placement tree.
type Placement struct {
	Move string `json:"move" example:"D4"`
	// Prior is the network's policy for the placement.
	Prior float32 `json:"prior" example:"0.31"`
	// Visits is the step's search's visits through the placement.
	Visits int `json:"visits" example:"42"`
	// RedWinrate is Red's win rate after the placement: from the child's
	// own search when the child is in the table (ChildVisits > 0), else
	// from the step's search (Visits > 0), else null.
	RedWinrate *float32 `json:"redWinrate" example:"0.54"`
	// ChildVisits is the child's own search budget (0: not in the table).
	ChildVisits int `json:"childVisits" example:"100"`
} // @name service.ExplorerPlacement

// FrequentState is a position at the end of the placement phase reached
// by self-play (the paper's Figure 3).
type FrequentState struct {
	// Moves are the placements of the first game that reached it (any of
	// its eight orientations).
	Moves []string `json:"moves" example:"C5,E5,E3,C3"`
	// Games counts the games that reached it; Frequency is their share
	// of all games counted.
	Games     int     `json:"games" example:"98"`
	Frequency float32 `json:"frequency" example:"0.49"`
	// RedScore is Red's result over those games (win 1, draw 0.5).
	RedScore float32 `json:"redScore" example:"0.52"`
} // @name service.FrequentState

// explorerSetup returns the rules of an opening and the store, or the
// error that says why there is no explorer.
func (s *Explorer) explorerSetup(opening string) (engine.Rules, ExplorerStore, store.ExplorerKey, error) {
	rules, err := engine.Rules{Players: 2, Opening: engine.Opening(opening)}.Normalize()
	if err != nil {
		return rules, nil, store.ExplorerKey{}, wallzero.Invalid("opening", fmt.Sprintf("%q is not empty or four-stone", opening))
	}
	es := s.store
	if es == nil {
		return rules, nil, store.ExplorerKey{}, &wallzero.Error{Code: wallzero.CodeUnavailable, Message: "the opening explorer needs the database, and the service runs without one"}
	}
	return rules, es, store.ExplorerKey{Rules: rules.String(), Model: s.an.CacheModel(2)}, nil
}

// replayPlacements plays placements from the start of rules; errors name
// moves[i].
func replayPlacements(rules engine.Rules, moves []string) ([]engine.Position, error) {
	g := &engine.Game{Rules: rules, Start: engine.NewPosition(rules)}
	g.Final = g.Start
	for i, text := range moves {
		field := fmt.Sprintf("moves[%d]", i)
		if len(text) > engine.MaxMoveText {
			return nil, wallzero.Invalid(field, fmt.Sprintf("%d bytes, a placement is at most %d", len(text), engine.MaxMoveText))
		}
		if g.Final.Phase() != engine.Setup {
			_, total := g.Final.SetupPlacements()
			return nil, wallzero.Invalid(field, fmt.Sprintf("%q is out of the placement phase: the %s opening has %d placements", text, rules.Opening, total))
		}
		m, _, err := grid.ParseMove(text)
		if err == nil && m.Kind != grid.Place {
			return nil, wallzero.Invalid(field, fmt.Sprintf("%q is not a placement (the explorer covers the placement phase only)", text))
		}
		if _, serr := grid.ParseSquare(strings.TrimSpace(text)); err != nil || serr != nil {
			return nil, wallzero.Invalid(field, fmt.Sprintf("%q is not a placement: want a square A1..G7 such as C3", text))
		}
		if err := g.PlayText(text); err != nil {
			return nil, wallzero.Invalid(field, fmt.Sprintf("%q: %v", text, err))
		}
	}
	return g.Positions(), nil
}

// Explore answers an explorer query from the table; positions of the path
// missing from it are searched (at interactive priority, within admission
// control and the caller's quota), stored and returned.
func (s *Explorer) Explore(ctx context.Context, q *Query) (*Result, error) {
	if len(q.Moves) > grid.NumSquares {
		return nil, wallzero.Invalid("moves", fmt.Sprintf("%d placements, the placement phase has at most 8", len(q.Moves)))
	}
	rules, es, key, err := s.explorerSetup(q.Opening)
	if err != nil {
		return nil, err
	}
	positions, err := replayPlacements(rules, q.Moves)
	if err != nil {
		return nil, err
	}
	type node struct {
		hash uint64
		sym  grid.Symmetry
	}
	steps := make([]node, len(positions))
	var hashes []uint64
	for i := range positions {
		steps[i].hash, steps[i].sym = positions[i].CanonicalHash()
		hashes = append(hashes, steps[i].hash)
		for _, m := range setupMoves(&positions[i]) {
			c := positions[i]
			c.Apply(m)
			h, _ := c.CanonicalHash()
			hashes = append(hashes, h)
		}
	}
	rows, err := es.ExplorerPositions(ctx, key, hashes)
	if err != nil {
		return nil, &wallzero.Error{Code: wallzero.CodeUnavailable, Message: "reading the opening table failed", Err: err}
	}
	var missing []int
	for i, st := range steps {
		if _, ok := rows[st.hash]; !ok && positions[i].Phase() == engine.Setup {
			missing = append(missing, i)
		}
	}
	computed, err := s.computeMissing(ctx, es, key, positions, missing)
	if err != nil {
		return nil, err
	}
	for h, r := range computed {
		rows[h] = r
	}
	res := &Result{Opening: string(rules.Opening), Model: key.Model, Moves: q.Moves, Steps: make([]Step, len(positions))}
	if res.Moves == nil {
		res.Moves = []string{}
	}
	res.PlacementOrder = placementOrder(rules)
	for i := range positions {
		pos := &positions[i]
		st := Step{Placed: i, Stones: stonesOf(pos), ToMove: pos.ToMove().String(), Phase: pos.Phase().String(), Placements: []Placement{}}
		if row, ok := rows[steps[i].hash]; ok {
			_, st.Computed = computed[steps[i].hash]
			win, val := row.RedWinrate, row.RedValue
			st.RedWinrate, st.RedValue, st.Visits = &win, &val, row.Visits
			st.Placements = placementsOf(pos, row, steps[i].sym, rows)
		} else if i > 0 {
			// The end of the placement phase: the previous step's search
			// through the last placement.
			for _, p := range res.Steps[i-1].Placements {
				if p.Move == q.Moves[i-1] {
					st.RedWinrate = p.RedWinrate
				}
			}
		}
		res.Steps[i] = st
	}
	freq, tot, err := es.FrequentOpenings(ctx, key, FrequentLimit)
	if err != nil {
		return nil, &wallzero.Error{Code: wallzero.CodeUnavailable, Message: "reading the frequent openings failed", Err: err}
	}
	res.SelfplayGames, res.SelfplayVisits, res.Frequent = tot.Games, tot.Visits, []FrequentState{}
	for _, f := range freq {
		fs := FrequentState{Moves: f.Moves, Games: f.Games, RedScore: wallzero.Round((float32(f.RedWins) + float32(f.Draws)/2) / float32(f.Games))}
		if tot.Games > 0 {
			fs.Frequency = wallzero.Round(float32(f.Games) / float32(tot.Games))
		}
		res.Frequent = append(res.Frequent, fs)
	}
	return res, nil
}

// computeMissing searches the path's positions missing from the table,
// stores them and returns them by canonical hash.
func (s *Explorer) computeMissing(ctx context.Context, es ExplorerStore, key store.ExplorerKey, positions []engine.Position, missing []int) (map[uint64]store.ExplorerPosition, error) {
	out := map[uint64]store.ExplorerPosition{}
	if len(missing) == 0 {
		return out, nil
	}
	visits := s.cfg.Visits
	cost := int64(visits * len(missing))
	if err := s.adm.Precheck(ctx, cost); err != nil {
		return nil, err
	}
	if err := s.adm.Charge(ctx, len(missing), visits); err != nil {
		return nil, err
	}
	release, err := s.adm.Acquire(ctx, cost)
	if err != nil {
		return nil, err
	}
	defer release()
	done := s.gate.Enter()
	defer done()
	ctx = inference.WithPriority(ctx, inference.Interactive)
	var rows []store.ExplorerPosition
	for _, i := range missing {
		h, _ := positions[i].CanonicalHash()
		v, err, _ := s.flight.Do(fmt.Sprintf("explorer|%016x|%s|%s|%d", h, key.Rules, key.Model, visits), func() (any, error) {
			return s.searchExplorer(ctx, positions[:i+1], visits)
		})
		if err != nil {
			return nil, err
		}
		row := v.(store.ExplorerPosition)
		out[h] = row
		rows = append(rows, row)
	}
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.cfg.CacheTimeout)
	defer cancel()
	if err := es.SaveExplorerPositions(sctx, key, rows...); err != nil {
		s.log.WarnContext(ctx, "storing explorer positions failed", "error", err)
	}
	return out, nil
}

// searchExplorer searches the last of positions (the ones before are its
// history) and returns its table row, in the canonical orientation.
func (s *Explorer) searchExplorer(ctx context.Context, positions []engine.Position, visits int) (store.ExplorerPosition, error) {
	turn := len(positions) - 1
	pos := &positions[turn]
	s.metrics.CountSearch(ctx)
	// Every legal placement gets a row entry (its prior), visited or not.
	a, err := s.an.AnalyzeTurn(ctx, &analysis.Query{MaxVisits: visits, SearchOptions: analysis.SearchOptions{IncludeUnvisited: true}}, positions, turn, analysis.RunOptions{})
	if err != nil {
		return store.ExplorerPosition{}, err
	}
	h, sym := pos.CanonicalHash()
	done, _ := pos.SetupPlacements()
	red := pos.ToMove() == grid.Red
	toRed := func(v float32) float32 {
		if red {
			return v
		}
		return wallzero.Round(1 - v)
	}
	row := store.ExplorerPosition{CanonicalHash: h, Placed: done, Visits: visits, RedWinrate: toRed(a.RootInfo.Winrate), RedValue: toRed(a.RootInfo.RawWinrate)}
	infos := append([]analysis.MoveInfo(nil), a.MoveInfos...)
	for i := range infos {
		if infos[i].Move.Kind != grid.Place {
			return row, &wallzero.Error{Code: wallzero.CodeInternal, Message: fmt.Sprintf("explorer: %s is not a placement", infos[i].Move)}
		}
		infos[i].Order = int(sym.Square(infos[i].Move.To)) // reuse Order for the canonical square
	}
	sort.Slice(infos, func(i, j int) bool { return infos[i].Order < infos[j].Order })
	for _, mi := range infos {
		row.Squares = append(row.Squares, int16(mi.Order))
		row.Priors = append(row.Priors, mi.Prior)
		row.MoveVisits = append(row.MoveVisits, int32(mi.Visits))
		w := float32(0)
		if mi.Visits > 0 {
			w = toRed(mi.Winrate)
		}
		row.RedWinrates = append(row.RedWinrates, w)
	}
	return row, nil
}

// placementsOf turns a canonical row into the heat map of pos (which sym
// maps to the canonical position), in board order; rows holds the
// children found in the table.
func placementsOf(pos *engine.Position, row store.ExplorerPosition, sym grid.Symmetry, rows map[uint64]store.ExplorerPosition) []Placement {
	inv := sym.Inverse()
	var bySquare [grid.NumSquares]*Placement
	for j, cs := range row.Squares {
		if !grid.Square(cs).Valid() {
			continue // not a square: a row no build writes
		}
		sq := inv.Square(grid.Square(cs))
		p := Placement{Move: sq.String(), Prior: row.Priors[j], Visits: int(row.MoveVisits[j])}
		if p.Visits > 0 {
			w := row.RedWinrates[j]
			p.RedWinrate = &w
		}
		c := *pos
		if c.CheckMove(grid.PlaceAt(sq)) == nil {
			c.Apply(grid.PlaceAt(sq))
			h, _ := c.CanonicalHash()
			if child, ok := rows[h]; ok {
				w := child.RedWinrate
				p.RedWinrate, p.ChildVisits = &w, child.Visits
			}
		}
		bySquare[sq] = &p
	}
	out := make([]Placement, 0, len(row.Squares))
	for _, p := range bySquare {
		if p != nil {
			out = append(out, *p)
		}
	}
	return out
}

// setupMoves returns the legal placements of a setup-phase position (none
// otherwise).
func setupMoves(pos *engine.Position) []grid.Move {
	if pos.Phase() != engine.Setup {
		return nil
	}
	return pos.LegalMoves(nil)
}

// stonesOf lists the stones of each colour by square name.
func stonesOf(pos *engine.Position) map[string][]string {
	out := map[string][]string{}
	for c := 0; c < pos.Players(); c++ {
		out[grid.Color(c).String()] = wallzero.SquareNames(pos.Stones(grid.Color(c)))
	}
	return out
}

// placementOrder names who places each stone of the placement phase, by
// playing the first legal placement until the phase ends.
func placementOrder(rules engine.Rules) []string {
	var out []string
	for p := engine.NewPosition(rules); p.Phase() == engine.Setup; {
		out = append(out, p.ToMove().String())
		p.Apply(setupMoves(&p)[0])
	}
	return out
}
