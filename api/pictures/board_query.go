package pictures

import (
	"errors"
	"fmt"
	"maps"
	"net/url"
	"sort"
	"strconv"
	"strings"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/api/query"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/internal/jsonscan"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/render"
)

// boardRequest is a parsed GET /v1/render/board.svg query.
type boardRequest struct {
	record engine.Record
	// prep is the record replayed (once: an analysis of the picture's
	// position reuses it).
	prep *analysis.Prepared
	turn int
	pos  engine.Position
	opt  render.Options
	// analyze is the number of engine moves to draw (0: no analysis);
	// autoOwnership asks the analysis for predicted ownership.
	analyze       int
	autoOwnership bool
	visits        int
	// decode reads a parameter's JSON (Deps.Decode).
	decode func(data []byte, v any) error
}

// boardParams are the query parameters board.svg knows.
var boardParams = map[string]bool{
	"record": true, "moves": true, "opening": true, "players": true, "stay": true, "tieBreak": true, "board": true,
	"turn": true, "includeReachability": true, "territory": true, "last": true, "ownership": true, "candidates": true,
	"played": true, "distances": true, "topK": true, "maxVisits": true, "title": true, "reachDiff": true,
}

// BoardParams returns the query parameters board.svg knows (a copy, for
// the check that the OpenAPI document names them all).
func BoardParams() map[string]bool { return maps.Clone(boardParams) }

// parseBoardQuery reads the position and the overlays from a board.svg
// query. Errors are *wallzero.Error values naming the parameter (with the
// path inside it for record, moves and board: "moves[3]",
// "board.walls[0].side", "record.rules.players").
func parseBoardQuery(q url.Values, limits analysis.Limits, decode func([]byte, any) error) (*boardRequest, error) {
	var unknown []string
	for _, k := range query.Keys(q) {
		v := q[k]
		if !boardParams[k] {
			unknown = append(unknown, k)
		} else if len(v) > 1 {
			return nil, query.Invalid(k, "given %d times, at most once", len(v))
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return nil, query.Invalid(unknown[0], "unknown query parameter (known: record or moves with opening, players, stay, tieBreak, board; turn; includeReachability, territory, last, ownership, candidates, played, distances, reachDiff, topK, maxVisits, title)")
	}
	req := &boardRequest{decode: decode}
	if err := req.parseRecord(q, limits); err != nil {
		return nil, err
	}
	if err := req.parseOverlays(q, limits); err != nil {
		return nil, err
	}
	return req, nil
}

// parseRecord reads the game, replays it and picks the position.
func (req *boardRequest) parseRecord(q url.Values, limits analysis.Limits) error {
	if q.Has("record") {
		for _, k := range []string{"moves", "opening", "players", "stay", "tieBreak", "board"} {
			if q.Has(k) {
				return query.Invalid(k, "give either record or moves (with opening, players, stay, tieBreak, board), not both")
			}
		}
		if err := req.decode([]byte(q.Get("record")), &req.record); err != nil {
			return prefixField("record", err)
		}
	} else {
		if err := req.parseMoves(q); err != nil {
			return err
		}
	}
	prep, err := analysis.ReplayRecord(req.record, limits)
	if err != nil {
		return recordParamError(err, q.Has("record"))
	}
	req.prep = prep
	g := prep.Game
	req.turn = len(g.Moves)
	if v := q.Get("turn"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > len(g.Moves) {
			return query.Invalid("turn", "%q: want a number of moves from 0 to %d", v, len(g.Moves))
		}
		req.turn = n
	}
	req.pos = prep.Positions[req.turn]
	last := true
	if v := q.Get("last"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return query.Invalid("last", "%q: want true or false", v)
		}
		last = b
	}
	if last && req.turn > 0 {
		m := g.Moves[req.turn-1]
		req.opt.LastMove = &m
	}
	req.record.Moves = req.record.Moves[:len(g.Moves)]
	return nil
}

// prefixField puts a query parameter's name before the JSON path of a
// decoding error about its value.
func prefixField(param string, err error) error {
	var se *wallzero.Error
	if errors.As(err, &se) {
		if se.Field == "" {
			se.Field = param
		} else {
			se.Field = jsonscan.JoinKey(param, se.Field)
		}
		return se
	}
	return err
}

// ruleParams names the query parameter of each rules field in the moves
// form of the query.
var ruleParams = map[string]string{"rules.players": "players", "rules.opening": "opening", "rules.stay": "stay", "rules.tieBreak": "tieBreak"}

// recordParamError puts the query parameter before the field of a
// analysis.ReplayRecord error: in the record form "record.moves[3]" or
// "record.rules.players"; else "moves[3]", "players", "board.walls[0]".
func recordParamError(err error, recordForm bool) error {
	var se *wallzero.Error
	if !errors.As(err, &se) {
		return err
	}
	switch {
	case recordForm && se.Field == "":
		se.Field = "record"
	case recordForm:
		se.Field = jsonscan.JoinKey("record", se.Field)
	case ruleParams[se.Field] != "":
		se.Field = ruleParams[se.Field]
	}
	return se
}

// parseMoves reads moves, opening, players, stay, tieBreak and board.
func (req *boardRequest) parseMoves(q url.Values) error {
	if v := strings.TrimSpace(q.Get("moves")); v != "" {
		for i, m := range strings.Split(v, ",") {
			m = strings.TrimSpace(m)
			if m == "" {
				return query.Invalid(fmt.Sprintf("moves[%d]", i), "empty move")
			}
			req.record.Moves = append(req.record.Moves, m)
		}
	}
	if v := q.Get("opening"); v != "" {
		req.record.Rules.Opening = engine.Opening(v)
	}
	if v := q.Get("players"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return query.Invalid("players", "%q: want 2, 3 or 4", v)
		}
		req.record.Rules.Players = n
	}
	if v := q.Get("stay"); v != "" {
		req.record.Rules.Stay = engine.StayRule(v)
	}
	if v := q.Get("tieBreak"); v != "" {
		req.record.Rules.TieBreak = engine.TieBreak(v)
	}
	if v := q.Get("board"); v != "" {
		var b engine.Diagram
		if err := req.decode([]byte(v), &b); err != nil {
			return prefixField("board", err)
		}
		req.record.Board = &b
	}
	return nil
}

// parseOverlays reads the overlay parameters.
func (req *boardRequest) parseOverlays(q url.Values, limits analysis.Limits) error {
	for _, k := range []string{"includeReachability", "territory"} {
		v := q.Get(k)
		if v == "" {
			continue
		}
		b, err := strconv.ParseBool(v)
		if err != nil {
			return query.Invalid(k, "%q: want true or false", v)
		}
		if k == "includeReachability" {
			req.opt.Reachability = b
		} else {
			req.opt.Territory = b
		}
	}
	if v := q.Get("ownership"); v != "" {
		if b, err := strconv.ParseBool(v); err == nil {
			req.autoOwnership = b
		} else {
			own, err := render.ParseOwnership(v)
			if err != nil {
				return query.Invalid("ownership", "%v", err)
			}
			req.opt.Ownership = own
		}
	}
	if v := q.Get("candidates"); v != "" {
		c, err := render.ParseCandidates(v)
		if err != nil {
			return query.Invalid("candidates", "%v", err)
		}
		req.opt.Candidates = c
	}
	if v := q.Get("played"); v != "" {
		c, err := render.ParseCandidate(v)
		if err != nil {
			return query.Invalid("played", "%v", err)
		}
		c.Played = true
		req.opt.Candidates = append(req.opt.Candidates, c)
	}
	if v := q.Get("reachDiff"); v != "" {
		m, _, err := grid.ParseMove(v)
		if err != nil {
			return query.Invalid("reachDiff", "%v", err)
		}
		req.opt.ReachDiff = &m
	}
	if v := q.Get("distances"); v != "" {
		sq, err := grid.ParseSquare(v)
		if err != nil {
			return query.Invalid("distances", "%v", err)
		}
		req.opt.Distances, req.opt.DistanceFrom = true, sq
	}
	if v := q.Get("topK"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > render.MaxCandidates {
			return query.Invalid("topK", "%q: want a number of moves from 0 to %d", v, render.MaxCandidates)
		}
		req.analyze = n
	}
	if v := q.Get("maxVisits"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > limits.MaxVisits {
			return query.Invalid("maxVisits", "%q: want a number from 1 to %d", v, limits.MaxVisits)
		}
		if req.analyze == 0 && !req.autoOwnership {
			return query.Invalid("maxVisits", "only with topK or ownership=true")
		}
		req.visits = n
	}
	req.opt.Title = q.Get("title")
	if err := req.opt.Validate(&req.pos); err != nil {
		return optionError(err)
	}
	return nil
}
