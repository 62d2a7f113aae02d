package analysis

import (
	"encoding/json"
	"fmt"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/service/analysis/cacherow"
)

// The cache row of an analysis is written and read only here, in a shape
// of its own (package cacherow), so that the API's JSON (api/wire) and the
// stored rows can change apart. A row names the version of its shape:
//
//	{"schema": 3, "analysis": {...}}
//
// where the analysis holds moves and squares in notation and per-player
// values by colour name, with every player's win rates and raw values in
// three- and four-player positions. The reader knows this one version:
// when the shape changes, StoredSchema goes up and a migration
// (migrations/) converts the stored rows once, as 0006_one_shape brought
// the rows of the versions before 3 to it. Decoding is the one place an
// analysis is parsed from text; everything after it works on typed moves.

// StoredSchema is the version of the rows EncodeStored writes and
// DecodeStored reads.
const StoredSchema = cacherow.Schema

// EncodeStored returns the cache row of a canonical analysis.
func EncodeStored(a *Analysis) ([]byte, error) {
	n := a.Players()
	r := &a.RootInfo
	s := cacherow.Analysis{TurnNumber: a.TurnNumber, MoveInfos: make([]cacherow.Move, len(a.MoveInfos)), Territory: wallzero.ByColour(a.Territory), Ownership: a.Ownership}
	for i, mi := range a.MoveInfos {
		s.MoveInfos[i] = cacherow.Move{Move: mi.Move.String(), Visits: mi.Visits, Prior: mi.Prior,
			ScoreLead: mi.ScoreLead, PV: wallzero.MoveNames(mi.PV), Order: mi.Order, Proof: (*cacherow.Proof)(mi.Proof), Winrates: wallzero.ByColour(mi.Winrates)}
		if mi.Visits > 0 {
			s.MoveInfos[i].Winrate, s.MoveInfos[i].LCB = &mi.Winrate, &mi.LCB
		}
	}
	s.RootInfo = cacherow.Root{CurrentPlayer: r.CurrentPlayer.String(), Phase: r.Phase.String(), Winrate: r.Winrate,
		SearchWinrate: r.SearchWinrate, RawWinrate: r.RawWinrate, ScoreLead: r.ScoreLead, Visits: r.Visits,
		Hash: fmt.Sprintf("%016x", r.Hash), CanonicalHash: fmt.Sprintf("%016x", r.CanonicalHash), Model: r.Model, Proof: (*cacherow.Proof)(r.Proof),
		RawWinrates: wallzero.ByColour(r.RawWinrates), SearchWinrates: wallzero.ByColour(r.SearchWinrates), ScoreLeads: wallzero.ByColour(r.ScoreLeads),
		Calibration: r.Calibration}
	if red, ok := r.RedWinrate(); ok {
		s.RootInfo.RedWinrate = &red
	} else {
		s.RootInfo.Winrates = wallzero.ByColour(r.Winrates)
	}
	for _, p := range a.Policy {
		s.Policy = append(s.Policy, cacherow.Policy{Move: p.Move.String(), Prior: p.Prior})
	}
	if re := a.Reachability; re != nil {
		s.Reachability = &cacherow.Reachability{Reach: map[string][]string{}, Exclusive: map[string][]string{}, Shared: wallzero.SquareNames(re.Shared)}
		for c := range n {
			s.Reachability.Reach[grid.Color(c).String()] = wallzero.SquareNames(re.Reach[c])
			s.Reachability.Exclusive[grid.Color(c).String()] = wallzero.SquareNames(re.Exclusive[c])
		}
	}
	schema := StoredSchema
	return json.Marshal(cacherow.Row{Schema: &schema, Analysis: s})
}

// DecodeStored reads a cache row of version StoredSchema; a row of any
// other shape is an error that says how to bring it up to date, and a
// row whose moves, squares or colours do not parse is an error naming
// the field (the caller treats both as a miss).
func DecodeStored(data []byte) (*Analysis, error) {
	var row cacherow.Row
	if err := json.Unmarshal(data, &row); err != nil {
		return nil, fmt.Errorf("cache row: %w", err)
	}
	if row.Schema == nil || *row.Schema != StoredSchema {
		schema := "none"
		if row.Schema != nil {
			schema = fmt.Sprint(*row.Schema)
		}
		return nil, fmt.Errorf("cache row schema %s: this build reads schema %d only (`wallzero migrate` converts the rows of earlier builds)", schema, StoredSchema)
	}
	a, err := typed(&row.Analysis)
	if err != nil {
		return nil, fmt.Errorf("cache row: analysis: %w", err)
	}
	return a, nil
}

// typed converts a row's analysis to the service's types.
func typed(s *cacherow.Analysis) (*Analysis, error) {
	d := &cacherow.Decoder{}
	a := &Analysis{TurnNumber: s.TurnNumber, MoveInfos: make([]MoveInfo, len(s.MoveInfos)), Ownership: s.Ownership}
	a.Territory = d.Territory(s.Territory)
	n := len(a.Territory)
	if n < 2 || n > grid.MaxPlayers {
		d.Fail("territory: %d players, want 2 to %d", n, grid.MaxPlayers)
	}
	for i, m := range s.MoveInfos {
		a.MoveInfos[i] = MoveInfo{Move: d.Move(m.Move, "moveInfos.move"), Visits: m.Visits, Prior: m.Prior,
			ScoreLead: m.ScoreLead, PV: d.Moves(m.PV), Order: m.Order, Proof: (*Proof)(m.Proof), Winrates: d.Rates(m.Winrates, n, "moveInfos.winrates")}
		if m.Visits > 0 && m.Winrate != nil && m.LCB != nil {
			a.MoveInfos[i].Winrate, a.MoveInfos[i].LCB = *m.Winrate, *m.LCB
		}
	}
	r := &s.RootInfo
	a.RootInfo = RootInfo{CurrentPlayer: d.Colour(r.CurrentPlayer), Phase: d.Phase(r.Phase), Winrate: r.Winrate, SearchWinrate: r.SearchWinrate,
		RawWinrate: r.RawWinrate, ScoreLead: r.ScoreLead, Visits: r.Visits, Hash: d.Hash(r.Hash, "hash"), CanonicalHash: d.Hash(r.CanonicalHash, "canonicalHash"),
		Model: r.Model, Proof: (*Proof)(r.Proof), Winrates: d.Rates(r.Winrates, n, "rootInfo.winrates"), RawWinrates: d.Rates(r.RawWinrates, n, "rootInfo.rawWinrates"),
		SearchWinrates: d.Rates(r.SearchWinrates, n, "rootInfo.searchWinrates"), ScoreLeads: d.Rates(r.ScoreLeads, n, "rootInfo.scoreLeads"),
		Calibration: r.Calibration}
	if r.RedWinrate != nil {
		blue := r.Winrate
		if a.RootInfo.CurrentPlayer == grid.Red {
			blue = twoWinrates(grid.Red, *r.RedWinrate)[grid.Blue]
		}
		a.RootInfo.Winrates = []float32{*r.RedWinrate, blue}
	}
	for _, p := range s.Policy {
		a.Policy = append(a.Policy, PolicyEntry{Move: d.Move(p.Move, "policy.move"), Prior: p.Prior})
	}
	if re := s.Reachability; re != nil {
		a.Reachability = &engine.Reachability{Shared: d.Squares(re.Shared)}
		for c := range n {
			a.Reachability.Reach[c] = d.Squares(re.Reach[grid.Color(c).String()])
			a.Reachability.Exclusive[c] = d.Squares(re.Exclusive[grid.Color(c).String()])
		}
	}
	if a.Ownership != nil && len(a.Ownership) != grid.NumSquares {
		d.Fail("ownership has %d squares, want %d", len(a.Ownership), grid.NumSquares)
	}
	if d.Err != nil {
		return nil, d.Err
	}
	return a, nil
}
