package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/wsbench"
	"github.com/wallzero/wallzero/internal/testkit/storetest"
)

// wsCrashGames is the size of the collection the workspace's crash test
// imports; its games are short and reviewed at wsCrashVisits so that the
// whole test takes about a minute.
const (
	wsCrashGames  = 200
	wsCrashVisits = 8
)

// TestWorkspaceSurvivesSIGKILL imports a collection of 200 games into
// `wallzero serve` (its River worker in the process), kills the process
// with SIGKILL once about half are reviewed, starts another on the same
// database and waits for the collection to finish. Every game must be
// reviewed exactly once, which the test reads from three observables:
//   - rows: one jobs row and one River row per game (ws_games.job_id
//     distinct), every job succeeded with a result and every River job
//     completed;
//   - the logs (both processes, at debug level, which logs each step of a
//     job): one "job succeeded" per review, and no line at all in the
//     second process for a review the first finished; only the reviews
//     running at the kill were run again (jobs.attempts 2, River's rescue);
//   - the searches: the second process's batch searches (its
//     wallzero_searches_total) equal the analyses it added to the cache,
//     so it searched only positions nobody had stored before the kill.
func TestWorkspaceSurvivesSIGKILL(t *testing.T) {
	t.Parallel()
	url := storetest.URL(t)
	bin := buildBinary(t)
	// Short job steps and timeout, so that the reviews cut by the kill are
	// rescued within the test (River rescues after the timeout + 10 s).
	args := []string{"serve", "-auth", "off", "-model", "heuristic", "-addr", "127.0.0.1:0", "-database-url", url,
		"-log-format", "json", "-log-level", "debug", "-review-visits", strconv.Itoa(wsCrashVisits),
		"-job-workers", "2", "-job-parallel", "2", "-job-timeout", "10s", "-job-step", "2s"}
	first, addr, err := startProc(bin, "serving", args...)
	if err != nil {
		t.Fatal(err)
	}
	defer first.stop()
	ctx := context.Background()
	c := &wsbench.Client{HTTP: &http.Client{Timeout: time.Minute}, Base: "http://" + addr}
	id, err := c.CreateCollection(ctx, "crash")
	if err != nil {
		t.Fatal(err)
	}
	imp, err := c.Import(ctx, id, wsbench.Generate(wsCrashGames, 5, 6, 14))
	if err != nil || imp.Imported != wsCrashGames {
		t.Fatalf("import: %d games, %v", imp.Imported, err)
	}
	started := time.Now()
	for deadline := time.Now().Add(2 * time.Minute); ; time.Sleep(50 * time.Millisecond) {
		col, err := c.Collection(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if col.Progress.Finished {
			t.Fatalf("the collection was reviewed before the kill: %+v", col.Progress)
		}
		if col.Progress.Done >= wsCrashGames/2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d games reviewed in 2 minutes\n%s", col.Progress.Done, wsCrashGames, first.logs())
		}
	}
	if err := first.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	first.cmd.Wait()
	killed := time.Now()
	count := func(query string, args ...any) int { return storetest.QueryInt(t, url, query, args...) }
	// A COMMIT the first process sent just before the kill may still be
	// running in its server backend, and land after the snapshot below
	// (seen on a loaded machine: a review then counted as "not succeeded
	// at the kill" was found succeeded by its rescued run). The snapshot
	// waits until the dead process's backends have ended.
	others := `SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`
	for deadline := time.Now().Add(30 * time.Second); count(others) > 0; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the killed process's database sessions did not end in 30 s")
		}
	}
	succeededAtKill := map[string]bool{}
	for _, j := range jobIDs(t, url, `SELECT id::text FROM jobs WHERE status = 'succeeded'`) {
		succeededAtKill[j] = true
	}
	cachedAtKill := count(`SELECT count(*) FROM analyses`)
	runningAtKill := map[string]bool{}
	for _, j := range jobIDs(t, url, `SELECT id::text FROM jobs WHERE status = 'running'`) {
		runningAtKill[j] = true
	}
	t.Logf("killed after %.1f s: %d reviews done, %d running, %d positions cached",
		killed.Sub(started).Seconds(), len(succeededAtKill), len(runningAtKill), cachedAtKill)

	second, addr, err := startProc(bin, "serving", args...)
	if err != nil {
		t.Fatal(err)
	}
	defer second.stop()
	c.Base = "http://" + addr
	wctx, cancel := context.WithTimeout(ctx, 3*time.Minute)
	defer cancel()
	col, err := c.WaitFinished(wctx, id, 200*time.Millisecond)
	if err != nil {
		t.Fatalf("%v\nsecond server's log:\n%.20000s", err, second.logs())
	}
	t.Logf("the collection finished %.1f s after the kill: %+v", time.Since(killed).Seconds(), col.Progress)
	if p := col.Progress; p.Done != wsCrashGames || p.Failed+p.Cancelled != 0 {
		t.Errorf("progress %+v, want %d done", p, wsCrashGames)
	}

	// Rows: one review per game, each succeeded once.
	for _, ch := range []struct {
		what, query string
	}{
		{"games", `SELECT count(*) FROM ws_games`},
		{"distinct review jobs of the games", `SELECT count(DISTINCT job_id) FROM ws_games`},
		{"jobs rows", `SELECT count(*) FROM jobs`},
		{"succeeded jobs with a result", `SELECT count(*) FROM jobs WHERE status = 'succeeded' AND result IS NOT NULL`},
		{"River review jobs", `SELECT count(*) FROM river_job WHERE kind = 'wallzero_review'`},
		{"River review jobs of distinct jobs", `SELECT count(DISTINCT args->>'jobId') FROM river_job WHERE kind = 'wallzero_review'`},
	} {
		if n := count(ch.query); n != wsCrashGames {
			t.Errorf("%s: %d, want %d", ch.what, n, wsCrashGames)
		}
	}
	// River ends every job: completed, or cancelled when a run rescued
	// after the kill found its row already succeeded (the kill fell between
	// the row's commit and River's completion). The rescue comes 20 s
	// after the kill at the earliest.
	unsettled := `SELECT count(*) FROM river_job WHERE state NOT IN ('completed', 'cancelled')`
	for deadline := killed.Add(90 * time.Second); count(unsettled) > 0; time.Sleep(200 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Errorf("River jobs not ended 90 s after the kill: %v", jobIDs(t, url, `SELECT concat_ws(' ', args->>'jobId', state, attempt, errors::text) FROM river_job WHERE state NOT IN ('completed', 'cancelled')`))
			break
		}
	}
	cancelled := jobIDs(t, url, `SELECT args->>'jobId' FROM river_job WHERE state = 'cancelled'`)
	for _, row := range cancelled {
		if !succeededAtKill[row] {
			t.Errorf("River cancelled the review %s, which had not succeeded at the kill", row)
		}
	}
	t.Logf("River's rows ended %.1f s after the kill (%d cancelled by a rescued run that found the review done)", time.Since(killed).Seconds(), len(cancelled))

	// Logs: a review the first process finished (its row succeeded at the
	// kill) has no line in the second process; it logged "job succeeded"
	// once, or not at all when the kill fell between the row's commit and
	// the log line. Every other review succeeded once, in the second.
	firstLog, secondLog := jobLines(first.logs()), jobLines(second.logs())
	for _, j := range jobIDs(t, url, `SELECT job_id::text FROM ws_games`) {
		n1, n2 := firstLog[j]["job succeeded"], secondLog[j]["job succeeded"]
		switch {
		case succeededAtKill[j] && (n1 > 1 || len(secondLog[j]) > 0):
			t.Errorf("review %s finished in the first process (%d \"job succeeded\"), yet the second logged %v", j, n1, secondLog[j])
		case !succeededAtKill[j] && (n1 != 0 || n2 != 1):
			t.Errorf("review %s: %d + %d \"job succeeded\" lines, want 0 + 1; second log %v", j, n1, n2, secondLog[j])
		}
	}
	rerun := jobIDs(t, url, `SELECT id::text FROM jobs WHERE attempts <> 1`)
	for _, j := range rerun {
		if !runningAtKill[j] {
			t.Errorf("review %s ran %d times but was not running at the kill", j, count(`SELECT attempts FROM jobs WHERE id = $1::uuid`, j))
		}
	}
	t.Logf("reviews run twice: %d (running at the kill: %d)", len(rerun), len(runningAtKill))

	// Searches: the second process searched only what was not cached.
	searched := batchSearches(t, c.Base)
	added := count(`SELECT count(*) FROM analyses`) - cachedAtKill
	t.Logf("the second process searched %d positions and added %d analyses to the cache", searched, added)
	if searched != added {
		t.Errorf("the second process searched %d positions for %d new cache rows: positions analysed before the kill were searched again", searched, added)
	}
	if d := count(`SELECT count(*) - count(DISTINCT (canonical_hash, rules, model, visits)) FROM analyses`); d != 0 {
		t.Errorf("%d duplicate analyses keys", d)
	}
}

// jobIDs returns the first column (text) of a query's rows.
func jobIDs(t *testing.T, url, query string, args ...any) []string {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	rows, err := conn.Query(ctx, query, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}

// jobLines counts a server log's lines by job and message.
func jobLines(logs string) map[string]map[string]int {
	out := map[string]map[string]int{}
	sc := bufio.NewScanner(strings.NewReader(logs))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var rec struct{ Msg, Job string }
		if json.Unmarshal(sc.Bytes(), &rec) != nil || rec.Job == "" {
			continue
		}
		if out[rec.Job] == nil {
			out[rec.Job] = map[string]int{}
		}
		out[rec.Job][rec.Msg]++
	}
	return out
}

// batchSearches reads the server's batch searches from GET /metrics.
func batchSearches(t *testing.T, base string) int {
	t.Helper()
	res, err := http.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), `wallzero_searches_total{priority="batch"} `); ok {
			v, err := strconv.ParseFloat(rest, 64)
			if err != nil {
				t.Fatal(err)
			}
			return int(v)
		}
	}
	t.Fatalf("GET /metrics: no batch searches (%s)", fmt.Sprint(res.StatusCode))
	return 0
}
