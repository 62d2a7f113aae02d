package workspace_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/wallzero/wallzero/api/workspace"
	"github.com/wallzero/wallzero/store"
)

// hundredLines are 100 JSON lines of which line 57 plays an impossible
// move.
func hundredLines() []byte {
	var ls []string
	for i := range 100 {
		l := jsonLine(5+i%6, fmt.Sprintf("P%d", i%7), fmt.Sprintf("Q%d", i%5), "2026-11-01")
		if i == 56 {
			l = strings.Replace(l, `"E5-E4:N"`, `"E5-E9:N"`, 1)
		}
		ls = append(ls, l)
	}
	return lines(ls...)
}

// TestImportModes: a malformed line among 100 is named by its number and
// field; onError=reject stores nothing at all, onError=skip the 99 others,
// each with one review job queued behind the interactive ones.
func TestImportModes(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{noWorker: true})
	id := e.collection("", "class")
	body := hundredLines()

	var rejected struct {
		Error struct{ Code, Field, Message string }
	}
	if code := e.req("POST", "/v1/collections/"+id+"/games", "", "application/x-ndjson", body, &rejected); code != http.StatusBadRequest {
		t.Fatalf("reject: %d %+v", code, rejected)
	}
	if r := rejected.Error; r.Code != "invalid" || r.Field != "body" || !strings.Contains(r.Message, `line 57 moves[4]: "E5-E9:N"`) {
		t.Fatalf("reject: %+v", rejected)
	}
	for _, table := range []string{"ws_games", "ws_players", "ws_game_players", "jobs", "river_job"} {
		if n := e.count("SELECT count(*) FROM " + table); n != 0 {
			t.Errorf("after a rejected import %s has %d rows", table, n)
		}
	}

	var kept workspace.ImportResult
	start := time.Now()
	if code := e.req("POST", "/v1/collections/"+id+"/games?onError=skip", "", "application/x-ndjson", body, &kept); code != http.StatusCreated {
		t.Fatalf("skip: %d %+v", code, kept)
	}
	t.Logf("99 games imported with their review jobs in %v", time.Since(start).Round(time.Millisecond))
	if kept.Imported != 99 || len(kept.Games) != 99 || len(kept.Errors) != 1 || kept.Errors[0].Line != 57 {
		t.Fatalf("skip: imported %d, errors %+v", kept.Imported, kept.Errors)
	}
	if n := e.count("SELECT count(DISTINCT job_id) FROM ws_games"); n != 99 {
		t.Errorf("%d distinct review jobs, want 99", n)
	}
	if n := e.count("SELECT count(*) FROM river_job WHERE priority = 4 AND kind = 'wallzero_review'"); n != 99 {
		t.Errorf("%d background River jobs, want 99", n)
	}
	var c workspace.Collection
	if code := e.req("GET", "/v1/collections/"+id, "", "", nil, &c); code != http.StatusOK {
		t.Fatalf("GET: %d", code)
	}
	if c.Progress.Total != 99 || c.Progress.Done != 0 || c.Progress.Finished || len(c.Players) != 12 || len(c.Games) != 99 {
		t.Errorf("collection: progress %+v, %d players, %d games", c.Progress, len(c.Players), len(c.Games))
	}
}

// TestImportErrors: each kind of bad line is named with its reason, and
// the formats are read.
func TestImportErrors(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{noWorker: true})
	id := e.collection("", "class")
	body := lines(
		jsonLine(4, "Ana", "Ben", "2026-11-02"),
		`{"moves": "C3"}`,
		`not json`,
		strings.Replace(jsonLine(4, "Ana", "Ana", ""), `"date":""`, `"date":"yesterday"`, 1),
		`{"moves":["C3"],"players":{"purple":"Ana"}}`,
		`{"moves":["C3"],"result":"green"}`,
		`{"moves":[]}`,
	)
	var out workspace.ImportResult
	if code := e.req("POST", "/v1/collections/"+id+"/games?onError=skip", "", "application/jsonl", body, &out); code != http.StatusCreated {
		t.Fatalf("%d %+v", code, out)
	}
	want := map[int]string{2: "", 3: "", 4: "players.", 5: "players", 6: "result", 7: "moves"}
	if out.Imported != 1 || len(out.Errors) != len(want) {
		t.Fatalf("imported %d, errors %+v", out.Imported, out.Errors)
	}
	for _, p := range out.Errors {
		f, ok := want[p.Line]
		if !ok || !strings.HasPrefix(p.Field, f) || p.Message == "" {
			t.Errorf("line %d: field %q message %q", p.Line, p.Field, p.Message)
		}
	}
	// WGF records, players from the query; the wrong media type is refused.
	wgf := "2|A1:11,A2:55,B1:15,B2:51|A342,B344,B422,A424|\n"
	if code := e.req("POST", "/v1/collections/"+id+"/games?red=Cleo&blue=Dan", "", "application/x-wgf", []byte(wgf), &out); code != http.StatusCreated || out.Imported != 1 {
		t.Errorf("WGF: %d %+v", code, out)
	}
	if code := e.req("POST", "/v1/collections/"+id+"/games", "", "text/plain", []byte(wgf), nil); code != http.StatusUnsupportedMediaType {
		t.Errorf("text/plain: %d, want 415", code)
	}
	// A saved match game (wallzero match -save-games) imports as it is.
	saved := `{"game":0,"seed":1,"rules":{"players":2},"moves":["C3","E3","C5","E5","E5-E4:N"],"players":{"red":"level:club","blue":"level:novice"},"result":{"winner":"red","score":{"red":20,"blue":9}}}`
	if code := e.req("POST", "/v1/collections/"+id+"/games", "", "application/x-ndjson", []byte(saved), &out); code != http.StatusCreated || out.Imported != 1 {
		t.Errorf("saved game: %d %+v", code, out)
	}
	var c workspace.Collection
	e.req("GET", "/v1/collections/"+id, "", "", nil, &c)
	if len(c.Games) != 3 || c.Games[2].Winner != "red" || c.Games[2].Players["red"].Name != "level:club" {
		t.Errorf("games %+v", c.Games)
	}
}

// TestIsolation: key B gets 404 on everything of key A's, and lists
// nothing of it.
func TestIsolation(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{auth: true, noWorker: true})
	a, b := e.key("coach-a"), e.key("coach-b")
	id := e.collection(a, "A's class")
	var imp workspace.ImportResult
	if code := e.req("POST", "/v1/collections/"+id+"/games", a, "application/x-ndjson", lines(jsonLine(5, "Ana", "Ben", "")), &imp); code != http.StatusCreated {
		t.Fatalf("import: %d", code)
	}
	var c workspace.Collection
	e.req("GET", "/v1/collections/"+id, a, "", nil, &c)
	if len(c.Players) != 2 {
		t.Fatalf("players %+v", c.Players)
	}
	pl := c.Players[0].ID
	name := map[string]string{"name": "x"}
	for _, r := range []struct {
		method, path string
		body         any
	}{
		{"GET", "/v1/collections/" + id, nil},
		{"PATCH", "/v1/collections/" + id, name},
		{"DELETE", "/v1/collections/" + id, nil},
		{"POST", "/v1/collections/" + id + "/games", []byte(jsonLine(5, "X", "Y", ""))},
		{"GET", "/v1/collections/" + id + "/events", nil},
		{"POST", "/v1/collections/" + id + "/cancel", nil},
		{"POST", "/v1/collections/" + id + "/players", name},
		{"GET", "/v1/players/" + pl, nil},
		{"PATCH", "/v1/players/" + pl, name},
		{"DELETE", "/v1/players/" + pl, nil},
		{"GET", "/v1/players/" + pl + "/games", nil},
		{"GET", "/v1/players/" + pl + "/drills", nil},
		{"POST", "/v1/players/" + pl + "/drills/" + imp.Games[0].ID + "-4/answer", map[string]string{"rating": "good"}},
		{"GET", "/v1/reviews/" + imp.Games[0].Review, nil},
	} {
		if code := e.req(r.method, r.path, b, "application/x-ndjson", r.body, nil); code != http.StatusNotFound {
			t.Errorf("key B: %s %s: %d, want 404", r.method, r.path, code)
		}
	}
	var list workspace.CollectionList
	if e.req("GET", "/v1/collections", b, "", nil, &list); len(list.Collections) != 0 {
		t.Errorf("key B lists %+v", list.Collections)
	}
	if e.req("GET", "/v1/collections", a, "", nil, &list); len(list.Collections) != 1 || list.Collections[0].Name != "A's class" {
		t.Errorf("key A lists %+v", list.Collections)
	}
	if code := e.req("GET", "/v1/collections", "", "", nil, nil); code != http.StatusUnauthorized {
		t.Errorf("no key: %d, want 401", code)
	}
}

// TestReviewedCollection: a small collection is reviewed to completion in
// the background; the progress stream ends; the profile, drills and
// export read the reviews; deleting a player and then the collection
// leaves nothing of them in PostgreSQL.
func TestReviewedCollection(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{})
	id := e.collection("", "class")
	body := lines(jsonLine(10, "Ana", "Ben", "2026-11-03"), jsonLine(8, "Ben", "Ana", "2026-11-01"),
		jsonLine(9, "Ana", "Cleo", "2026-11-02"), jsonLine(7, "Cleo", "Ben", ""))
	var imp workspace.ImportResult
	if code := e.req("POST", "/v1/collections/"+id+"/games", "", "application/x-ndjson", body, &imp); code != http.StatusCreated {
		t.Fatalf("import: %d %+v", code, imp)
	}
	start := time.Now()
	c := e.waitFinished("", id, 2*time.Minute)
	t.Logf("4 games (34 positions) reviewed in the background in %v", time.Since(start).Round(time.Millisecond))
	e.waitRiverSettled(10 * time.Second)
	if c.Progress.Done != 4 || c.Progress.Total != 4 || c.Progress.Fraction != 1 || c.Progress.SecondsLeft != nil {
		t.Errorf("progress %+v", c.Progress)
	}
	for _, g := range c.Games {
		if g.ReviewStatus != "succeeded" {
			t.Errorf("game %d: review %s", g.Line, g.ReviewStatus)
		}
	}
	events := e.stream("/v1/collections/" + id + "/events")
	if len(events) != 1 || events[0].name != "end" || !strings.Contains(events[0].data, `"done":4`) {
		t.Errorf("events %+v", events)
	}

	ana := playerID(t, c, "Ana")
	var p workspace.Profile
	if code := e.req("GET", "/v1/players/"+ana, "", "", nil, &p); code != http.StatusOK {
		t.Fatalf("profile: %d", code)
	}
	if p.Name != "Ana" || len(p.Games) != 3 || p.Reviewed != 3 || p.Accuracy == nil || p.PointsLostPerMove == nil {
		t.Errorf("profile: %+v", p)
	}
	if p.Games[0].Date != "2026-11-01" || p.Games[0].Colour != "blue" || p.Games[0].Accuracy == nil {
		t.Errorf("first game %+v", p.Games[0])
	}
	if len(p.Comparison) != 3 || len(p.Openings) != 1 || p.Openings[0].Games != 3 || p.Rating == nil && p.RatingNote == "" {
		t.Errorf("comparison %+v openings %+v rating %v %q", p.Comparison, p.Openings, p.Rating, p.RatingNote)
	}
	for _, ph := range []string{"setup", "opening", "middlegame", "endgame"} {
		if _, ok := p.Mistakes.ByPhase[ph]; !ok {
			t.Errorf("no phase %s in %+v", ph, p.Mistakes.ByPhase)
		}
	}

	e.checkDrills(ana, c.Games[0].ID)
	e.checkExport(ana, 3)

	// Deleting Ana deletes her three games, their reviews and cards.
	jobs := e.count("SELECT count(*) FROM jobs")
	if code := e.req("DELETE", "/v1/players/"+ana, "", "", nil, nil); code != http.StatusNoContent {
		t.Fatalf("delete player: %d", code)
	}
	if n := e.count("SELECT count(*) FROM jobs"); n != jobs-3 {
		t.Errorf("%d jobs left of %d, want %d", n, jobs, jobs-3)
	}
	for q, want := range map[string]int{
		"SELECT count(*) FROM ws_players WHERE id = $1":             0,
		"SELECT count(*) FROM ws_game_players WHERE player_id = $1": 0,
		"SELECT count(*) FROM ws_cards WHERE player_id = $1":        0,
	} {
		if n := e.count(q, ana); n != want {
			t.Errorf("%s: %d", q, n)
		}
	}
	if n := e.count("SELECT count(*) FROM ws_games"); n != 1 {
		t.Errorf("%d games left, want 1", n)
	}
	if code := e.req("GET", "/v1/players/"+ana, "", "", nil, nil); code != http.StatusNotFound {
		t.Errorf("deleted player: %d", code)
	}
	// Deleting the collection leaves nothing of it.
	if code := e.req("DELETE", "/v1/collections/"+id, "", "", nil, nil); code != http.StatusNoContent {
		t.Fatalf("delete collection: %d", code)
	}
	for _, table := range []string{"ws_collections", "ws_players", "ws_games", "ws_game_players", "ws_cards", "jobs"} {
		if n := e.count("SELECT count(*) FROM " + table); n != 0 {
			t.Errorf("after deleting the collection %s has %d rows", table, n)
		}
	}
	// Every review had ended before the deletes, so none of their River
	// jobs is left.
	if n := e.count(`SELECT count(*) FROM river_job`); n != 0 {
		t.Errorf("%d River jobs left", n)
	}
}

func playerID(t *testing.T, c workspace.Collection, name string) string {
	t.Helper()
	for _, p := range c.Players {
		if p.Name == name {
			return p.ID
		}
	}
	t.Fatalf("no player %s in %+v", name, c.Players)
	return ""
}

// checkDrills: a player's cards list, and an answer schedules a card
// (when the reviews made no puzzle for the player, one of game's is added
// as the puzzles endpoint would).
func (e *env) checkDrills(player, game string) {
	t := e.t
	var d workspace.DrillList
	if code := e.req("GET", "/v1/players/"+player+"/drills", "", "", nil, &d); code != http.StatusOK {
		t.Fatalf("drills: %d", code)
	}
	if d.Pending != 0 || d.Due != len(d.Cards) {
		t.Errorf("drills: pending %d, due %d of %d", d.Pending, d.Due, len(d.Cards))
	}
	if code := e.req("POST", "/v1/players/"+player+"/drills/nope/answer", "", "", map[string]string{"rating": "good"}, nil); code != http.StatusNotFound {
		t.Errorf("unknown card: %d", code)
	}
	if len(d.Cards) == 0 {
		puzzle := `{"ply":5,"record":{"rules":{"players":2},"moves":["C3","E3","C5","E5","E5-E4:N"]},"player":"blue","played":"E3-D3:S","loss":0.2,"solution":"E3-E2:S","line":[],"margin":0.2,"proven":false}`
		if err := e.st.AddCards(context.Background(), 0, game, []store.NewCard{{PlayerID: player, Card: game + "-5", Puzzle: []byte(puzzle)}}); err != nil {
			t.Fatal(err)
		}
		if e.req("GET", "/v1/players/"+player+"/drills", "", "", nil, &d); len(d.Cards) != 1 || d.Due != 1 || !d.Cards[0].New {
			t.Fatalf("drills after adding a card: %+v", d)
		}
	}
	card := d.Cards[0]
	if code := e.req("POST", "/v1/players/"+player+"/drills/"+card.Card+"/answer", "", "", map[string]string{"rating": "meh"}, nil); code != http.StatusBadRequest {
		t.Errorf("bad rating: %d", code)
	}
	var got workspace.Drill
	if code := e.req("POST", "/v1/players/"+player+"/drills/"+card.Card+"/answer", "", "", map[string]string{"rating": "good"}, &got); code != http.StatusOK {
		t.Fatalf("answer: %d", code)
	}
	if got.New || got.State == nil || got.Answers != 1 || !got.Due.After(time.Now().Add(23*time.Hour)) {
		t.Errorf("answered card %+v", got)
	}
	// The card answered is no longer due and goes after those due.
	if e.req("GET", "/v1/players/"+player+"/drills", "", "", nil, &d); d.Due != len(d.Cards)-1 || d.Cards[len(d.Cards)-1].Card != card.Card {
		t.Errorf("drills after an answer: due %d of %d", d.Due, len(d.Cards))
	}
}

// checkExport: the export has one JSON line per game with its review,
// and imports again.
func (e *env) checkExport(player string, games int) {
	t := e.t
	resp, err := http.Get(e.base + "/v1/players/" + player + "/games")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/x-ndjson" {
		t.Fatalf("export: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	var body strings.Builder
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<22)
	n := 0
	for sc.Scan() {
		var l workspace.ExportLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatal(err)
		}
		var review struct {
			Moves []json.RawMessage `json:"moves"`
		}
		if l.Review != nil {
			if err := json.Unmarshal(l.Review, &review); err != nil {
				t.Fatalf("export line %d: review: %v", n, err)
			}
		}
		if l.Review == nil || len(review.Moves) != len(l.Moves) || l.Players["red"] == "" {
			t.Errorf("export line %d: review %v, players %v", n, l.Review != nil, l.Players)
		}
		body.WriteString(sc.Text() + "\n")
		n++
	}
	if n != games {
		t.Errorf("%d exported games, want %d", n, games)
	}
	again := e.collection("", "again")
	var imp workspace.ImportResult
	if code := e.req("POST", "/v1/collections/"+again+"/games", "", "application/x-ndjson", []byte(body.String()), &imp); code != http.StatusCreated || imp.Imported != games {
		t.Errorf("re-import: %d %+v", code, imp)
	}
	// The re-import's reviews end before it is deleted: a River job still
	// running at a delete is cancelled and its row left to River's
	// cleaner, which would blur the count of River jobs the caller's
	// deletes must leave (none).
	e.waitFinished("", again, 2*time.Minute)
	e.waitRiverSettled(10 * time.Second)
	if code := e.req("DELETE", "/v1/collections/"+again, "", "", nil, nil); code != http.StatusNoContent {
		t.Errorf("delete: %d", code)
	}
}

type event struct{ name, data string }

// stream reads a server-sent event stream to its end.
func (e *env) stream(path string) []event {
	e.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", e.base+path, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		e.t.Errorf("Content-Type %q", ct)
	}
	var out []event
	var cur event
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		switch l := sc.Text(); {
		case strings.HasPrefix(l, "event: "):
			cur.name = strings.TrimPrefix(l, "event: ")
		case strings.HasPrefix(l, "data: "):
			cur.data = strings.TrimPrefix(l, "data: ")
		case l == "":
			out = append(out, cur)
			cur = event{}
		}
	}
	return out
}
