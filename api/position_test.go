package api_test

import (
	"encoding/json"
	"maps"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/service/access"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/records"
)

// TestPosition: POST /v1/position answers the final position of a record
// with its legal moves, in every phase, for the board that keeps no rules
// of its own; bad records are refused naming the field.
func TestPosition(t *testing.T) {
	t.Parallel()
	ts := start(t, newDatabase(t), options{noWorker: true})
	engineLegal := func(t *testing.T, body string) []string {
		t.Helper()
		var rec engine.Record
		if err := json.Unmarshal([]byte(body), &rec); err != nil {
			t.Fatal(err)
		}
		g, err := rec.Game()
		if err != nil {
			t.Fatal(err)
		}
		out := []string{}
		for _, m := range g.Final.LegalMoves(nil) {
			out = append(out, m.String())
		}
		return out
	}
	const breakBoard = `"rules":{"players":3},"board":{"stones":{"red":["C3","E5"],"blue":["A7","G1"],"green":["A1","G7"]},` +
		`"walls":[{"square":"C3","side":"N","by":"blue"}],"toMove":"red","phase":"play"}`
	const settledRed = `"rules":{"players":3},"board":{"stones":{"red":["A1","A2"],"blue":["C3","E5"],"green":["D4","F6"]},` +
		`"walls":[{"square":"A2","side":"N","by":"red"},{"square":"A1","side":"E","by":"red"},{"square":"A2","side":"E","by":"red"}],"toMove":"blue","phase":"play",` +
		`"breaksUsed":["red"]}` // settled with its break used: skipped
	tests := []struct {
		name       string
		body       string
		phase      string
		toMove     string
		midTurn    bool
		setup      records.SetupProgress
		legalCount int // -1: those of the engine's replay
		movers     []string
		skipped    []records.SkippedTurns
		breaksUsed []string
		winners    []string // finished games
	}{
		{"empty opening start", `{"rules":{"opening":"empty"},"moves":[]}`, "setup", "red", false, records.SetupProgress{Done: 0, Total: 8}, 49, []string{}, []records.SkippedTurns{}, nil, nil},
		{"four-stone start", `{"moves":[]}`, "setup", "red", false, records.SetupProgress{Done: 0, Total: 4}, 45, []string{}, []records.SkippedTurns{}, nil, nil},
		{"play phase", `{"moves":["C3","E3","C5","E5","E5-E4:N"]}`, "play", "blue", false, records.SetupProgress{Done: 4, Total: 4}, -1,
			[]string{"red", "blue", "blue", "red", "red"}, []records.SkippedTurns{}, nil, nil},
		{"three players mid-turn", `{` + breakBoard + `,"moves":["xC3:N"]}`, "play", "red", true, records.SetupProgress{Done: 6, Total: 6}, -1,
			[]string{"red"}, []records.SkippedTurns{}, []string{"red"}, nil},
		{"three players after the break", `{` + breakBoard + `,"moves":["xC3:N","C3-C4:N"]}`, "play", "blue", false, records.SetupProgress{Done: 6, Total: 6}, -1,
			[]string{"red", "red"}, []records.SkippedTurns{}, []string{"red"}, nil},
		{"settled red skipped", `{` + settledRed + `,"moves":["C3-C3:N","D4-D4:N"]}`, "play", "blue", false, records.SetupProgress{Done: 6, Total: 6}, -1,
			[]string{"blue", "green"}, []records.SkippedTurns{{Ply: 2, Players: []string{"red"}}}, []string{"red"}, nil},
		{"finished", `{"rules":{"opening":"empty"},"board":{"stones":{"red":["A1","B1","C1","D1"],"blue":["A2","E5","F5","G5"]},"walls":[` +
			`{"square":"B2","side":"N","by":"red"},{"square":"C2","side":"N","by":"red"},{"square":"D2","side":"N","by":"red"},` +
			`{"square":"E2","side":"N","by":"red"},{"square":"F2","side":"N","by":"red"},{"square":"G2","side":"N","by":"red"}],` +
			`"toMove":"blue","phase":"play"},"moves":["A2-A3:S"]}`, "over", "", false, records.SetupProgress{Done: 8, Total: 8}, 0,
			[]string{"blue"}, []records.SkippedTurns{}, nil, []string{"blue"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var raw map[string]json.RawMessage
			if code := ts.do("POST", "/v1/position", tc.body, &raw); code != http.StatusOK {
				t.Fatalf("status %d: %s", code, raw["error"])
			}
			want := []string{"board", "legalMoves", "midTurn", "movers", "phase", "plies", "rules", "setup", "skipped", "territory", "toMove"}
			if tc.phase == "over" {
				want = slices.DeleteFunc(append(want, "result"), func(k string) bool { return k == "toMove" })
			}
			if keys := slices.Sorted(maps.Keys(raw)); !slices.Equal(keys, slices.Sorted(slices.Values(want))) {
				t.Errorf("fields %v, want %v", keys, want)
			}
			var v records.PositionView
			data, _ := json.Marshal(raw)
			if err := json.Unmarshal(data, &v); err != nil {
				t.Fatal(err)
			}
			if v.Phase != tc.phase || v.ToMove != tc.toMove || v.MidTurn != tc.midTurn || v.Setup != tc.setup || v.Plies != len(v.Movers) {
				t.Errorf("phase %q, to move %q, mid-turn %v, setup %+v, plies %d", v.Phase, v.ToMove, v.MidTurn, v.Setup, v.Plies)
			}
			if tc.legalCount >= 0 && len(v.LegalMoves) != tc.legalCount {
				t.Errorf("%d legal moves, want %d", len(v.LegalMoves), tc.legalCount)
			}
			if tc.legalCount < 0 && !slices.Equal(v.LegalMoves, engineLegal(t, tc.body)) {
				t.Errorf("legal moves %v\nwant %v", v.LegalMoves, engineLegal(t, tc.body))
			}
			if !reflect.DeepEqual(v.Movers, tc.movers) || !reflect.DeepEqual(v.Skipped, tc.skipped) || !reflect.DeepEqual(v.Board.BreaksUsed, tc.breaksUsed) {
				t.Errorf("movers %v, skipped %+v, breaks used %v", v.Movers, v.Skipped, v.Board.BreaksUsed)
			}
			if tc.winners == nil && v.Result != nil || tc.winners != nil && (v.Result == nil || !reflect.DeepEqual(v.Result.Winners, tc.winners)) {
				t.Errorf("result %+v, want winners %v", v.Result, tc.winners)
			}
			if len(v.Territory) != v.Rules.Players {
				t.Errorf("territory %v for %d players", v.Territory, v.Rules.Players)
			}
		})
	}
}

// TestPositionErrors: a bad record is refused with the API's error shape,
// naming the field: the move, the diagram's field, the rules.
func TestPositionErrors(t *testing.T) {
	t.Parallel()
	ts := start(t, newDatabase(t), options{noWorker: true, maxBody: 64 << 10})
	tests := []struct {
		name   string
		body   string
		status int
		code   string
		field  string
		msg    string
	}{
		{"illegal move", `{"moves":["C3","E3","C5","E5","E5-E1:N"]}`, 400, "invalid", "moves[4]", "E1 is not reachable from E5"},
		{"occupied square", `{"moves":["C3","C3"]}`, 400, "invalid", "moves[1]", "already holds a red stone"},
		{"wall on the edge", `{"rules":{"opening":"empty"},"board":{"stones":{"red":["A1"]},"walls":[{"square":"C3","side":"N","by":"red"},{"square":"A1","side":"W","by":"red"}],"toMove":"blue","phase":"setup"},"moves":[]}`,
			400, "invalid", "board.walls[1]", "the W side of A1 is the board's edge"},
		{"bad side", `{"rules":{"opening":"empty"},"board":{"stones":{},"walls":[{"square":"C3","side":"Q","by":"red"}],"toMove":"red","phase":"setup"},"moves":[]}`,
			400, "invalid", "board.walls[0].side", ""},
		{"stone off the board", `{"rules":{"opening":"empty"},"board":{"stones":{"red":["A1","H8"]},"walls":[],"toMove":"blue","phase":"setup"},"moves":[]}`,
			400, "invalid", "board.stones.red[1]", "H8"},
		{"players", `{"rules":{"players":7},"moves":[]}`, 400, "invalid", "rules.players", "7 is not supported"},
		{"unknown field", `{"moves":[],"position":"x"}`, 400, "invalid", "position", "unknown field"},
		{"too many moves", `{"moves":[` + strings.Repeat(`"C3",`, analysis.DefaultLimits().MaxMoves) + `"C3"]}`, 413, "too_large", "moves", "at most"},
		{"body too large", `{"moves":["` + strings.Repeat("C", 70<<10) + `"]}`, 413, "too_large", "", "exceeds"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var e struct {
				Error struct{ Code, Field, Message string }
			}
			code := ts.do("POST", "/v1/position", tc.body, &e)
			if code != tc.status || e.Error.Code != tc.code || e.Error.Field != tc.field || !strings.Contains(e.Error.Message, tc.msg) {
				t.Errorf("got %d %+v; want %d %s %q containing %q", code, e.Error, tc.status, tc.code, tc.field, tc.msg)
			}
		})
	}
}

// TestPositionBypassesAdmission: POST /v1/position answers while every
// search slot is taken and no request may wait: it runs no search.
func TestPositionBypassesAdmission(t *testing.T) {
	t.Parallel()
	gate := make(chan struct{})
	ts := start(t, newDatabase(t), options{noWorker: true, gate: gate,
		admission: access.AdmissionConfig{MaxSearches: 1, MaxQueue: -1}})
	defer close(gate)
	done := make(chan int, 1)
	go func() {
		done <- ts.do("POST", "/v1/analyze", `{"moves":["C3"],"maxVisits":8}`, nil)
	}()
	for deadline := time.Now().Add(10 * time.Second); ts.svc.Admission().Stats().Searching != 1; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the gated analysis never took the slot")
		}
	}
	if code := ts.do("POST", "/v1/analyze", `{"moves":["E3"],"maxVisits":8}`, nil); code != http.StatusServiceUnavailable {
		t.Fatalf("a second analysis: %d, want 503 (the service is full)", code)
	}
	var v records.PositionView
	if code := ts.do("POST", "/v1/position", `{"moves":["C3"]}`, &v); code != http.StatusOK || v.ToMove != "blue" {
		t.Fatalf("position while full: %d %+v", code, v)
	}
	if st := ts.svc.Admission().Stats(); st.Admitted != 1 {
		t.Errorf("admitted %d requests, want 1 (the analysis only)", st.Admitted)
	}
	select {
	case code := <-done:
		t.Fatalf("the gated analysis ended early: %d", code)
	default:
	}
}
