package api

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/wallzero/wallzero/api/pictures"
	"github.com/wallzero/wallzero/service/jobs"
)

// svgCounts parses an SVG document and counts its elements by their first
// class ("stone", "wall", "reach", ...).
func svgCounts(t *testing.T, doc []byte) map[string]int {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(doc))
	counts := map[string]int{}
	root := true
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not XML: %v\n%s", err, doc)
		}
		if se, ok := tok.(xml.StartElement); ok {
			if root && se.Name.Local != "svg" {
				t.Fatalf("root <%s>, want <svg>", se.Name.Local)
			}
			root = false
			for _, a := range se.Attr {
				if a.Name.Local == "class" {
					for _, c := range strings.Fields(a.Value) {
						counts[c]++
					}
				}
			}
		}
	}
	return counts
}

func TestBoardSVG(t *testing.T) {
	t.Parallel()
	srv := startPictureServer(t, false)
	record := `{"rules":{"opening":"four-stone"},"moves":["C3","E3","C5","E5","E5-E4:N"]}`
	own := strings.TrimSuffix(strings.Repeat("0.5,", 49), ",")
	cases := []struct {
		name  string
		query url.Values
		want  map[string]int // element counts by class
	}{
		{"moves", url.Values{"moves": {"C3,E3,C5,E5,E5-E4:N"}}, map[string]int{"stone": 8, "wall": 1, "last-move": 1, "reach": 0}},
		{"record", url.Values{"record": {record}}, map[string]int{"stone": 8, "wall": 1, "last-move": 1}},
		{"turn and no last move", url.Values{"record": {record}, "turn": {"2"}, "last": {"false"}}, map[string]int{"stone": 6, "wall": 0, "last-move": 0}},
		{"start", url.Values{"opening": {"empty"}}, map[string]int{"stone": 0, "last-move": 0}},
		{"three players", url.Values{"players": {"3"}, "moves": {"A3,A2,C6,C5,A1,F5"}, "includeReachability": {"1"}}, map[string]int{"stone": 6, "shared": 8, "red-only": 11}},
		{"overlays", url.Values{"moves": {"C3,E3,C5,E5,E5-E4:N"}, "includeReachability": {"true"}, "territory": {"1"}, "ownership": {own},
			"candidates": {"E3-E2:N@0.6,C5-C6:E"}, "played": {"F6-F5:W@0.4"}, "distances": {"E3"}},
			map[string]int{"candidate": 3, "played": 1, "label": 2, "own": 49, "dist-origin": 1}},
		{"board", url.Values{"board": {`{"stones":{"red":["B6","F2","C3","E5"],"blue":["B2","F6","E3","C5"]},"walls":[{"square":"E5","side":"N","by":"red"}],"toMove":"blue","phase":"play"}`}, "moves": {"E3-E2:S"}},
			map[string]int{"stone": 8, "wall": 2, "last-move": 1}},
		{"analyze", url.Values{"moves": {"C3,E3,C5,E5"}, "topK": {"3"}, "maxVisits": {"16"}, "ownership": {"true"}}, map[string]int{"candidate": 3, "label": 3}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			status, ct, body := pictureGet(t, srv.URL+"/v1/render/board.svg?"+tc.query.Encode())
			if status != http.StatusOK || ct != pictures.SVGType {
				t.Fatalf("status %d, type %q: %s", status, ct, body)
			}
			got := svgCounts(t, body)
			for class, n := range tc.want {
				if got[class] != n {
					t.Errorf("%d elements of class %q, want %d", got[class], class, n)
				}
			}
			if tc.name == "analyze" && got["own"] == 0 {
				t.Error("ownership=true drew no predicted ownership")
			}
		})
	}
}

func TestBoardSVGErrors(t *testing.T) {
	t.Parallel()
	srv := startPictureServer(t, false)
	cases := []struct {
		name   string
		query  string
		status int
		field  string
	}{
		{"unknown parameter", "moves=C3&colour=red", 400, "colour"},
		{"a name the record does not use", "moves=C3&analyze=2", 400, "analyze"},
		{"repeated parameter", "moves=C3&moves=E3", 400, "moves"},
		{"illegal move", "moves=C3,E3,C5,E5,E5-E1:N", 400, "moves[4]"},
		{"empty move", "moves=C3,,E3", 400, "moves[1]"},
		{"record and moves", "record=%7B%7D&moves=C3", 400, "moves"},
		{"bad record", "record=%7B%22moves%22:3%7D", 400, "record.moves"},
		{"bad rules", "players=5", 400, "players"},
		{"bad players", "players=two", 400, "players"},
		{"board unknown field", "board=%7B%22colour%22:1%7D", 400, "board.colour"},
		{"turn out of range", "moves=C3&turn=2", 400, "turn"},
		{"bad bool", "includeReachability=maybe", 400, "includeReachability"},
		{"bad last", "last=maybe", 400, "last"},
		{"bad ownership", "ownership=1,2", 400, "ownership"},
		{"bad candidates", "candidates=E5-E9:N", 400, "candidates"},
		{"bad played", "played=E5-E4:N@2", 400, "played"},
		{"distances from an empty square", "distances=D4", 400, "distances"},
		{"distances not a square", "distances=Z9", 400, "distances"},
		{"illegal reachDiff", "moves=C3,E3,C5,E5&reachDiff=E5-A1:N", 400, "reachDiff"},
		{"bad reachDiff", "reachDiff=E5-E9:N", 400, "reachDiff"},
		{"topK too many", "topK=99", 400, "topK"},
		{"maxVisits without analysis", "maxVisits=10", 400, "maxVisits"},
		{"maxVisits too many", "topK=1&maxVisits=100000", 400, "maxVisits"},
		{"too many moves", "moves=" + strings.TrimSuffix(strings.Repeat("C3,", 401), ","), 413, "moves"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			status, ct, body := pictureGet(t, srv.URL+"/v1/render/board.svg?"+tc.query)
			if status != tc.status || !strings.HasPrefix(ct, "application/json") {
				t.Fatalf("status %d (%s), want %d: %s", status, ct, tc.status, body)
			}
			var e ErrorResponse
			if err := json.Unmarshal(body, &e); err != nil {
				t.Fatal(err)
			}
			if e.Error.Field != tc.field || e.Error.Message == "" {
				t.Errorf("error %+v, want field %q and a message", e.Error, tc.field)
			}
		})
	}
}

// TestReviewWinrateSVGNotDone asks for the curve of a queued review.
func TestReviewWinrateSVGNotDone(t *testing.T) {
	t.Parallel()
	srv := startPictureServerWorker(t, true, false)
	res, err := http.Post(srv.URL+"/v1/reviews", "application/json", strings.NewReader(`{"moves":["C3","E3"]}`))
	if err != nil {
		t.Fatal(err)
	}
	var job jobs.Job
	json.NewDecoder(res.Body).Decode(&job)
	res.Body.Close()
	status, _, body := pictureGet(t, srv.URL+"/v1/reviews/"+job.ID+"/winrate.svg")
	var e ErrorResponse
	json.Unmarshal(body, &e)
	if status != http.StatusConflict || e.Error.Code != "conflict" || !strings.Contains(e.Error.Message, "is queued (0 of 3 positions analysed)") {
		t.Errorf("winrate.svg of a queued review: %d %s, want 409 saying it is queued", status, body)
	}
}

// TestReviewWinrateSVG runs a review through PostgreSQL and the worker
// and draws its curve.
func TestReviewWinrateSVG(t *testing.T) {
	t.Parallel()
	srv := startPictureServer(t, true)
	body := `{"rules":{"opening":"four-stone"},"moves":["C3","E3","C5","E5","E5-E4:N","E3-E2:S"],"maxVisits":16}`
	res, err := http.Post(srv.URL+"/v1/reviews", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var job jobs.Job
	json.NewDecoder(res.Body).Decode(&job)
	res.Body.Close()
	if res.StatusCode != http.StatusAccepted || job.ID == "" {
		t.Fatalf("POST /v1/reviews: %d %+v", res.StatusCode, job)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	for {
		r, err := srv.svc.Jobs().Review(ctx, job.ID)
		if err != nil {
			t.Fatal(err)
		}
		if r.Status == "succeeded" {
			break
		}
		if r.Status == "failed" || r.Status == "cancelled" || ctx.Err() != nil {
			t.Fatalf("review %s: %s %s", job.ID, r.Status, r.Error)
		}
		time.Sleep(100 * time.Millisecond)
	}
	status, ct, doc := pictureGet(t, srv.URL+"/v1/reviews/"+job.ID+"/winrate.svg?current=3")
	if status != http.StatusOK || ct != pictures.SVGType {
		t.Fatalf("winrate.svg: %d %s: %s", status, ct, doc)
	}
	got := svgCounts(t, doc)
	if got["curve"] != 1 || got["setup-phase"] != 1 || got["current"] != 1 || got["fifty"] != 1 {
		t.Errorf("counts %v: want a curve, the setup phase, the current ply and the 50%% line", got)
	}
	for _, tc := range []struct {
		path   string
		status int
		field  string
	}{
		{"/v1/reviews/" + job.ID + "/winrate.svg?current=7", 400, "current"},
		{"/v1/reviews/" + job.ID + "/winrate.svg?current=x", 400, "current"},
		{"/v1/reviews/00000000-0000-0000-0000-000000000000/winrate.svg", 404, "id"},
	} {
		status, _, body := pictureGet(t, srv.URL+tc.path)
		var e ErrorResponse
		json.Unmarshal(body, &e)
		if status != tc.status || e.Error.Field != tc.field {
			t.Errorf("%s: %d %s, want %d naming %q", tc.path, status, body, tc.status, tc.field)
		}
	}
}

// svgNamespace is the XML namespace of SVG elements.
const svgNamespace = "http://www.w3.org/2000/svg"

func TestPage(t *testing.T) {
	t.Parallel()
	srv := startPictureServer(t, false)
	for _, tc := range []struct {
		path, ctype, contains string
		status                int
	}{
		{"/", "text/html; charset=utf-8", `<script type="module" src="/web/dist/board.js"`, 200},
		{"/analysis", "text/html; charset=utf-8", `data-mode-button="play"`, 200},
		{"/review", "text/html; charset=utf-8", `id="panel-review"`, 200},
		{"/web/dist/board.js", "text/javascript; charset=utf-8", "text/event-stream", 200},
		{"/web/dist/report.js", "text/javascript; charset=utf-8", "/v1/render/board.svg", 200},
		{"/web/board.css", "text/css; charset=utf-8", "--blunder", 200},
		{"/web/src/main.ts", "application/json; charset=utf-8", "not_found", 404},
		{"/web/nothing.js", "application/json; charset=utf-8", "not_found", 404},
		{"/web/..%2Fpage.go", "application/json; charset=utf-8", "not_found", 404},
	} {
		status, ct, body := pictureGet(t, srv.URL+tc.path)
		if status != tc.status || ct != tc.ctype || !bytes.Contains(body, []byte(tc.contains)) {
			t.Errorf("%s: %d %q, want %d %q containing %q", tc.path, status, ct, tc.status, tc.ctype, tc.contains)
		}
	}
	var files []string
	err := fs.WalkDir(webFiles, "web", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, p)
		}
		return err
	})
	if err != nil || len(files) < 7 {
		t.Fatalf("embedded web files: %v %v", files, err)
	}
	for _, f := range files {
		data, _ := webFiles.ReadFile(f)
		// The SVG namespace is a name, not an address: nothing is fetched
		// from it, so it is the one http:// string a page may hold.
		data = bytes.ReplaceAll(data, []byte(svgNamespace), nil)
		for _, bad := range []string{"http://", "https://", "//cdn", "@import"} {
			if bytes.Contains(data, []byte(bad)) {
				t.Errorf("%s mentions %q: the page must load nothing from other hosts", f, bad)
			}
		}
	}
}
