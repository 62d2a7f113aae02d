package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/soak"
	"github.com/wallzero/wallzero/internal/testkit/storetest"
	"github.com/wallzero/wallzero/store"
)

// localpgRun runs scripts/localpg.sh and returns its output.
func localpgRun(t *testing.T, args ...string) string {
	t.Helper()
	script, err := filepath.Abs("../../scripts/localpg.sh")
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(script, args...).Output()
	if err != nil {
		msg := err.Error()
		if ee, ok := err.(*exec.ExitError); ok {
			msg += ": " + string(ee.Stderr)
		}
		t.Fatalf("localpg.sh %s: %s", strings.Join(args, " "), msg)
	}
	return strings.TrimSpace(string(out))
}

// crashPostgres kills the cluster in dir the way a crash does: SIGKILL to
// the postmaster (its pid is the first line of postmaster.pid), then to
// every process still working in the cluster's data directory (the
// backends, found by their working directory, so no other cluster is
// touched), so that the next start runs crash recovery.
func crashPostgres(t *testing.T, dir string) {
	t.Helper()
	data := filepath.Join(dir, "data")
	if where, err := os.ReadFile(filepath.Join(dir, "where")); err == nil {
		data = strings.TrimSpace(string(where))
	}
	pidFile, err := os.ReadFile(filepath.Join(data, "postmaster.pid"))
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.SplitN(string(pidFile), "\n", 2)[0])
	if err != nil {
		t.Fatalf("postmaster.pid: %v", err)
	}
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		left := clusterProcesses(data)
		if len(left) == 0 {
			return
		}
		for _, p := range left {
			_ = syscall.Kill(p, syscall.SIGKILL) // may have exited already
		}
		if time.Now().After(deadline) {
			t.Fatalf("processes %v of the cluster outlived SIGKILL by 10 s", left)
		}
	}
}

// clusterProcesses returns the processes whose working directory is data
// (a PostgreSQL cluster's postmaster and backends).
func clusterProcesses(data string) []int {
	want, err := filepath.EvalSymlinks(data)
	if err != nil {
		want = data
	}
	entries, _ := os.ReadDir("/proc")
	var out []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if cwd, err := os.Readlink("/proc/" + e.Name() + "/cwd"); err == nil && cwd == want {
			out = append(out, pid)
		}
	}
	return out
}

// restartPostgres starts the crashed cluster again (crash recovery runs
// at start), retrying for 20 s while the port is still held by a backend
// that has not yet noticed its postmaster's death.
func restartPostgres(t *testing.T, dir, port string) {
	t.Helper()
	script, err := filepath.Abs("../../scripts/localpg.sh")
	if err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(500 * time.Millisecond) {
		out, err := exec.Command(script, "start", dir, port, "crash").CombinedOutput()
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("PostgreSQL does not start again after the crash: %v\n%s", err, out)
		}
	}
}

// analyzeUncached asks a position and reports whether it was answered 200
// without the cache.
func analyzeUncached(base, square string) (int, bool) {
	body := `{"rules":{"opening":"empty"},"moves":["` + square + `"],"maxVisits":16}`
	res, err := http.Post(base+"/v1/analyze", "application/json", strings.NewReader(body))
	if err != nil {
		return 0, false
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	return res.StatusCode, res.StatusCode == http.StatusOK && bytes.Contains(data, []byte(`"hit":false`))
}

// TestPostgresCrashUnderLoad runs `wallzero serve` on a durable
// PostgreSQL (scripts/localpg.sh without --throwaway) under a mixed load
// (hints, board users cancelling streams, reviews, opening batches,
// explorer reads), kills PostgreSQL with SIGKILL, checks that /analyze
// keeps answering (uncached) while it is down, restarts it (crash
// recovery) and checks, without restarting the service: /readyz is 200
// again; every job acknowledged with 202 ends succeeded, with one jobs
// row, one River row, and one "job succeeded" in the log (none lost, none
// run twice); no duplicate cache rows; the load saw no 5xx other than 503
// and no transport error; a review submitted afterwards succeeds.
func TestPostgresCrashUnderLoad(t *testing.T) {
	t.Parallel()
	if os.Getenv(storetest.EnvURL) == "" && os.Getenv(storetest.EnvRequire) != "1" {
		t.Skip("skipped: needs PostgreSQL server binaries; `make test` runs it")
	}
	bin := buildBinary(t)
	dir := t.TempDir()
	port := localpgRun(t, "free-port", "28300")
	url := localpgRun(t, "start", dir, port, "crash")
	t.Cleanup(func() { localpgRun(t, "destroy", dir) })
	if _, err := store.Migrate(context.Background(), url); err != nil {
		t.Fatal(err)
	}
	// Short job steps and timeout, so that a step cut by the crash is
	// rescued within the test (as TestManyProcessesOneDatabase).
	srv, addr, err := startProc(bin, "serving", "serve", "-auth", "off", "-model", "heuristic", "-addr", "127.0.0.1:0",
		"-database-url", url, "-log-format", "json", "-job-workers", "2", "-job-parallel", "2", "-job-timeout", "10s", "-job-step", "2s")
	if err != nil {
		t.Fatal(err)
	}
	defer srv.stop()
	base := "http://" + addr

	load := soak.NewMixedLoad(base, &http.Client{Timeout: time.Minute},
		soak.Mix{Hints: 2, Streams: 2, Reviews: 2, Openings: 1, Explorer: 1, Visits: 64, JobVisits: 64})
	ctx, stopLoad := context.WithCancel(context.Background())
	loaded := make(chan struct{})
	go func() { load.Run(ctx, 7); close(loaded) }()
	defer func() { stopLoad(); <-loaded }()
	// The kill lands with jobs acknowledged and one of them running.
	for deadline := time.Now().Add(60 * time.Second); len(load.Stats().Jobs) < 3 ||
		storetest.QueryInt(t, url, `SELECT count(*) FROM jobs WHERE status = 'running'`) == 0; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no job running with 3 acknowledged within 60 s: %s", load.Stats())
		}
	}
	running := storetest.QueryInt(t, url, `SELECT count(*) FROM jobs WHERE status IN ('queued', 'running')`)
	crashPostgres(t, dir)
	killed := time.Now()
	t.Logf("killed PostgreSQL with %d jobs acknowledged, %d of them queued or running", len(load.Stats().Jobs), running)
	for i, sq := range []string{"A1", "B2", "C3", "D4", "E5"} {
		if status, uncached := analyzeUncached(base, sq); !uncached {
			t.Errorf("analysis %d while PostgreSQL is down: %d, want 200 uncached", i, status)
		}
		time.Sleep(300 * time.Millisecond)
	}

	restartPostgres(t, dir, port)
	t.Logf("PostgreSQL back after %.1f s down", time.Since(killed).Seconds())
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		res, err := http.Get(base + "/readyz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("readyz not 200 30 s after PostgreSQL came back\n%s", srv.logs())
		}
	}
	time.Sleep(3 * time.Second) // load on the recovered database
	stopLoad()
	<-loaded
	ls := load.Stats()
	t.Logf("load: %s", ls)
	if ls.Errors > 0 {
		t.Errorf("the load saw %d errors (5xx other than 503, transport errors): %q", ls.Errors, ls.FirstErrors)
	}

	// Every acknowledged job ends succeeded, once.
	after, err := submitJob(base, "/v1/reviews", map[string]any{"moves": []string{"C3", "E3", "C5"}, "maxVisits": 16})
	if err != nil {
		t.Fatalf("a review after the crash: %v", err)
	}
	ids := append(ls.Jobs, after)
	for _, id := range ids {
		st, err := waitJobStatus(base, id, time.Now().Add(3*time.Minute))
		if err != nil || st != "succeeded" {
			t.Errorf("job %s: %s %v", id, st, err)
		}
	}
	logs := srv.logs()
	for _, id := range ids {
		checks := []struct {
			what  string
			query string
			want  int
		}{
			{"jobs rows", `SELECT count(*) FROM jobs WHERE id = $1::uuid AND status = 'succeeded'`, 1},
			{"river_job rows", `SELECT count(*) FROM river_job WHERE args->>'jobId' = $1`, 1},
		}
		for _, c := range checks {
			if got := storetest.QueryInt(t, url, c.query, id); got != c.want {
				t.Errorf("job %s: %s %d, want %d", id, c.what, got, c.want)
			}
		}
		if n := succeededLines(logs, id); n != 1 {
			t.Errorf("job %s: %d \"job succeeded\" log lines, want 1 (run once)", id, n)
		}
	}
	if d := storetest.QueryInt(t, url, `SELECT count(*) - count(DISTINCT (canonical_hash, rules, model, visits)) FROM analyses`); d != 0 {
		t.Errorf("%d duplicate analyses keys", d)
	}
	if n := storetest.QueryInt(t, url, `SELECT count(*) FROM jobs`); n < len(ids) {
		t.Errorf("%d jobs rows for %d acknowledged jobs", n, len(ids))
	}
	// The cache is used again.
	analyzeUncached(base, "F6")
	res, err := http.Post(base+"/v1/analyze", "application/json", strings.NewReader(`{"rules":{"opening":"empty"},"moves":["F6"],"maxVisits":16}`))
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if !bytes.Contains(data, []byte(`"hit":true`)) {
		t.Errorf("after the recovery the cache is not used: %d %.300s", res.StatusCode, data)
	}
	t.Logf("%d jobs acknowledged, all succeeded once; whole test %.0f s after the kill", len(ids), time.Since(killed).Seconds())
}

// waitJobStatus polls GET /v1/jobs/{id} until the job ends or the
// deadline passes, and returns its last status.
func waitJobStatus(base, id string, deadline time.Time) (string, error) {
	for {
		res, err := http.Get(base + "/v1/jobs/" + id)
		var j struct{ Status string }
		if err == nil {
			err = json.NewDecoder(res.Body).Decode(&j)
			res.Body.Close()
		}
		if j.Status == "succeeded" || j.Status == "failed" || j.Status == "cancelled" {
			return j.Status, nil
		}
		if time.Now().After(deadline) {
			return j.Status, fmt.Errorf("still %q at the deadline (%v)", j.Status, err)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// succeededLines counts the server's "job succeeded" log lines of job id.
func succeededLines(logs, id string) int {
	n := 0
	for _, l := range strings.Split(logs, "\n") {
		var rec struct{ Msg, Job string }
		if json.Unmarshal([]byte(l), &rec) == nil && rec.Msg == "job succeeded" && rec.Job == id {
			n++
		}
	}
	return n
}
