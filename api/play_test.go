package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/player"
	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/search"
	"github.com/wallzero/wallzero/search/mctsplayer"
	"github.com/wallzero/wallzero/service/levels"
	"github.com/wallzero/wallzero/service/play"
)

// testLevels are the levels of the play tests: Voronoi players and the
// heuristic evaluator under search (the test server has no network), one
// level for two players only, and two searches far too big for their time
// budget (the cap ends one; the other lasts until the client goes away).
const testLevels = `{"levels": [
 {"id": "beginner", "name": "Beginner", "spec": "voronoi-easy", "player": "voronoi-easy",
  "rating": {"elo": -560, "ci95": [-640, -480], "games": 200, "anchorGames": 200}, "maxMoveMs": 1000, "players": [2, 3, 4]},
 {"id": "casual", "name": "Casual", "spec": "voronoi-medium", "player": "voronoi-medium",
  "rating": {"elo": -180, "ci95": [-210, -140], "games": 2100, "anchorGames": 200}, "maxMoveMs": 1000, "players": [2, 3, 4]},
 {"id": "duo", "name": "Duo", "spec": "voronoi-hard", "player": "voronoi-hard",
  "rating": {"elo": 0, "ci95": [0, 0], "games": 6500, "anchorGames": 400}, "maxMoveMs": 1000, "players": [2]},
 {"id": "searcher", "name": "Searcher", "spec": "mcts:visits=32,model=heuristic", "player": "heuristic mcts:visits=32,score=1",
  "rating": {"elo": 100, "ci95": [0, 200], "games": 100, "anchorGames": 100}, "maxMoveMs": 3000, "players": [2, 3, 4]},
 {"id": "capped", "name": "Capped", "spec": "mcts:visits=100000000,model=heuristic", "player": "heuristic mcts:visits=100000000,score=1",
  "rating": {"elo": 900, "ci95": [800, 1000], "games": 100, "anchorGames": 100}, "maxMoveMs": 1000, "players": [2]},
 {"id": "endless", "name": "Endless", "spec": "mcts:visits=100000000,model=heuristic", "player": "heuristic mcts:visits=100000000,score=1",
  "rating": {"elo": 1000, "ci95": [900, 1100], "games": 100, "anchorGames": 100}, "maxMoveMs": 60000, "players": [2]}
], "anchor": "voronoi-hard", "anchors": ["voronoi-hard"], "fitted": "2026-12-02", "command": "test"}`

// testPlayer builds the test levels' players: the built-in Voronoi
// players, and "mcts:visits=N,model=heuristic" searches over the
// heuristic evaluator.
func testPlayer(spec string, seed uint64) (player.Player, error) {
	if v, ok := strings.CutPrefix(spec, "mcts:visits="); ok {
		n, err := strconv.Atoi(strings.TrimSuffix(v, ",model=heuristic"))
		if err != nil {
			return nil, err
		}
		cfg := search.DefaultConfig()
		cfg.MaxVisits, cfg.Seed = n, seed
		return mctsplayer.NewPlayer(spec, inference.Heuristic{}, cfg)
	}
	return player.New(spec, seed)
}

// startPlay starts a test server with the test levels.
func startPlay(t *testing.T) *testServer {
	t.Helper()
	f, err := levels.Parse([]byte(testLevels))
	if err != nil {
		t.Fatal(err)
	}
	return start(t, newDatabase(t), options{noWorker: true, levels: f, newPlayer: testPlayer})
}

// playBody is a POST /v1/play body.
func playBody(level string, rules string, moves ...string) string {
	m, _ := json.Marshal(moves)
	if m == nil || string(m) == "null" {
		m = []byte("[]")
	}
	seed := uint64(7)
	b, _ := json.Marshal(map[string]any{"level": level, "moves": json.RawMessage(m), "rules": json.RawMessage(rules), "seed": seed})
	return string(b)
}

// breakRecord is a three-player game (empty opening) after which Casual
// (voronoi-medium, seed 7) breaks the wall on the north side of A3 and
// then, still to move, turns: found by playing voronoi-easy games and
// asking voronoi-medium at every position.
var breakRecord = []string{"F1", "G5", "D3", "F5", "C4", "C5", "C5-B4:E", "C4-C6:E", "F5-F3:W", "F1-G1:W", "G5-F4:W", "D3-D5:W",
	"G1-F2:E", "F4-E5:W", "F3-F5:W", "B4-B4:N", "C6-B6:W", "D5-D3:E", "B4-C3:N", "B6-C6:N", "D3-C2:N", "C3-A3:N", "C6-B7:S", "C2-B2:S"}

// TestPlay: every level plays a legal move for every player count it
// plays, within its time budget; the answer's ply and player are those
// of the record.
func TestPlay(t *testing.T) {
	t.Parallel()
	ts := startPlay(t)
	tests := []struct {
		level, rules string
		moves        []string
	}{
		{"beginner", `{}`, nil},
		{"beginner", `{"players":3}`, []string{"C3", "E5", "D4"}},
		{"casual", `{"players":4}`, nil},
		{"duo", `{}`, []string{"C3", "E3", "C5", "E5", "E5-E4:N"}},
		{"searcher", `{}`, []string{"C3", "E3", "C5", "E5"}},
		{"searcher", `{"players":3}`, breakRecord},
		{"capped", `{}`, []string{"C3", "E3", "C5", "E5", "E5-E4:N"}},
	}
	for _, tc := range tests {
		t.Run(tc.level+" "+tc.rules, func(t *testing.T) {
			t.Parallel()
			var m play.Move
			begin := time.Now()
			if code := ts.do("POST", "/v1/play", playBody(tc.level, tc.rules, tc.moves...), &m); code != http.StatusOK {
				t.Fatalf("status %d: %+v", code, m)
			}
			took := time.Since(begin)
			rec := engine.Record{Moves: append(append([]string{}, tc.moves...), m.Move)}
			if err := json.Unmarshal([]byte(tc.rules), &rec.Rules); err != nil {
				t.Fatal(err)
			}
			g, err := rec.Game()
			if err != nil {
				t.Fatalf("the level's move %q is not legal: %v", m.Move, err)
			}
			if m.Level != tc.level || m.Ply != len(tc.moves) || m.Player != g.Movers[len(tc.moves)].String() || m.Seed != 7 {
				t.Errorf("answer %+v: want level %s, ply %d, player %s, seed 7", m, tc.level, len(tc.moves), g.Movers[len(tc.moves)])
			}
			lv, _ := mustLevels(t).Find(tc.level)
			if m.ElapsedMs > int64(lv.MaxMoveMs) || took > lv.MaxMove()+time.Second {
				t.Errorf("the move took %d ms (%v round trip), the budget is %d ms", m.ElapsedMs, took, lv.MaxMoveMs)
			}
		})
	}
}

// mustLevels parses the test levels.
func mustLevels(t *testing.T) *levels.File {
	t.Helper()
	f, err := levels.Parse([]byte(testLevels))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestPlayBreakThenTurn: with three players a level's wall break comes
// back as a move of its own, mid-turn, and the next call (the break
// appended) completes the same player's turn.
func TestPlayBreakThenTurn(t *testing.T) {
	t.Parallel()
	ts := startPlay(t)
	var first, second play.Move
	if code := ts.do("POST", "/v1/play", playBody("casual", `{"players":3}`, breakRecord...), &first); code != http.StatusOK {
		t.Fatalf("status %d", code)
	}
	if !strings.HasPrefix(first.Move, "x") || !first.MidTurn || first.GameOver {
		t.Fatalf("first answer %+v: want a break (x...) leaving the player mid-turn", first)
	}
	moves := append(append([]string{}, breakRecord...), first.Move)
	if code := ts.do("POST", "/v1/play", playBody("casual", `{"players":3}`, moves...), &second); code != http.StatusOK {
		t.Fatalf("status %d", code)
	}
	if strings.HasPrefix(second.Move, "x") || second.MidTurn || second.Player != first.Player || second.Ply != first.Ply+1 {
		t.Fatalf("second answer %+v after %+v: want the same player's turn, not mid-turn", second, first)
	}
	if _, err := (engine.Record{Rules: engine.Rules{Players: 3}, Moves: append(moves, second.Move)}).Game(); err != nil {
		t.Fatalf("the turn after the break is not legal: %v", err)
	}
}

// TestPlayRefusals: bad requests are refused with 400 naming the field:
// an unknown level (listing the valid ids), an illegal record, too many
// players for the level, a finished game.
func TestPlayRefusals(t *testing.T) {
	t.Parallel()
	ts := startPlay(t)
	finished := `{"rules":{"opening":"empty"},"board":{"stones":{"red":["A1","B1","C1","D1"],"blue":["A2","E5","F5","G5"]},"walls":[` +
		`{"square":"B2","side":"N","by":"red"},{"square":"C2","side":"N","by":"red"},{"square":"D2","side":"N","by":"red"},` +
		`{"square":"E2","side":"N","by":"red"},{"square":"F2","side":"N","by":"red"},{"square":"G2","side":"N","by":"red"}],` +
		`"toMove":"blue","phase":"play"},"moves":["A2-A3:S"],"level":"beginner"}`
	tests := []struct {
		name, body, field, contains string
	}{
		{"unknown level", playBody("grandmaster", `{}`), "level", "beginner, casual, duo, searcher, capped, endless"},
		{"no level", `{"moves":[]}`, "level", "missing"},
		{"illegal move", playBody("beginner", `{}`, "C3", "E3", "C3"), "moves[2]", "C3"},
		{"unparsable move", playBody("beginner", `{}`, "C3", "Z9"), "moves[1]", ""},
		{"too many players", playBody("duo", `{"players":3}`), "rules.players", "games of 2 players, not 3"},
		{"too many players for a search", playBody("capped", `{"players":4}`), "rules.players", "games of 2 players, not 4"},
		{"bad players", playBody("beginner", `{"players":5}`), "rules.players", ""},
		{"game over", finished, "moves", "over"},
		{"unknown field", `{"level":"beginner","moves":[],"depth":3}`, "depth", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var e struct {
				Error struct{ Code, Field, Message string }
			}
			if code := ts.do("POST", "/v1/play", tc.body, &e); code != http.StatusBadRequest {
				t.Fatalf("status %d, want 400: %+v", code, e)
			}
			if e.Error.Field != tc.field || !strings.Contains(e.Error.Message, tc.contains) {
				t.Errorf("error %+v: want field %q and a message containing %q", e.Error, tc.field, tc.contains)
			}
		})
	}
}

// TestPlayClientGoneStopsSearch: a client that goes away stops the
// level's search: its admission slot is free again at once.
func TestPlayClientGoneStopsSearch(t *testing.T) {
	t.Parallel()
	ts := startPlay(t)
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "POST", ts.url+"/v1/play", bytes.NewBufferString(playBody("endless", `{}`)))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if res, err := http.DefaultClient.Do(req); err == nil {
		res.Body.Close()
		t.Fatalf("the endless level answered %d", res.StatusCode)
	}
	deadline := time.Now().Add(5 * time.Second)
	for ts.svc.Admission().Stats().Searching > 0 {
		if time.Now().After(deadline) {
			t.Fatal("the search still holds its slot 5 s after the client went away")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if st := ts.svc.Admission().Stats(); st.Admitted != 1 {
		t.Errorf("admitted %d requests, want the one", st.Admitted)
	}
}

// TestLevels: GET /v1/levels lists the levels in the brief's shape; a
// service without levels says why.
func TestLevels(t *testing.T) {
	t.Parallel()
	ts := startPlay(t)
	var raw struct {
		Levels []map[string]json.RawMessage `json:"levels"`
	}
	if code := ts.do("GET", "/v1/levels", nil, &raw); code != http.StatusOK {
		t.Fatalf("status %d", code)
	}
	if len(raw.Levels) != 6 {
		t.Fatalf("%d levels, want 6", len(raw.Levels))
	}
	for _, k := range []string{"id", "name", "elo", "ci95", "games", "anchorGames", "maxMoveMs", "players"} {
		if _, ok := raw.Levels[0][k]; !ok {
			t.Errorf("level without %q: %v", k, raw.Levels[0])
		}
	}
	var v play.LevelsView
	ts.do("GET", "/v1/levels", nil, &v)
	if l := v.Levels[3]; l.ID != "searcher" || l.Elo != 100 || l.CI95 != [2]float64{0, 200} || l.AnchorGames != 100 || l.MaxMoveMs != 3000 || len(l.Players) != 3 {
		t.Errorf("searcher: %+v", l)
	}

	bare := start(t, newDatabase(t), options{noWorker: true})
	var none play.LevelsView
	if code := bare.do("GET", "/v1/levels", nil, &none); code != http.StatusOK || len(none.Levels) != 0 || none.Note == "" {
		t.Errorf("without levels: %d %+v, want 200, no levels and a note", code, none)
	}
	var e struct{ Error struct{ Code, Field string } }
	if code := bare.do("POST", "/v1/play", playBody("club", `{}`), &e); code != http.StatusBadRequest || e.Error.Field != "level" {
		t.Errorf("playing without levels: %d %+v, want 400 naming level", code, e)
	}
}
