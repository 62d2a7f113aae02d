package api_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/api/wire"
)

// post sends a JSON query with an Accept header and returns the response
// (the caller closes its body).
func post(t *testing.T, url, body, accept string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url+"/v1/analyze", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestAnalyzeStreaming: /v1/analyze streams partial analyses as
// server-sent events or JSON lines when Accept asks, and answers plain
// JSON otherwise; errors before the first event keep their status.
func TestAnalyzeStreaming(t *testing.T) {
	t.Parallel()
	ts := start(t, newDatabase(t), options{noWorker: true})
	const query = `{"id":"s","moves":["C3","E3","C5","E5"],"maxVisits":48,"topK":2,"reportDuringSearchEveryVisits":16}`

	t.Run("sse", func(t *testing.T) {
		t.Parallel()
		res := post(t, ts.url, query, "text/event-stream")
		defer res.Body.Close()
		if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream") {
			t.Fatalf("status %d, Content-Type %q", res.StatusCode, res.Header.Get("Content-Type"))
		}
		var events []string
		var visits []int
		var during []bool
		sc := bufio.NewScanner(res.Body)
		sc.Buffer(nil, 1<<22)
		event := ""
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				event = strings.TrimPrefix(line, "event: ")
				events = append(events, event)
			case strings.HasPrefix(line, "data: ") && event == "analysis":
				var a wire.Analysis
				if err := json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &a); err != nil {
					t.Fatal(err)
				}
				if a.IsDuringSearch == nil || a.ID != "s" {
					t.Fatalf("analysis without isDuringSearch or id: %s", line)
				}
				visits, during = append(visits, a.RootInfo.Visits), append(during, *a.IsDuringSearch)
			}
		}
		if got := strings.Join(events, ","); got != "analysis,analysis,analysis,done" {
			t.Errorf("events %s", got)
		}
		if len(visits) != 3 || visits[0] != 16 || visits[1] != 32 || visits[2] != 48 || !during[0] || !during[1] || during[2] {
			t.Errorf("visits %v, isDuringSearch %v", visits, during)
		}
	})

	t.Run("ndjson", func(t *testing.T) {
		t.Parallel()
		q := `{"id":"n","moves":["C3","E3","C5","E5"],"maxVisits":40,"reportDuringSearchEveryVisits":20,"includePVVisits":true,` +
			`"avoidMoves":[{"player":"red","moves":["F2-E2:N"]}],"analyzeTurns":[3,4]}`
		res := post(t, ts.url, q, "application/json;q=0.5, application/x-ndjson")
		defer res.Body.Close()
		if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/x-ndjson") {
			t.Fatalf("status %d, Content-Type %q", res.StatusCode, res.Header.Get("Content-Type"))
		}
		var got []string
		sc := bufio.NewScanner(res.Body)
		sc.Buffer(nil, 1<<22)
		for sc.Scan() {
			var a wire.Analysis
			if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
				t.Fatal(err)
			}
			for _, mi := range a.MoveInfos {
				if mi.Move == "F2-E2:N" || len(mi.PVVisits) != len(mi.PV) || mi.Visits == 0 {
					t.Errorf("move %+v", mi)
				}
			}
			got = append(got, fmt.Sprintf("%d/%d/%v", a.TurnNumber, a.RootInfo.Visits, *a.IsDuringSearch))
		}
		// Turn 3 (setup, blue to move) reports at 20, turn 4 at 20; the
		// finals come after the searches, in the order asked.
		if s := strings.Join(got, " "); s != "3/20/true 4/20/true 3/40/false 4/40/false" {
			t.Errorf("lines %s", s)
		}
	})

	t.Run("error-before-stream", func(t *testing.T) {
		t.Parallel()
		res := post(t, ts.url, `{"moves":["C3"],"analysisPVLen":100}`, "text/event-stream")
		defer res.Body.Close()
		var e struct{ Error struct{ Code, Field string } }
		data, _ := io.ReadAll(res.Body)
		if err := json.Unmarshal(data, &e); err != nil || res.StatusCode != 400 || e.Error.Code != "invalid" || e.Error.Field != "analysisPVLen" {
			t.Errorf("status %d, body %s", res.StatusCode, data)
		}
	})

	t.Run("plain-json", func(t *testing.T) {
		t.Parallel()
		// Another position than the streams': a cache hit from this answer
		// would leave them without partial results.
		res := post(t, ts.url, strings.Replace(query, `"E5"]`, `"E5"],"analyzeTurns":[3]`, 1), "")
		defer res.Body.Close()
		var out analyzeResponse
		data, _ := io.ReadAll(res.Body)
		if err := json.Unmarshal(data, &out); err != nil || res.StatusCode != 200 || len(out.Analyses) != 1 {
			t.Fatalf("status %d, body %.300s", res.StatusCode, data)
		}
		a := out.Analyses[0]
		if a.IsDuringSearch != nil || a.RootInfo.Visits != 48 || strings.Contains(string(data), "isDuringSearch") {
			t.Errorf("plain response %.300s", data)
		}
	})
}

// TestAnalyzeVisitedMovesAndCache: answers list visited moves only unless
// includeUnvisited asks, from a search and from the cache alike, with no
// win rate for unvisited moves; a query that changes the search
// (avoidMoves) bypasses the cache.
func TestAnalyzeVisitedMovesAndCache(t *testing.T) {
	t.Parallel()
	ts := start(t, newDatabase(t), options{noWorker: true})
	get := func(body string) (wire.Analysis, string) {
		t.Helper()
		res := post(t, ts.url, body, "application/json")
		defer res.Body.Close()
		data, _ := io.ReadAll(res.Body)
		var out analyzeResponse
		if err := json.Unmarshal(data, &out); err != nil || res.StatusCode != 200 || len(out.Analyses) != 1 {
			t.Fatalf("status %d: %.300s", res.StatusCode, data)
		}
		return out.Analyses[0], string(data)
	}
	const pos = `"rules":{"opening":"empty"},"moves":["A1","B3"],"maxVisits":12`
	for i, tc := range []struct {
		body      string
		hit       bool
		unvisited bool
	}{
		{`{` + pos + `}`, false, false},
		{`{` + pos + `}`, true, false},
		{`{` + pos + `,"includeUnvisited":true}`, true, true},
		{`{` + pos + `,"includeUnvisited":true,"avoidMoves":[{"player":"red","moves":["C3"]},{"player":"blue","moves":["C3"]}]}`, false, true},
	} {
		a, raw := get(tc.body)
		if hit := a.Cache != nil && a.Cache.Hit; hit != tc.hit {
			t.Errorf("query %d: cache hit %v, want %v", i, hit, tc.hit)
		}
		unvisited := 0
		for _, mi := range a.MoveInfos {
			if mi.Visits == 0 {
				unvisited++
			}
			if mi.Move == "C3" && i == 3 {
				t.Errorf("query %d: avoided move C3 listed", i)
			}
		}
		if (unvisited > 0) != tc.unvisited {
			t.Errorf("query %d: %d unvisited moves of %d", i, unvisited, len(a.MoveInfos))
		}
		var rawOut struct {
			Analyses []struct {
				MoveInfos []map[string]any `json:"moveInfos"`
			} `json:"analyses"`
		}
		if err := json.Unmarshal([]byte(raw), &rawOut); err != nil {
			t.Fatal(err)
		}
		for _, mi := range rawOut.Analyses[0].MoveInfos {
			_, hasWinrate := mi["winrate"]
			_, hasLCB := mi["lcb"]
			if visited := mi["visits"].(float64) > 0; hasWinrate != visited || hasLCB != visited {
				t.Errorf("query %d: move %v: winrate %v, lcb %v", i, mi["move"], hasWinrate, hasLCB)
			}
		}
		for _, mi := range a.MoveInfos {
			if mi.LCB < 0 || mi.LCB > 1 {
				t.Errorf("query %d: lcb %v", i, mi.LCB)
			}
		}
	}
}
