package api_test

import (
	"encoding/json"
	"encoding/xml"
	"math"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/wallzero/wallzero/api/wire"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/service/jobs"
)

// multiGame is a whole three- or four-player game of the test data.
type multiGame struct {
	name string
	// file is under service/jobs/testdata.
	file string
	// players are its colours in turn order.
	players []string
	// breaks is the number of wall breaks it has.
	breaks int
}

// multiGames: a three-player game of voronoi-medium with a wall break by
// each player and Green skipped once settled; a four-player game to its
// end with Blue and Green skipped once settled.
var multiGames = []multiGame{
	{"three", "three-player-game.json", []string{"red", "blue", "green"}, 3},
	{"four", "four-player-game.json", []string{"red", "blue", "green", "yellow"}, 0},
}

// readGame reads a record of service/jobs/testdata.
func readGame(t *testing.T, file string) engine.Record {
	t.Helper()
	data, err := os.ReadFile("../service/jobs/testdata/" + file)
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

// colourNames names the colours of a record's move letters.
var colourNames = map[string]string{"R": "red", "B": "blue", "G": "green", "Y": "yellow"}

// mpTiny is the tiny random multi-player network of the inference tests
// (docs/multiplayer-network.md).
const mpTiny = "../inference/testdata/mp-tiny.onnx"

// mp4Tiny is mp-tiny relabelled as a four-player network of its own
// (training/relabel_players.py --players 4 --model-id mp4-tiny).
const mp4Tiny = "../inference/testdata/mp4-tiny.onnx"

// multiEvaluators are the servers the multi-player job tests run on: the
// heuristic's max-n search, the tiny ONNX multi-player model, and that
// model for three players beside a four-player model of its own (which
// the results then name as their model: models[players]).
var multiEvaluators = []struct {
	name   string
	o      options
	models map[int]string
}{
	{"heuristic", options{jobParallel: 2}, map[int]string{3: inference.HeuristicModelID, 4: inference.HeuristicModelID}},
	{"mp-tiny", options{jobParallel: 2, multiModel: mpTiny}, map[int]string{3: "mp-tiny", 4: "mp-tiny"}},
	{"mp-tiny and mp4-tiny", options{jobParallel: 2, multiModel: mpTiny, multiModel4: mp4Tiny}, map[int]string{3: "mp-tiny", 4: "mp4-tiny"}},
}

// TestReviewMultiPlayers: POST /v1/reviews of a real three-player game
// with wall breaks and of a four-player game succeeds through the worker
// on PostgreSQL, under the heuristic and under the multi-player network
// (mp-tiny, which the review then names as its model): one curve per
// player whose win rates sum to 1 at every ply, every move and break
// reviewed and classified for its mover, each player's accuracy; a break
// is followed by its mover's turn. The curve's picture draws one line per
// player in the player's colour, with a legend entry each.
func TestReviewMultiPlayers(t *testing.T) {
	t.Parallel()
	for _, ev := range multiEvaluators {
		t.Run(ev.name, func(t *testing.T) {
			t.Parallel()
			ts := start(t, newDatabase(t), ev.o)
			ts.needsPostgres()
			for _, g := range multiGames {
				t.Run(g.name, func(t *testing.T) {
					t.Parallel()
					reviewMultiGame(t, ts, g, ev.models[len(g.players)])
				})
			}
		})
	}
}

// reviewMultiGame reviews g on ts and checks the review and its curve.
func reviewMultiGame(t *testing.T, ts *testServer, g multiGame, model string) {
	rec := readGame(t, g.file)
	n := len(g.players)
	var j jobs.Job
	if code := ts.do("POST", "/v1/reviews", map[string]any{"id": g.name, "rules": rec.Rules, "moves": rec.Moves, "maxVisits": 12}, &j); code != 202 {
		t.Fatalf("POST: %d %+v", code, j)
	}
	if done := ts.waitJob(j.ID, 2*time.Minute, "succeeded", "failed"); done.Status != "succeeded" {
		t.Fatalf("job %+v", done)
	}
	var rj wire.ReviewJob
	if code := ts.do("GET", "/v1/reviews/"+j.ID, nil, &rj); code != 200 || rj.Result == nil {
		t.Fatalf("GET review: %d %+v", code, rj)
	}
	r := rj.Result
	if strings.Join(r.Players, ",") != strings.Join(g.players, ",") || len(r.WinrateCurve) != len(rec.Moves)+1 || len(r.Moves) != len(rec.Moves) || r.Model != model {
		t.Fatalf("players %v, %d points, %d moves, model %s; want %v, %d points and moves, model %s",
			r.Players, len(r.WinrateCurve), len(r.Moves), r.Model, g.players, len(rec.Moves)+1, model)
	}
	for i, p := range r.WinrateCurve {
		var sum float64
		for _, c := range g.players {
			w, ok := p.Winrates[c]
			if !ok || w < 0 || w > 1 {
				t.Fatalf("ply %d: %s's win rate %v (present %v): %+v", i, c, w, ok, p)
			}
			sum += float64(w)
		}
		if p.Ply != i || len(p.Winrates) != n || p.Winrates["red"] != p.RedWinrate || math.Abs(sum-1) > 1e-3 {
			t.Fatalf("ply %d: win rates sum to %v: %+v", i, sum, p)
		}
	}
	breaks := 0
	classes := map[string]bool{"best": true, "good": true, "inaccuracy": true, "mistake": true, "blunder": true}
	for i, m := range r.Moves {
		want := strings.Fields(rec.Moves[i])
		if m.Ply != i || m.Player != colourNames[want[0]] || m.Move != want[1] || !classes[m.Classification] || m.PlayedWinrate != r.WinrateCurve[i+1].Winrates[m.Player] {
			t.Errorf("move %d: %+v, want %s's %s classified", i, m, colourNames[want[0]], want[1])
		}
		if strings.HasPrefix(m.Move, "x") {
			breaks++
			if r.Moves[i+1].Player != m.Player {
				t.Errorf("the break %s by %s is followed by %s", m.Move, m.Player, r.Moves[i+1].Player)
			}
		}
	}
	if breaks != g.breaks || len(r.Accuracy) != n || len(r.KeyMoves) != 3 || r.RatingEstimate != nil {
		t.Errorf("%d breaks (want %d), accuracy %v, key moves %v, rating %v", breaks, g.breaks, r.Accuracy, r.KeyMoves, r.RatingEstimate)
	}
	for _, c := range g.players {
		if a, ok := r.Accuracy[c]; !ok || a < 0 || a > 100 {
			t.Errorf("%s's accuracy %v (present %v)", c, a, ok)
		}
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
	if len(lines) != n || legend != n {
		t.Fatalf("curves %v and %d legend entries; want %d of each:\n%s", lines, legend, n, doc)
	}
	for _, p := range g.players {
		if stroke, ok := lines[p]; !ok || stroke != playerColours[p] {
			t.Errorf("%s's curve drawn in %q, want %s", p, stroke, playerColours[p])
		}
	}
}
