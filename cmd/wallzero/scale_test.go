package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/internal/testkit/storetest"
)

// proc is a wallzero process started by the scale-out test, with its log.
type proc struct {
	cmd *exec.Cmd
	mu  sync.Mutex
	log bytes.Buffer
}

// startProc starts `wallzero ARGS...` (no WALLZERO_* settings from the
// environment) and waits for the JSON log line with message ready; it
// returns that line's addr (empty for a worker).
func startProc(bin, ready string, args ...string) (*proc, string, error) {
	cmd := exec.Command(bin, args...)
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "WALLZERO_") && !strings.HasPrefix(kv, "DATABASE_URL=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return nil, "", err
	}
	if err := cmd.Start(); err != nil {
		return nil, "", err
	}
	p := &proc{cmd: cmd}
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			line := sc.Bytes()
			p.mu.Lock()
			p.log.Write(line)
			p.log.WriteByte('\n')
			p.mu.Unlock()
			var rec struct{ Msg, Addr string }
			if json.Unmarshal(line, &rec) == nil && rec.Msg == ready {
				select {
				case addr <- rec.Addr:
				default:
				}
			}
		}
		io.Copy(io.Discard, stderr)
	}()
	select {
	case a := <-addr:
		return p, a, nil
	case <-time.After(60 * time.Second):
		p.stop()
		return nil, "", fmt.Errorf("wallzero %s did not log %q:\n%s", args[0], ready, p.logs())
	}
}

func (p *proc) logs() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.log.String()
}

// stop ends the process (SIGTERM, then SIGKILL) if it still runs.
func (p *proc) stop() {
	if p.cmd.ProcessState != nil {
		return
	}
	p.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { p.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		p.cmd.Process.Kill()
		<-done
	}
}

// scaleJob is what the test submits and then expects back.
type scaleJob struct {
	path  string // /v1/reviews or /v1/openings/batch
	body  map[string]any
	items int // positions reviewed (moves) or openings scored
	id    string
}

// TestManyProcessesOneDatabase runs one `serve` that runs no jobs
// (-job-workers 0) and two `worker` processes on one PostgreSQL, submits
// reviews and opening batches through the API, SIGKILLs one worker while
// both are running jobs, and checks that every job succeeds exactly once:
// one jobs row and one River row per job, a complete result, the killed
// worker's job rescued (River records the rescue), no duplicate cache
// rows. Jobs hand back to the queue every -job-step (2 s) and an
// abandoned one is rescued -job-timeout (10 s) + store.RescueMargin + up to
// River's 30 s rescuer interval after its step began.
func TestManyProcessesOneDatabase(t *testing.T) {
	t.Parallel()
	url := storetest.URL(t)
	bin := buildBinary(t)
	start := time.Now()
	srv, addr, err := startProc(bin, "serving", "serve", "-auth", "off", "-model", "heuristic", "-addr", "127.0.0.1:0",
		"-database-url", url, "-log-format", "json", "-job-workers", "0")
	if err != nil {
		t.Fatal(err)
	}
	defer srv.stop()
	base := "http://" + addr
	workerArgs := []string{"worker", "-model", "heuristic", "-database-url", url, "-log-format", "json", "-migrate=false",
		"-job-workers", "1", "-job-parallel", "2", "-job-timeout", "10s", "-job-step", "2s"}
	var workers [2]*proc
	for i := range workers {
		if workers[i], _, err = startProc(bin, "job worker started", workerArgs...); err != nil {
			t.Fatal(err)
		}
		defer workers[i].stop()
	}

	var jobs []*scaleJob
	for i, plies := range [][2]int{{30, 40}, {40, 50}, {50, 60}} {
		moves := randomGameFrom(t, uint64(100+i), plies[0], plies[1])
		jobs = append(jobs, &scaleJob{path: "/v1/reviews", items: len(moves),
			body: map[string]any{"id": fmt.Sprintf("review-%d", i), "moves": moves, "maxVisits": 200}})
	}
	start0 := engine.NewPosition(engine.DefaultRules())
	legal := start0.LegalMoves(nil)
	for b := 0; b < 2; b++ {
		var openings [][]string
		for i := b; i < len(legal) && len(openings) < 16; i += 2 {
			openings = append(openings, []string{legal[i].String()})
		}
		jobs = append(jobs, &scaleJob{path: "/v1/openings/batch", items: len(openings),
			body: map[string]any{"id": fmt.Sprintf("batch-%d", b), "openings": openings, "maxVisits": 200}})
	}
	for _, j := range jobs {
		if j.id, err = submitJob(base, j.path, j.body); err != nil {
			t.Fatal(err)
		}
	}

	// Kill worker 0 while both workers hold a running job and work has been
	// done, so that one job is certainly abandoned mid-way.
	conn, err := pgx.Connect(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		var clients int
		if err := conn.QueryRow(context.Background(), `SELECT count(DISTINCT attempted_by[array_length(attempted_by, 1)])
			FROM river_job WHERE state = 'running'`).Scan(&clients); err != nil {
			t.Fatal(err)
		}
		if clients == 2 && progressed(base, jobs) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the two workers never ran jobs at the same time\nworker 0:\n%s\nworker 1:\n%s", workers[0].logs(), workers[1].logs())
		}
	}
	if err := workers[0].cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	workers[0].cmd.Wait()
	killed := time.Now()
	t.Logf("killed worker 0 %.1f s after the start", killed.Sub(start).Seconds())

	for _, j := range jobs {
		done, err := waitJob(base, j.id, killed.Add(120*time.Second))
		if err != nil {
			t.Fatalf("%v\nworker 1:\n%s", err, workers[1].logs())
		}
		if done.Status != "succeeded" {
			t.Fatalf("%s: %s (%s)", j.body["id"], done.Status, done.Error)
		}
		var res struct {
			Moves    []json.RawMessage `json:"moves"`
			Openings []json.RawMessage `json:"openings"`
		}
		if err := json.Unmarshal(done.Result, &res); err != nil {
			t.Fatal(err)
		}
		if got := len(res.Moves) + len(res.Openings); got != j.items {
			t.Errorf("%s: %d items in the result, want %d", j.body["id"], got, j.items)
		}
	}
	t.Logf("%d jobs finished %.1f s after the start, %.1f s after the kill", len(jobs), time.Since(start).Seconds(), time.Since(killed).Seconds())

	count := func(query string) int {
		var n int
		if err := conn.QueryRow(context.Background(), query).Scan(&n); err != nil {
			t.Fatalf("%s: %v", query, err)
		}
		return n
	}
	// River marks its rows completed a moment after the job rows say
	// succeeded (its completer works in batches).
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if count(`SELECT count(*) FROM river_job WHERE kind IN ('wallzero_review', 'wallzero_openings') AND state <> 'completed'`) == 0 {
			break
		}
	}
	for _, c := range []struct {
		what, query string
		want        int
	}{
		{"jobs rows", `SELECT count(*) FROM jobs`, len(jobs)},
		{"succeeded jobs rows", `SELECT count(*) FROM jobs WHERE status = 'succeeded'`, len(jobs)},
		{"wallzero river_job rows", `SELECT count(*) FROM river_job WHERE kind IN ('wallzero_review', 'wallzero_openings')`, len(jobs)},
		{"completed wallzero river_job rows", `SELECT count(*) FROM river_job WHERE kind IN ('wallzero_review', 'wallzero_openings') AND state = 'completed'`, len(jobs)},
		{"jobs with more than one River row", `SELECT count(*) FROM (SELECT args->>'jobId' FROM river_job
			WHERE kind IN ('wallzero_review', 'wallzero_openings') GROUP BY 1 HAVING count(*) > 1) d`, 0},
		{"duplicate analyses keys", `SELECT count(*) - count(DISTINCT (canonical_hash, rules, model, visits)) FROM analyses`, 0},
	} {
		if got := count(c.query); got != c.want {
			t.Errorf("%s: %d, want %d", c.what, got, c.want)
		}
	}
	if n := count(`SELECT count(*) FROM river_job WHERE kind IN ('wallzero_review', 'wallzero_openings') AND errors::text LIKE '%rescued%'`); n < 1 {
		t.Errorf("no job records a rescue, but worker 0 was killed holding one")
	} else {
		t.Logf("%d job(s) rescued from the killed worker", n)
	}
}

// randomGameFrom plays random legal moves from seed on until a game has
// minPlies..maxPlies moves.
func randomGameFrom(t *testing.T, seed uint64, minPlies, maxPlies int) []string {
	t.Helper()
	for s := seed; s < seed+200; s++ {
		moves := playRandom(s, maxPlies)
		if len(moves) >= minPlies {
			return moves
		}
	}
	t.Fatal("no random game long enough")
	return nil
}

func submitJob(base, path string, body any) (string, error) {
	data, _ := json.Marshal(body)
	resp, err := http.Post(base+path, "application/json", bytes.NewReader(data))
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	var j struct{ ID string }
	if resp.StatusCode != http.StatusAccepted || json.Unmarshal(out, &j) != nil || j.ID == "" {
		return "", fmt.Errorf("POST %s: %d %s", path, resp.StatusCode, out)
	}
	return j.ID, nil
}

// progressed reports whether some job has finished part of its work.
func progressed(base string, jobs []*scaleJob) bool {
	p := &serveProc{base: base}
	for _, j := range jobs {
		if s, err := p.job(j.id); err == nil && s.Status == "running" && s.Progress.Done > 0 {
			return true
		}
	}
	return false
}

// waitJob polls GET /v1/jobs/ID until the job ends or the deadline.
func waitJob(base, id string, deadline time.Time) (crashJob, error) {
	p := &serveProc{base: base}
	return p.waitDone(id, deadline)
}

// playRandom plays up to maxPlies seeded random legal moves.
func playRandom(seed uint64, maxPlies int) []string {
	rng := rand.New(rand.NewPCG(seed, 11))
	pos := engine.NewPosition(engine.DefaultRules())
	var moves []string
	for len(moves) < maxPlies && !pos.IsOver() {
		legal := pos.LegalMoves(nil)
		m := legal[rng.IntN(len(legal))]
		if pos.Play(m) != nil {
			break
		}
		moves = append(moves, m.String())
	}
	return moves
}
