package api_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/api"
	"github.com/wallzero/wallzero/api/wire"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

type analyzeResponse struct {
	ID       string          `json:"id"`
	Analyses []wire.Analysis `json:"analyses"`
}

// replay plays moves under rules and returns the final position.
func replay(t *testing.T, rules engine.Rules, moves []string) engine.Position {
	t.Helper()
	g, err := engine.Record{Rules: rules, Moves: moves}.Game()
	if err != nil {
		t.Fatal(err)
	}
	return g.Final
}

func mapMoves(t *testing.T, sym grid.Symmetry, moves []string) []string {
	out := make([]string, len(moves))
	for i, text := range moves {
		m, _, err := grid.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = sym.Move(m).String()
	}
	return out
}

func squareNames(b grid.Bitboard) []string {
	out := []string{}
	for _, s := range b.Squares() {
		out = append(out, s.String())
	}
	return out
}

// TestAnalyzeRotatedCacheHit: a position analysed once is answered from
// PostgreSQL when asked again as a rotation or mirror, as a record or as a
// board, with its moves and maps mapped to the asked orientation.
func TestAnalyzeRotatedCacheHit(t *testing.T) {
	t.Parallel()
	ts := start(t, newDatabase(t), options{noWorker: true})
	empty := engine.Rules{Players: 2, Opening: engine.OpeningEmpty}
	base := []string{"A1", "B3", "C5", "D4", "F2", "E6", "G7", "C2", "D4-D6:E", "B3-B4:N"}
	query := func(moves []string, board *engine.Diagram, visits int) analyzeResponse {
		t.Helper()
		q := map[string]any{"id": "q", "rules": map[string]any{"opening": "empty"}, "moves": moves, "maxVisits": visits,
			"includeOwnership": true, "includeReachability": true, "includePolicy": true}
		if board != nil {
			q["board"] = board
		}
		var res analyzeResponse
		if code := ts.do("POST", "/v1/analyze", q, &res); code != 200 || len(res.Analyses) != 1 {
			t.Fatalf("analyze: %d %+v", code, res)
		}
		return res
	}
	orig := query(base, nil, 48).Analyses[0]
	if orig.Cache == nil || orig.Cache.Hit {
		t.Fatalf("first analysis: cache %+v, want a miss", orig.Cache)
	}
	pos := replay(t, empty, base)
	for _, sym := range grid.AllSymmetries {
		for _, form := range []string{"record", "board"} {
			t.Run(fmt.Sprintf("%s/%s", sym, form), func(t *testing.T) {
				rotated := pos.Transformed(sym)
				var got wire.Analysis
				if form == "record" {
					got = query(mapMoves(t, sym, base), nil, 48).Analyses[0]
				} else {
					b := engine.DiagramOf(&rotated)
					got = query([]string{}, &b, 32).Analyses[0] // fewer visits: served by the 48-visit analysis
				}
				if got.Cache == nil || !got.Cache.Hit || got.Cache.Visits != 48 {
					t.Fatalf("cache %+v, want a hit of the 48-visit analysis", got.Cache)
				}
				if got.RootInfo.CanonicalHash != orig.RootInfo.CanonicalHash || got.RootInfo.Hash != fmt.Sprintf("%016x", rotated.Hash()) {
					t.Errorf("hashes %s/%s, want %016x/%s", got.RootInfo.Hash, got.RootInfo.CanonicalHash, rotated.Hash(), orig.RootInfo.CanonicalHash)
				}
				if got.RootInfo.Winrate != orig.RootInfo.Winrate || len(got.MoveInfos) != len(orig.MoveInfos) {
					t.Fatalf("winrate %v moves %d, want %v and %d", got.RootInfo.Winrate, len(got.MoveInfos), orig.RootInfo.Winrate, len(orig.MoveInfos))
				}
				legal := map[string]bool{}
				for _, m := range rotated.LegalMoves(nil) {
					legal[m.String()] = true
				}
				for i, mi := range got.MoveInfos {
					want := mapMoves(t, sym, []string{orig.MoveInfos[i].Move})[0]
					if mi.Move != want || !legal[mi.Move] || mi.Visits != orig.MoveInfos[i].Visits {
						t.Fatalf("move %d: %s (%d visits), want %s (%d), legal %v", i, mi.Move, mi.Visits, want, orig.MoveInfos[i].Visits, legal[mi.Move])
					}
					if pv := mapMoves(t, sym, orig.MoveInfos[i].PV); strings.Join(pv, " ") != strings.Join(mi.PV, " ") {
						t.Fatalf("move %d: pv %v, want %v", i, mi.PV, pv)
					}
				}
				for s := range grid.NumSquares {
					if got.Ownership[sym.Square(grid.Square(s))] != orig.Ownership[s] {
						t.Fatalf("ownership of %s not mapped", grid.Square(s))
					}
				}
				r := rotated.Reachability()
				if w := squareNames(r.Shared); strings.Join(w, ",") != strings.Join(got.Reachability.Shared, ",") {
					t.Errorf("shared reach %v, want %v", got.Reachability.Shared, w)
				}
				if w := squareNames(r.Exclusive[grid.Red]); strings.Join(w, ",") != strings.Join(got.Reachability.Exclusive["red"], ",") {
					t.Errorf("red-only reach %v, want %v", got.Reachability.Exclusive["red"], w)
				}
			})
		}
	}
	t.Run("more visits than cached", func(t *testing.T) {
		if got := query(base, nil, 64).Analyses[0]; got.Cache == nil || got.Cache.Hit {
			t.Errorf("cache %+v, want a miss for 64 > 48 visits", got.Cache)
		}
	})
}

// TestAnalyzeShapes covers topK, includes, analyzeTurns and a finished game.
func TestAnalyzeShapes(t *testing.T) {
	t.Parallel()
	ts := start(t, newDatabase(t), options{noWorker: true})
	var res analyzeResponse
	code := ts.do("POST", "/v1/analyze", `{"id":"x","moves":["C3","E3","C5","E5","E5-E4:N"],"maxVisits":16,"topK":3,"analyzeTurns":[0,4,5]}`, &res)
	if code != 200 || res.ID != "x" || len(res.Analyses) != 3 {
		t.Fatalf("%d %+v", code, res)
	}
	for i, turn := range []int{0, 4, 5} {
		a := res.Analyses[i]
		if a.TurnNumber != turn || len(a.MoveInfos) != 3 || a.Ownership != nil || a.Policy != nil || a.Reachability != nil || a.ID != "x" {
			t.Errorf("turn %d: %+v", turn, a)
		}
	}
	if res.Analyses[1].RootInfo.CurrentPlayer != "red" || res.Analyses[2].RootInfo.CurrentPlayer != "blue" {
		t.Errorf("players to move: %s %s", res.Analyses[1].RootInfo.CurrentPlayer, res.Analyses[2].RootInfo.CurrentPlayer)
	}
	finished := `{"board":{"stones":{"red":["E7","F2","G4","E3"],"blue":["A1","B4","A6","B2"]},"walls":[{"square":"C1","side":"E","by":"red"},{"square":"C2","side":"E","by":"blue"},{"square":"C3","side":"E","by":"red"},{"square":"C4","side":"E","by":"blue"},{"square":"C5","side":"E","by":"red"},{"square":"C6","side":"E","by":"blue"}],"toMove":"red","phase":"play"},"moves":["E7-D7:W"],"maxVisits":10}`
	if code := ts.do("POST", "/v1/analyze", finished, &res); code != 200 || res.Analyses[0].RootInfo.Phase != "over" || len(res.Analyses[0].MoveInfos) != 0 {
		t.Errorf("finished game: %d %+v", code, res.Analyses)
	}
}

// TestAnalyzeBadInput: every bad request gets a 4xx JSON error naming the
// field or move and the reason, and nothing is written to the database.
func TestAnalyzeBadInput(t *testing.T) {
	t.Parallel()
	ts := start(t, newDatabase(t), options{noWorker: true, maxBody: 4096})
	big := `{"moves":["` + strings.Repeat("C3", 3000) + `"]}`
	type badCase struct {
		name, body  string
		status      int
		code, field string
		reason      string
	}
	cases := []badCase{
		{"malformed", `{"moves":["C3",}`, 400, "invalid", "moves[1]", "malformed JSON"},
		{"truncated", `{"moves":["C3"`, 400, "invalid", "moves", "ends inside an array"},
		{"empty", ``, 400, "invalid", "", "empty"},
		{"not an object", `[1,2]`, 400, "invalid", "", "expected an object"},
		{"trailing data", `{"moves":[]} {}`, 400, "invalid", "", "unexpected data"},
		{"unknown field", `{"moves":[],"visits":10}`, 400, "invalid", "visits", "unknown field"},
		{"unknown rules field", `{"rules":{"colour":"red"},"moves":[]}`, 400, "invalid", "rules.colour", "unknown field"},
		{"wrong type", `{"moves":[],"maxVisits":"many"}`, 400, "invalid", "maxVisits", "expected a whole number"},
		{"bad rules", `{"rules":{"players":5},"moves":[]}`, 400, "invalid", "rules.players", "not supported"},
		{"illegal move", `{"moves":["C3","E3","C5","E5","E5-E1:N"]}`, 400, "invalid", "moves[4]", "not reachable"},
		{"occupied", `{"moves":["C3","C3"]}`, 400, "invalid", "moves[1]", "already holds"},
		{"unparsable move", `{"moves":["C3","Z9"]}`, 400, "invalid", "moves[1]", "Z9"},
		{"wrong turn order", `{"moves":["R C3","R E3"]}`, 400, "invalid", "moves[1]", "blue is to move"},
		{"too many visits", `{"moves":["C3"],"maxVisits":100000}`, 400, "invalid", "maxVisits", "outside 1..10000"},
		{"negative visits", `{"moves":["C3"],"maxVisits":-1}`, 400, "invalid", "maxVisits", "outside"},
		{"turn outside", `{"moves":["C3"],"analyzeTurns":[0,2]}`, 400, "invalid", "analyzeTurns[1]", "outside 0..1"},
		{"oversized body", big, 413, "too_large", "", "exceeds 4096 bytes"},
	}
	t.Run("cases", func(t *testing.T) { // returns when every parallel case is done
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				t.Parallel()
				var res api.ErrorResponse
				code := ts.do("POST", "/v1/analyze", tc.body, &res)
				if code != tc.status || res.Error.Code != tc.code || res.Error.Field != tc.field || !strings.Contains(res.Error.Message, tc.reason) {
					t.Errorf("got %d %+v; want %d %s field %q reason %q", code, res.Error, tc.status, tc.code, tc.field, tc.reason)
				}
			})
		}
	})
	t.Run("nothing stored", func(t *testing.T) {
		n, err := ts.store.CountAnalyses(t.Context())
		if err != nil || n != 0 {
			t.Errorf("%d cached analyses after bad requests (%v)", n, err)
		}
	})
	t.Run("unknown route and method", func(t *testing.T) {
		var res api.ErrorResponse
		if code := ts.do("GET", "/v1/nothing", nil, &res); code != 404 || res.Error.Code != "not_found" {
			t.Errorf("unknown route: %d %+v", code, res)
		}
		if code := ts.do("GET", "/v1/analyze", nil, &res); code != 405 {
			t.Errorf("GET /v1/analyze: %d %+v", code, res)
		}
	})
}
