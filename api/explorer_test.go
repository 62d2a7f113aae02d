package api_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/api"
	"github.com/wallzero/wallzero/internal/testkit/storetest"
	"github.com/wallzero/wallzero/service/explorer"
)

func TestOpeningsExplorer(t *testing.T) {
	t.Parallel()
	ts := start(t, newDatabase(t), options{noWorker: true})
	var res explorer.Result
	if code := ts.do("GET", "/v1/openings/explorer?opening=empty&moves=D4,%20C3", nil, &res); code != http.StatusOK {
		t.Fatalf("status %d", code)
	}
	if res.Opening != "empty" || len(res.Steps) != 3 || strings.Join(res.Moves, ",") != "D4,C3" || len(res.PlacementOrder) != 8 {
		t.Fatalf("answer: %+v", res)
	}
	last := res.Steps[2]
	if last.Placed != 2 || last.ToMove != "blue" || len(last.Placements) != 47 || last.RedWinrate == nil || !last.Computed {
		t.Fatalf("last step: %+v", last)
	}
	if got := strings.Join(last.Stones["red"], ",") + "|" + strings.Join(last.Stones["blue"], ","); got != "D4|C3" {
		t.Fatalf("stones %s", got)
	}
	// Read again: from the table, the same numbers.
	var again explorer.Result
	ts.do("GET", "/v1/openings/explorer?opening=empty&moves=D4,C3", nil, &again)
	if again.Steps[2].Computed || *again.Steps[2].RedWinrate != *last.RedWinrate || again.Steps[2].Placements[5] != last.Placements[5] {
		t.Fatalf("second read: %+v", again.Steps[2])
	}
	// The default opening is four-stone.
	var four explorer.Result
	if code := ts.do("GET", "/v1/openings/explorer", nil, &four); code != http.StatusOK || four.Opening != "four-stone" || len(four.Steps[0].Placements) != 45 {
		t.Fatalf("default: %d %+v", code, four.Opening)
	}
}

func TestOpeningsExplorerErrorsNameTheField(t *testing.T) {
	t.Parallel()
	db := newDatabase(t)
	ts := start(t, db, options{noWorker: true})
	for _, tc := range []struct{ query, field, says string }{
		{"opening=five", "opening", "not empty or four-stone"},
		{"moves=C3,,E3", "moves[1]", "empty move"},
		{"moves=C3,Q9", "moves[1]", "want a square"},
		{"moves=C3,X1", "moves[1]", "want a square"},
		{"moves=B6", "moves[0]", "B6"},
		{"moves=E5-E4:N", "moves[0]", "not a placement"},
		{"moves=C3,D3,E3,C4,D5", "moves[4]", "out of the placement phase"},
		{"movez=C3", "movez", "unknown query parameter"},
		{"moves=C3&moves=D3", "moves", "at most once"},
	} {
		var e api.ErrorResponse
		code := ts.do("GET", "/v1/openings/explorer?"+tc.query, nil, &e)
		if code != http.StatusBadRequest || e.Error.Field != tc.field || !strings.Contains(e.Error.Message, tc.says) {
			t.Errorf("%s: %d %+v, want 400 on %s saying %q", tc.query, code, e.Error, tc.field, tc.says)
		}
	}
	// Nothing was searched or stored for the bad queries (counted in SQL:
	// on PostgreSQL only).
	if db == memoryURL {
		return
	}
	if n := storetest.QueryInt(t, db, "SELECT count(*) FROM explorer_positions"); n != 0 {
		t.Fatalf("%d rows stored by bad queries", n)
	}
}

func TestOpeningsPageServed(t *testing.T) {
	t.Parallel()
	ts := start(t, newDatabase(t), options{noWorker: true})
	for _, tc := range []struct {
		path string
		code int
	}{{"/openings", 200}, {"/web/dist/openings.js", 200}, {"/openings/openings.js", 404}, {"/openings/openings.css", 200}, {"/openings/index.html", 404}, {"/openings/openings.go", 404}} {
		res, err := http.Get(ts.url + tc.path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != tc.code {
			t.Errorf("%s: %d, want %d", tc.path, res.StatusCode, tc.code)
		}
		if tc.code == 200 && res.Header.Get("Content-Security-Policy") == "" {
			t.Errorf("%s: no CSP", tc.path)
		}
	}
}
