package api_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/wallzero/wallzero/api"
	"github.com/wallzero/wallzero/api/wire"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/service"
	"github.com/wallzero/wallzero/service/jobs"
	"github.com/wallzero/wallzero/service/jobs/review"
)

var reviewGame = []string{"C3", "E3", "C5", "E5", "E5-E4:N", "E3-D3:S", "C3-C2:E", "C5-C6:E", "B6-B7:E", "F6-F5:W"}

func checkReview(t *testing.T, r *wire.ReviewResult, moves []string) {
	t.Helper()
	if len(r.WinrateCurve) != len(moves)+1 || len(r.Moves) != len(moves) {
		t.Fatalf("curve %d points, %d moves; want %d and %d", len(r.WinrateCurve), len(r.Moves), len(moves)+1, len(moves))
	}
	classes := map[string]bool{"best": true, "good": true, "inaccuracy": true, "mistake": true, "blunder": true}
	for i, m := range r.Moves {
		if m.Ply != i || m.Move != moves[i] || !classes[m.Classification] || m.Loss < 0 || m.Accuracy < 0 || m.Accuracy > 100 || m.BestMove == "" {
			t.Errorf("move %d: %+v", i, m)
		}
		if m.RedWinrateBefore != r.WinrateCurve[i].RedWinrate || m.RedWinrateAfter != r.WinrateCurve[i+1].RedWinrate {
			t.Errorf("move %d: win rates %v -> %v do not match the curve", i, m.RedWinrateBefore, m.RedWinrateAfter)
		}
	}
	if _, ok := r.Accuracy["red"]; !ok || len(r.Accuracy) != 2 || len(r.KeyMoves) != 3 {
		t.Errorf("accuracy %v, key moves %v", r.Accuracy, r.KeyMoves)
	}
	for i := 1; i < len(r.KeyMoves); i++ {
		if abs(r.KeyMoves[i].Swing) > abs(r.KeyMoves[i-1].Swing) {
			t.Errorf("key moves not by decreasing swing: %v", r.KeyMoves)
		}
	}
}

func abs(v float32) float32 {
	if v < 0 {
		return -v
	}
	return v
}

// TestReviewJob: POST /v1/reviews -> 202 with a stored job; the worker
// reviews the game; GET /v1/reviews/{id} and /v1/jobs/{id} show it.
func TestReviewJob(t *testing.T) {
	t.Parallel()
	ts := start(t, newDatabase(t), options{jobParallel: 2})
	var j jobs.Job
	if code := ts.do("POST", "/v1/reviews", map[string]any{"id": "g1", "moves": reviewGame, "maxVisits": 24}, &j); code != 202 || j.Status != "queued" || j.Progress.Total != len(reviewGame)+1 {
		t.Fatalf("POST: %d %+v", code, j)
	}
	done := ts.waitJob(j.ID, time.Minute, "succeeded", "failed")
	if done.Status != "succeeded" || done.Progress.Done != done.Progress.Total || done.Progress.Fraction != 1 || done.Attempts != 1 {
		t.Fatalf("job %+v", done)
	}
	var rj wire.ReviewJob
	if code := ts.do("GET", "/v1/reviews/"+j.ID, nil, &rj); code != 200 || rj.Result == nil {
		t.Fatalf("GET review: %d %+v", code, rj)
	}
	if rj.Result.ID != "g1" || rj.Result.Visits != 24 {
		t.Errorf("result header %+v", rj.Result)
	}
	checkReview(t, rj.Result, reviewGame)
	// A second review of the same game is answered from the cache.
	var j2 jobs.Job
	ts.do("POST", "/v1/reviews", map[string]any{"moves": reviewGame, "maxVisits": 24}, &j2)
	start := time.Now()
	ts.waitJob(j2.ID, time.Minute, "succeeded")
	t.Logf("cached review took %v", time.Since(start))
}

// TestReviewSurvivesRestart: the server stops in the middle of a review;
// the job is re-queued and a new server finishes it.
func TestReviewSurvivesRestart(t *testing.T) {
	t.Parallel()
	db := newDatabase(t)
	first := start(t, db, options{delay: 40 * time.Millisecond, jobParallel: 1})
	var j jobs.Job
	if code := first.do("POST", "/v1/reviews", map[string]any{"moves": reviewGame, "maxVisits": 40}, &j); code != 202 {
		t.Fatalf("POST: %d", code)
	}
	deadline := time.Now().Add(time.Minute)
	for {
		cur := first.waitJob(j.ID, time.Minute, "running", "succeeded")
		if cur.Status == "succeeded" {
			t.Fatal("the review finished before the restart: slow the evaluator down")
		}
		if cur.Progress.Done >= 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no progress")
		}
		time.Sleep(20 * time.Millisecond)
	}
	first.stop() // like SIGTERM with a short shutdown timeout
	var mid jobs.Job
	second := start(t, db, options{jobParallel: 2})
	if code := second.do("GET", "/v1/jobs/"+j.ID, nil, &mid); code != 200 || (mid.Status != "queued" && mid.Status != "running") {
		t.Fatalf("after the stop: %d %+v, want queued (re-queued) or running (picked up)", code, mid)
	}
	done := second.waitJob(j.ID, time.Minute, "succeeded", "failed")
	if done.Status != "succeeded" || done.Attempts != 2 {
		t.Fatalf("after the restart: %+v, want succeeded in 2 attempts", done)
	}
	var rj wire.ReviewJob
	second.do("GET", "/v1/reviews/"+j.ID, nil, &rj)
	checkReview(t, rj.Result, reviewGame)
}

// TestCancelJob: DELETE /v1/jobs/{id} stops a running job; a second DELETE
// is a conflict; unknown ids are 404.
func TestCancelJob(t *testing.T) {
	t.Parallel()
	ts := start(t, newDatabase(t), options{delay: 50 * time.Millisecond, jobParallel: 1})
	var j jobs.Job
	ts.do("POST", "/v1/reviews", map[string]any{"moves": reviewGame, "maxVisits": 64}, &j)
	ts.waitJob(j.ID, time.Minute, "running")
	var c jobs.Job
	if code := ts.do("DELETE", "/v1/jobs/"+j.ID, nil, &c); code != 200 || c.Status != "cancelled" {
		t.Fatalf("DELETE: %d %+v", code, c)
	}
	var e api.ErrorResponse
	if code := ts.do("DELETE", "/v1/jobs/"+j.ID, nil, &e); code != 409 || e.Error.Code != "conflict" {
		t.Errorf("second DELETE: %d %+v", code, e)
	}
	time.Sleep(500 * time.Millisecond) // the worker notices and stops
	if got := ts.waitJob(j.ID, time.Second, "cancelled"); got.Result != nil {
		t.Errorf("a cancelled job has a result: %+v", got)
	}
	for _, path := range []string{"/v1/jobs/nope", "/v1/jobs/00000000-0000-0000-0000-000000000000", "/v1/reviews/nope"} {
		if code := ts.do("GET", path, nil, &e); code != 404 || e.Error.Code != "not_found" || e.Error.Field != "id" {
			t.Errorf("GET %s: %d %+v", path, code, e)
		}
	}
	if code := ts.do("DELETE", "/v1/jobs/nope", nil, &e); code != 404 {
		t.Errorf("DELETE unknown: %d", code)
	}
}

// TestJobBadInput: bad reviews and batches are refused with the field
// named, and no job is stored.
func TestJobBadInput(t *testing.T) {
	t.Parallel()
	ts := start(t, newDatabase(t), options{noWorker: true, maxOpenings: 50})
	many := make([][]string, 51)
	for i := range many {
		many[i] = []string{"C3"}
	}
	for _, tc := range []struct {
		name, path  string
		body        any
		status      int
		field, text string
	}{
		{"review illegal", "/v1/reviews", `{"moves":["C3","E3","C5","E5","E5-E1:N"]}`, 400, "moves[4]", "not reachable"},
		{"review no moves", "/v1/reviews", `{"moves":[]}`, 400, "moves", "at least one"},
		{"review five players", "/v1/reviews", `{"rules":{"players":5},"moves":["A1"]}`, 400, "rules.players", "5"},
		{"review visits", "/v1/reviews", `{"moves":["C3"],"maxVisits":20000}`, 400, "maxVisits", "outside"},
		{"review unknown field", "/v1/reviews", `{"moves":["C3"],"game":1}`, 400, "game", "unknown field"},
		{"openings none", "/v1/openings/batch", `{"openings":[]}`, 400, "openings", "at least one"},
		{"openings turn", "/v1/openings/batch", `{"openings":[["C3","E3","C5","E5","E5-E4:N"]]}`, 400, "openings[0][4]", "setup phase is over"},
		{"openings occupied", "/v1/openings/batch", `{"openings":[["C3"],["D4","B6"]]}`, 400, "openings[1][1]", "already holds"},
		{"openings break", "/v1/openings/batch", `{"openings":[["xD4:E"]]}`, 400, "openings[0][0]", "not a placement"},
		{"openings too many", "/v1/openings/batch", map[string]any{"openings": many}, 413, "openings", "at most 50"},
		{"openings type", "/v1/openings/batch", `{"openings":["C3"]}`, 400, "openings[0]", "expected an array"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var e api.ErrorResponse
			code := ts.do("POST", tc.path, tc.body, &e)
			if code != tc.status || e.Error.Field != tc.field || !strings.Contains(e.Error.Message, tc.text) {
				t.Errorf("got %d %+v; want %d field %q text %q", code, e.Error, tc.status, tc.field, tc.text)
			}
		})
	}
	if n, err := ts.store.ActiveJobs(t.Context()); err != nil || len(n) != 0 {
		t.Errorf("jobs stored after bad requests: %v %v", n, err)
	}
}

// TestOpeningsBatch scores every pair of first placements of the
// four-stone opening (with mirror images deduplicated) and checks the
// ranking, the progress and the cache reuse of a second batch.
func TestOpeningsBatch(t *testing.T) {
	t.Parallel()
	ts := start(t, newDatabase(t), options{jobParallel: 2})
	rules := engine.DefaultRules()
	var openings [][]string
	startPos := engine.NewPosition(rules)
	for _, a := range startPos.LegalMoves(nil) {
		p := startPos
		p.Apply(a)
		for i, b := range p.LegalMoves(nil) {
			if i%4 == 0 { // a sample, to stay quick under -race
				openings = append(openings, []string{a.String(), b.String()})
			}
		}
	}
	var j jobs.Job
	if code := ts.do("POST", "/v1/openings/batch", map[string]any{"id": "pairs", "openings": openings, "maxVisits": 8}, &j); code != 202 || j.Kind != "openings" || j.Progress.Total != len(openings) {
		t.Fatalf("POST: %d %+v", code, j)
	}
	done := ts.waitJob(j.ID, 3*time.Minute, "succeeded", "failed")
	if done.Status != "succeeded" {
		t.Fatalf("job %+v", done)
	}
	var res struct {
		Result jobs.OpeningsResult `json:"result"`
	}
	ts.do("GET", "/v1/jobs/"+j.ID, nil, &res)
	r := res.Result
	if len(r.Openings) != len(openings) || r.ID != "pairs" || r.Unique >= len(openings) || r.Cached != 0 {
		t.Fatalf("%d scores for %d openings, %d unique, %d cached", len(r.Openings), len(openings), r.Unique, r.Cached)
	}
	seen := map[int]bool{}
	for i, s := range r.Openings {
		if i > 0 && s.RedWinrate > r.Openings[i-1].RedWinrate {
			t.Fatalf("not ranked at %d", i)
		}
		if seen[s.Index] || strings.Join(s.Moves, ",") != strings.Join(openings[s.Index], ",") || s.Visits < 8 {
			t.Fatalf("score %+v", s)
		}
		seen[s.Index] = true
	}
	// The same batch mirrored (transpose keeps the four-stone preset) is
	// answered from the cache alone.
	mirrored := make([][]string, len(openings))
	for i, o := range openings {
		mirrored[i] = mapMoves(t, grid.Transpose, o)
	}
	ts.do("POST", "/v1/openings/batch", map[string]any{"openings": mirrored, "maxVisits": 8}, &j)
	ts.waitJob(j.ID, time.Minute, "succeeded")
	ts.do("GET", "/v1/jobs/"+j.ID, nil, &res)
	if res.Result.Cached != res.Result.Unique {
		t.Errorf("mirrored batch: %d of %d unique positions cached", res.Result.Cached, res.Result.Unique)
	}
	if res.Result.Openings[0].RedWinrate != r.Openings[0].RedWinrate {
		t.Errorf("best mirrored %v, best original %v", res.Result.Openings[0], r.Openings[0])
	}
}

// TestOpeningsBatchMultiPlayers scores first placements of three- and
// four-player games with the multi-player evaluator (the heuristic one and
// the tiny ONNX model): every score carries each player's win rate and
// raw value, Red's entries are redWinrate and value, the ranking follows
// Red's win rate, mirror images share one search, and a mirrored batch is
// answered from the cache.
func TestOpeningsBatchMultiPlayers(t *testing.T) {
	t.Parallel()
	for _, ev := range multiEvaluators {
		t.Run(ev.name, func(t *testing.T) {
			t.Parallel()
			ts := start(t, newDatabase(t), ev.o)
			ts.needsPostgres()
			for _, players := range []int{3, 4} {
				// C3, E5 and C5 are images of one another under the board's
				// symmetries, as are C3,E5 and E5,C3 (a half turn): eight
				// openings, five positions to search.
				openings := [][]string{{"A1"}, {"D4"}, {"C3"}, {"E5"}, {"C5"}, {"C3", "E5"}, {"C3", "E3"}, {"E5", "C3"}}
				var j jobs.Job
				body := map[string]any{"id": fmt.Sprintf("%dp", players), "rules": map[string]any{"players": players}, "openings": openings, "maxVisits": 8}
				if code := ts.do("POST", "/v1/openings/batch", body, &j); code != 202 {
					t.Fatalf("%dp POST: %d %+v", players, code, j)
				}
				if done := ts.waitJob(j.ID, 2*time.Minute, "succeeded", "failed"); done.Status != "succeeded" {
					t.Fatalf("%dp job %+v", players, done)
				}
				var res struct {
					Result jobs.OpeningsResult `json:"result"`
				}
				ts.do("GET", "/v1/jobs/"+j.ID, nil, &res)
				r := res.Result
				if len(r.Openings) != len(openings) || r.Model != ev.models[players] || r.Unique != 5 {
					t.Fatalf("%dp: %d scores, model %q, %d unique", players, len(r.Openings), r.Model, r.Unique)
				}
				for i, s := range r.Openings {
					if i > 0 && s.RedWinrate > r.Openings[i-1].RedWinrate {
						t.Fatalf("%dp: not ranked at %d", players, i)
					}
					sum := float32(0)
					for _, w := range s.Winrates {
						sum += w
					}
					if len(s.Winrates) != players || len(s.Values) != players || s.RedWinrate != s.Winrates["red"] ||
						s.Value != s.Values["red"] || sum < 0.98 || sum > 1.02 || s.Visits < 8 || s.ScoreLead != nil {
						t.Fatalf("%dp: score %+v (win rates sum to %v)", players, s, sum)
					}
				}
				mirrored := make([][]string, len(openings))
				for i, o := range openings {
					mirrored[i] = mapMoves(t, grid.Transpose, o)
				}
				body["openings"] = mirrored
				ts.do("POST", "/v1/openings/batch", body, &j)
				ts.waitJob(j.ID, time.Minute, "succeeded")
				ts.do("GET", "/v1/jobs/"+j.ID, nil, &res)
				if res.Result.Cached != res.Result.Unique {
					t.Errorf("%dp mirrored batch: %d of %d unique positions cached", players, res.Result.Cached, res.Result.Unique)
				}
			}
		})
	}
}

// TestOperations covers models, health, readiness (up and down), metrics
// and the OpenAPI document and viewer.
func TestOperations(t *testing.T) {
	t.Parallel()
	ts := start(t, newDatabase(t), options{noWorker: true})
	var models api.ModelsResponse
	if code := ts.do("GET", "/v1/models", nil, &models); code != 200 || len(models.Models) != 1 || models.Models[0].Kind != "heuristic" {
		t.Errorf("models: %d %+v", code, models)
	}
	var h api.HealthResponse
	if code := ts.do("GET", "/healthz", nil, &h); code != 200 || h.Status != "ok" {
		t.Errorf("healthz: %d %+v", code, h)
	}
	var r service.Readiness
	if code := ts.do("GET", "/readyz", nil, &r); code != 200 || !r.Ready || r.Database != "ok" || r.ModelKind != "heuristic" {
		t.Errorf("readyz: %d %+v", code, r)
	}
	ts.do("POST", "/v1/analyze", `{"moves":["C3"],"maxVisits":8}`, nil)
	ts.do("POST", "/v1/analyze", `{"moves":["C3"],"maxVisits":8}`, nil)
	metrics := get(t, ts.url+"/metrics")
	for _, name := range []string{"wallzero_http_request_duration_seconds_bucket{method=\"POST\",route=\"/v1/analyze\",status=\"200\"",
		"wallzero_analysis_cache_hit_ratio 0.5", "wallzero_evaluations_total", "wallzero_eval_queue_depth{priority=\"batch\"}",
		"wallzero_jobs{kind=\"review\",status=\"queued\"} 0", "wallzero_searches_total{priority=\"interactive\"} 1"} {
		if !strings.Contains(metrics, name) {
			t.Errorf("/metrics lacks %s", name)
		}
	}
	// The evaluation rate is PromQL's (rate of the counter), not a gauge
	// that keeps state between scrapes.
	if strings.Contains(metrics, "wallzero_evaluations_per_second") {
		t.Error("/metrics exports wallzero_evaluations_per_second")
	}
	if doc := get(t, ts.url+"/openapi.json"); !strings.Contains(doc, `"/v1/analyze"`) {
		t.Error("/openapi.json lacks /v1/analyze")
	}
	if page := get(t, ts.url+"/docs"); !strings.Contains(page, "/openapi.json") || strings.Contains(page, "https://") {
		t.Error("/docs is not the self-contained viewer")
	}
	ts.store.Close() // the database goes away
	if code := ts.do("GET", "/readyz", nil, &r); code != 503 || r.Ready || !strings.HasPrefix(r.Database, "unavailable") {
		t.Errorf("readyz without a database: %d %+v", code, r)
	}
}

func get(t *testing.T, url string) string {
	t.Helper()
	res, err := httpGet(url)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestReviewPuzzles: GET /v1/reviews/{id}/puzzles turns each mistake of a
// finished review into a puzzle or a reason; every puzzle's record
// replays to a position where its solution is legal and the move played
// was the game's; a review not finished yet is a 409, an unknown one 404.
func TestReviewPuzzles(t *testing.T) {
	t.Parallel()
	ts := start(t, newDatabase(t), options{jobParallel: 2})
	ts.needsPostgres()
	var j jobs.Job
	if code := ts.do("POST", "/v1/reviews", map[string]any{"moves": reviewGame, "maxVisits": 24}, &j); code != 202 {
		t.Fatalf("POST: %d", code)
	}
	var e api.ErrorResponse
	if code := ts.do("GET", "/v1/reviews/"+j.ID+"/puzzles", nil, &e); code != 409 && code != 200 {
		t.Errorf("puzzles of a running review: %d %+v", code, e.Error)
	}
	ts.waitJob(j.ID, time.Minute, "succeeded")
	var rj wire.ReviewJob
	ts.do("GET", "/v1/reviews/"+j.ID, nil, &rj)
	mistakes := 0
	for _, m := range rj.Result.Moves {
		if float64(m.Loss) >= review.MistakeLoss {
			mistakes++
		}
	}
	var ps wire.PuzzleSet
	if code := ts.do("GET", "/v1/reviews/"+j.ID+"/puzzles", nil, &ps); code != 200 {
		t.Fatalf("GET puzzles: %d", code)
	}
	if ps.ReviewID != j.ID || ps.Visits != 24 || ps.DeepVisits != 24*jobs.PuzzleDeepFactor || len(ps.Puzzles)+len(ps.Skipped) != mistakes {
		t.Errorf("%d puzzles and %d skipped for %d mistakes: %+v", len(ps.Puzzles), len(ps.Skipped), mistakes, ps)
	}
	for _, p := range ps.Puzzles {
		g, err := p.Record.Game()
		if err != nil || len(p.Record.Moves) != p.Ply || reviewGame[p.Ply] != p.Played {
			t.Errorf("puzzle at ply %d: %v, record of %d moves, played %s", p.Ply, err, len(p.Record.Moves), p.Played)
			continue
		}
		m, _, err := grid.ParseMove(p.Solution)
		if err != nil || !slices.Contains(g.Final.LegalMoves(nil), m) || p.Solution == p.Played || (p.Margin < jobs.PuzzleMargin && !p.Proven) {
			t.Errorf("puzzle at ply %d: solution %s (%v), margin %.2f", p.Ply, p.Solution, err, p.Margin)
		}
	}
	t.Logf("%d mistakes: %d puzzles, %d left out %+v", mistakes, len(ps.Puzzles), len(ps.Skipped), ps.Skipped)
	for _, s := range ps.Skipped {
		if s.Reason == "" {
			t.Errorf("mistake at ply %d skipped without a reason", s.Ply)
		}
	}
	if code := ts.do("GET", "/v1/reviews/6f1c2a5e-8d0b-4c47-9a53-2f8e1b7c9d10/puzzles", nil, &e); code != 404 {
		t.Errorf("puzzles of an unknown review: %d", code)
	}
}
