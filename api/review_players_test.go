package api_test

import (
	"encoding/json"
	"encoding/xml"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/service/jobs"
)

// threePlayerGame is a whole three-player game of voronoi-medium with a
// wall break by each player and Green skipped once settled.
func threePlayerGame(t *testing.T) engine.Record {
	t.Helper()
	data, err := os.ReadFile("../service/jobs/testdata/three-player-game.json")
	if err != nil {
		t.Fatal(err)
	}
	var rec engine.Record
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	return rec
}

// playerColours are the stone colours the pictures draw each player in.
var playerColours = map[string]string{"red": "#d7263d", "blue": "#1b65c9", "green": "#2a9d3f", "yellow": "#e8b400"}

// TestReviewThreePlayers: POST /v1/reviews of a real three-player game
// with wall breaks succeeds through the worker on PostgreSQL with three
// curves (every player's win rate at every ply), every move and break
// reviewed for its mover, three players' accuracy; its picture draws one
// line per player in the player's colour.
func TestReviewThreePlayers(t *testing.T) {
	t.Parallel()
	ts := start(t, newDatabase(t), options{jobParallel: 2})
	ts.needsPostgres()
	rec := threePlayerGame(t)
	var j jobs.Job
	if code := ts.do("POST", "/v1/reviews", map[string]any{"id": "three", "rules": rec.Rules, "moves": rec.Moves, "maxVisits": 12}, &j); code != 202 {
		t.Fatalf("POST: %d %+v", code, j)
	}
	if done := ts.waitJob(j.ID, 2*time.Minute, "succeeded", "failed"); done.Status != "succeeded" {
		t.Fatalf("job %+v", done)
	}
	var rj jobs.ReviewJob
	if code := ts.do("GET", "/v1/reviews/"+j.ID, nil, &rj); code != 200 || rj.Result == nil {
		t.Fatalf("GET review: %d %+v", code, rj)
	}
	r := rj.Result
	if strings.Join(r.Players, ",") != "red,blue,green" || len(r.WinrateCurve) != len(rec.Moves)+1 || len(r.Moves) != len(rec.Moves) || r.Model != "heuristic-voronoi-v1" {
		t.Fatalf("players %v, %d points, %d moves, model %s", r.Players, len(r.WinrateCurve), len(r.Moves), r.Model)
	}
	for _, p := range r.WinrateCurve {
		if len(p.Winrates) != 3 || p.Winrates["red"] != p.RedWinrate {
			t.Fatalf("ply %d: %+v", p.Ply, p)
		}
	}
	breaks := 0
	for i, m := range r.Moves {
		if want := strings.Fields(rec.Moves[i])[1]; m.Move != want || m.Classification == "" || m.PlayedWinrate != r.WinrateCurve[i+1].Winrates[m.Player] {
			t.Errorf("move %d: %+v, want %s", i, m, want)
		}
		if strings.HasPrefix(m.Move, "x") {
			breaks++
			if r.Moves[i+1].Player != m.Player {
				t.Errorf("the break %s by %s is followed by %s", m.Move, m.Player, r.Moves[i+1].Player)
			}
		}
	}
	if breaks != 3 || len(r.Accuracy) != 3 || len(r.KeyMoves) != 3 || r.RatingEstimate != nil {
		t.Errorf("%d breaks, accuracy %v, key moves %v, rating %v", breaks, r.Accuracy, r.KeyMoves, r.RatingEstimate)
	}
	doc, err := httpGet(ts.url + "/v1/reviews/" + j.ID + "/winrate.svg")
	if err != nil {
		t.Fatal(err)
	}
	lines := map[string]string{}
	legend := 0
	dec := xml.NewDecoder(strings.NewReader(doc))
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		el, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		attr := map[string]string{}
		for _, a := range el.Attr {
			attr[a.Name.Local] = a.Value
		}
		switch {
		case el.Name.Local == "polyline" && strings.Contains(attr["class"], "curve"):
			lines[attr["data-player"]] = attr["stroke"]
		case strings.Contains(attr["class"], "legend-line"):
			legend++
		}
	}
	if len(lines) != 3 || legend != 3 {
		t.Fatalf("curves %v and %d legend entries; want three of each:\n%s", lines, legend, doc)
	}
	for p, stroke := range lines {
		if stroke != playerColours[p] {
			t.Errorf("%s's curve drawn in %s, want %s", p, stroke, playerColours[p])
		}
	}
}
