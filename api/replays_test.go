package api_test

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/internal/testkit/storetest"
	"github.com/wallzero/wallzero/service/jobs"
)

// TestOneReplay: each request replays its game record once
// (engine.Replays counts Record.Game, Record.Replay and Game.Positions):
// an analysis with explanations of two turns, a board picture with the
// engine's moves, a review's submission and its run, and each read of a
// review's puzzles. The test is not parallel: the count is the process's,
// and Go runs no parallel test beside a sequential one. The jobs' cases
// need PostgreSQL (River runs them) and are skipped without it.
func TestOneReplay(t *testing.T) {
	ts := start(t, newDatabase(t), options{jobParallel: 2})
	moves, _ := json.Marshal(reviewGame)
	// replays returns the replays made by f.
	replays := func(f func()) int64 {
		before := engine.Replays()
		f()
		return engine.Replays() - before
	}
	var review jobs.Job
	for _, tc := range []struct {
		name     string
		postgres bool
		want     int64 // replays
		run      func(t *testing.T)
	}{
		{"analyze", false, 1, func(t *testing.T) {
			body := fmt.Sprintf(`{"moves":%s,"analyzeTurns":[4,10],"maxVisits":16,"includeExplanations":true}`, moves)
			if code := ts.do("POST", "/v1/analyze", body, nil); code != 200 {
				t.Fatalf("POST /v1/analyze: %d", code)
			}
		}},
		{"board.svg with topK", false, 1, func(t *testing.T) {
			if code := ts.do("GET", "/v1/render/board.svg?moves=C3,E3,C5,E5,E5-E4:N&turn=4&topK=3&maxVisits=16", nil, nil); code != 200 {
				t.Fatalf("GET board.svg: %d", code)
			}
		}},
		{"review submission", true, 1, func(t *testing.T) {
			if code := ts.do("POST", "/v1/reviews", fmt.Sprintf(`{"moves":%s,"maxVisits":16}`, moves), &review); code != 202 {
				t.Fatalf("POST /v1/reviews: %d", code)
			}
		}},
		{"review run", true, 1, func(t *testing.T) {
			// GET /v1/jobs/{id}, which the wait polls, replays nothing.
			if j := ts.waitJob(review.ID, time.Minute, "succeeded", "failed"); j.Status != "succeeded" {
				t.Fatalf("the review %s: %s", j.Status, j.Error)
			}
		}},
		{"review read", true, 0, func(t *testing.T) {
			if code := ts.do("GET", "/v1/reviews/"+review.ID, nil, nil); code != 200 {
				t.Fatalf("GET review: %d", code)
			}
		}},
		{"puzzles read", true, 1, func(t *testing.T) {
			if code := ts.do("GET", "/v1/reviews/"+review.ID+"/puzzles", nil, nil); code != 200 {
				t.Fatalf("GET puzzles: %d", code)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.postgres && ts.pg == nil {
				t.Skipf("skipped: needs PostgreSQL (River runs the jobs); set %s or run `make test`", storetest.EnvURL)
			}
			if n := replays(func() { tc.run(t) }); n != tc.want {
				t.Errorf("%d replays, want %d", n, tc.want)
			}
		})
	}
}
