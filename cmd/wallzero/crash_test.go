package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/internal/testkit/storetest"
)

// crashVisits is the search budget per position of the crash test's
// review: enough that the review takes several seconds with the
// heuristic evaluator, so the kill lands in its middle.
const crashVisits = 400

// TestReviewSurvivesSIGKILL kills `wallzero serve` with SIGKILL in the
// middle of a review, starts another on the same database with the
// default job settings, and checks that the review finishes within 90 s
// of the kill with the result of an uninterrupted run (on another
// database), one jobs row, one River row, unique cache rows and the
// rescue counted as a second run.
func TestReviewSurvivesSIGKILL(t *testing.T) {
	t.Parallel()
	refURL, crashURL := storetest.URL(t), storetest.URL(t)
	bin := buildBinary(t)
	moves := randomGame(t, 40, 60)
	req := map[string]any{"id": "crash", "moves": moves, "maxVisits": crashVisits}

	// The uninterrupted run, on its own database, alongside.
	type refOut struct {
		result json.RawMessage
		err    error
	}
	refc := make(chan refOut, 1)
	go func() {
		srv, err := startServe(bin, refURL)
		if err != nil {
			refc <- refOut{err: err}
			return
		}
		defer srv.stop()
		id, err := srv.submit(req)
		if err != nil {
			refc <- refOut{err: err}
			return
		}
		j, err := srv.waitDone(id, time.Now().Add(100*time.Second))
		if err == nil && j.Status != "succeeded" {
			err = fmt.Errorf("reference review %s: %s", j.Status, j.Error)
		}
		refc <- refOut{result: j.Result, err: err}
	}()

	first, err := startServe(bin, crashURL)
	if err != nil {
		t.Fatal(err)
	}
	defer first.stop()
	id, err := first.submit(req)
	if err != nil {
		t.Fatal(err)
	}
	var mid crashJob
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if mid, err = first.job(id); err != nil {
			t.Fatal(err)
		}
		if mid.Status == "succeeded" || mid.Status == "failed" {
			t.Fatalf("the review ended (%s) before the kill: raise crashVisits", mid.Status)
		}
		if mid.Progress.Done >= max(1, mid.Progress.Total/4) && mid.Status == "running" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no progress in 60 s: %+v\n%s", mid, first.logs())
		}
	}
	if err := first.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	killed := time.Now()
	first.cmd.Wait()
	t.Logf("killed the server at %d/%d positions", mid.Progress.Done, mid.Progress.Total)

	second, err := startServe(bin, crashURL)
	if err != nil {
		t.Fatal(err)
	}
	defer second.stop()
	done, err := second.waitDone(id, killed.Add(90*time.Second))
	took := time.Since(killed)
	if err != nil {
		t.Fatalf("%v\nsecond server's log:\n%s", err, second.logs())
	}
	if done.Status != "succeeded" {
		t.Fatalf("after the kill: %s (%s)", done.Status, done.Error)
	}
	t.Logf("the review finished %.1f s after the kill (runs: %d)", took.Seconds(), done.Attempts)
	if done.Attempts != 2 {
		t.Errorf("runs = %d, want 2 (the run killed and the rescued one)", done.Attempts)
	}

	ref := <-refc
	if ref.err != nil {
		t.Fatalf("uninterrupted run: %v", ref.err)
	}
	compareJSON(t, ref.result, done.Result)
	checkRows(t, crashURL, refURL, id)
}

// checkRows: one jobs row, one River row (rescued once), unique cache
// keys, and as many cached analyses as the uninterrupted run made.
func checkRows(t *testing.T, url, refURL, id string) {
	t.Helper()
	ctx := context.Background()
	count := func(url, query string, args ...any) int { return storetest.QueryInt(t, url, query, args...) }
	// River marks its row completed a moment after the job's row says
	// succeeded (its completer works in batches).
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if count(url, `SELECT count(*) FROM river_job WHERE args->>'jobId' = $1 AND state = 'completed'`, id) == 1 {
			break
		}
	}
	checks := []struct {
		what  string
		query string
		args  []any
		want  int
	}{
		{"jobs rows", `SELECT count(*) FROM jobs`, nil, 1},
		{"river_job rows of the review", `SELECT count(*) FROM river_job WHERE kind = 'wallzero_review'`, nil, 1},
		{"river_job rows for its id", `SELECT count(*) FROM river_job WHERE args->>'jobId' = $1`, []any{id}, 1},
		{"completed river_job in attempt 2 with the rescue recorded", `SELECT count(*) FROM river_job WHERE args->>'jobId' = $1
			AND state = 'completed' AND attempt = 2 AND errors[1]->>'error' LIKE '%rescued%'`, []any{id}, 1},
		{"duplicate analyses keys", `SELECT count(*) - count(DISTINCT (canonical_hash, rules, model, visits)) FROM analyses`, nil, 0},
		{"analyses rows", `SELECT count(*) FROM analyses`, nil, count(refURL, `SELECT count(*) FROM analyses`)},
	}
	for _, c := range checks {
		if got := count(url, c.query, c.args...); got != c.want {
			t.Errorf("%s: %d, want %d", c.what, got, c.want)
		}
	}
	if t.Failed() {
		conn, err := pgx.Connect(ctx, url)
		if err == nil {
			defer conn.Close(ctx)
			var row string
			conn.QueryRow(ctx, `SELECT concat_ws(' ', state, attempt, max_attempts, metadata::text, errors::text) FROM river_job WHERE args->>'jobId' = $1`, id).Scan(&row)
			t.Logf("river_job: %s", row)
		}
	}
}

// compareJSON fails the test with every differing field of two JSON
// documents.
func compareJSON(t *testing.T, want, got json.RawMessage) {
	t.Helper()
	var w, g any
	if err := json.Unmarshal(want, &w); err != nil {
		t.Fatalf("reference result: %v", err)
	}
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatalf("result: %v", err)
	}
	var diffs []string
	diffJSON("result", w, g, &diffs)
	if len(diffs) > 0 {
		if len(diffs) > 20 {
			diffs = append(diffs[:20], fmt.Sprintf("... %d more", len(diffs)-20))
		}
		t.Errorf("the result after the crash differs from the uninterrupted run:\n%s", strings.Join(diffs, "\n"))
	}
}

func diffJSON(path string, w, g any, out *[]string) {
	switch wv := w.(type) {
	case map[string]any:
		gv, ok := g.(map[string]any)
		if !ok {
			*out = append(*out, fmt.Sprintf("%s: %v, want %v", path, g, w))
			return
		}
		for k := range wv {
			diffJSON(path+"."+k, wv[k], gv[k], out)
		}
		for k := range gv {
			if _, ok := wv[k]; !ok {
				*out = append(*out, fmt.Sprintf("%s.%s: %v, want nothing", path, k, gv[k]))
			}
		}
	case []any:
		gv, ok := g.([]any)
		if !ok || len(gv) != len(wv) {
			*out = append(*out, fmt.Sprintf("%s: %v, want %v", path, g, w))
			return
		}
		for i := range wv {
			diffJSON(fmt.Sprintf("%s[%d]", path, i), wv[i], gv[i], out)
		}
	default:
		if !reflect.DeepEqual(w, g) {
			*out = append(*out, fmt.Sprintf("%s: %v, want %v", path, g, w))
		}
	}
}

// randomGame plays seeded random legal moves from the default rules'
// start and returns the first game with minPlies..maxPlies moves.
func randomGame(t *testing.T, minPlies, maxPlies int) []string {
	t.Helper()
	for seed := uint64(1); seed < 100; seed++ {
		rng := rand.New(rand.NewPCG(seed, 7))
		pos := engine.NewPosition(engine.DefaultRules())
		var moves []string
		for len(moves) < maxPlies && !pos.IsOver() {
			legal := pos.LegalMoves(nil)
			m := legal[rng.IntN(len(legal))]
			if err := pos.Play(m); err != nil {
				t.Fatal(err)
			}
			moves = append(moves, m.String())
		}
		if len(moves) >= minPlies {
			return moves
		}
	}
	t.Fatal("no random game long enough")
	return nil
}

var (
	buildOnce sync.Once
	buildPath string
	buildErr  error
)

// buildBinary builds wallzero once per test binary run.
func buildBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "wallzero-crash-")
		if err != nil {
			buildErr = err
			return
		}
		buildPath = filepath.Join(dir, "wallzero")
		out, err := exec.Command("go", "build", "-o", buildPath, ".").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return buildPath
}

// serveProc is a `wallzero serve` process (proc, scale_test.go) and the
// base URL of its API.
type serveProc struct {
	*proc
	base string
}

// startServe starts `wallzero serve -model heuristic` with the default job
// settings on a free port and waits until it serves.
func startServe(bin, url string) (*serveProc, error) {
	p, addr, err := startProc(bin, "serving", "serve", "-auth", "off", "-model", "heuristic", "-addr", "127.0.0.1:0", "-database-url", url, "-log-format", "json")
	if err != nil {
		return nil, err
	}
	return &serveProc{proc: p, base: "http://" + addr}, nil
}

type crashJob struct {
	Status   string `json:"status"`
	Error    string `json:"error"`
	Attempts int    `json:"attempts"`
	Progress struct {
		Done, Total int
	} `json:"progress"`
	Result json.RawMessage `json:"result"`
}

func (p *serveProc) submit(req any) (string, error) {
	body, _ := json.Marshal(req)
	resp, err := http.Post(p.base+"/v1/reviews", "application/json", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var j struct{ ID string }
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusAccepted || json.Unmarshal(data, &j) != nil {
		return "", fmt.Errorf("POST /v1/reviews: %d %s", resp.StatusCode, data)
	}
	return j.ID, nil
}

func (p *serveProc) job(id string) (crashJob, error) {
	var j crashJob
	resp, err := http.Get(p.base + "/v1/jobs/" + id)
	if err != nil {
		return j, err
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		return j, fmt.Errorf("GET /v1/jobs/%s: %d %s", id, resp.StatusCode, data)
	}
	return j, json.Unmarshal(data, &j)
}

// waitDone polls the job until it ends or the deadline passes.
func (p *serveProc) waitDone(id string, deadline time.Time) (crashJob, error) {
	for {
		j, err := p.job(id)
		if err != nil {
			return j, err
		}
		if j.Status == "succeeded" || j.Status == "failed" || j.Status == "cancelled" {
			return j, nil
		}
		if time.Now().After(deadline) {
			return j, fmt.Errorf("job %s still %s (%d/%d) at the deadline", id, j.Status, j.Progress.Done, j.Progress.Total)
		}
		time.Sleep(200 * time.Millisecond)
	}
}
