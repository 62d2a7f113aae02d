package workspace_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/wallzero/wallzero/api/workspace"
	"github.com/wallzero/wallzero/store"
)

// TestWorkerStoppedMidway: the worker stops (its jobs cut off mid-step)
// while a collection is half reviewed, and a new one finishes it: every
// game is reviewed once, by its one job, and the positions analysed
// before the stop are read from the cache, not searched again.
func TestWorkerStoppedMidway(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{delay: 5 * time.Millisecond})
	id := e.collection("", "class")
	var ls []string
	for range 6 {
		ls = append(ls, jsonLine(10, "Ana", "Ben", ""))
	}
	var imp workspace.ImportResult
	if code := e.req("POST", "/v1/collections/"+id+"/games", "", "application/x-ndjson", []byte(strings.Join(ls, "\n")), &imp); code != http.StatusCreated {
		t.Fatalf("import: %d", code)
	}
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
		var c workspace.Collection
		e.req("GET", "/v1/collections/"+id, "", "", nil, &c)
		if c.Progress.PositionsDone > 0 {
			if c.Progress.Finished {
				t.Fatalf("the reviews ended before the worker could be stopped: %+v", c.Progress)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no review started")
		}
	}
	if err := e.worker.Stop(context.Background(), 0); err != nil {
		t.Fatal(err)
	}
	before := e.count("SELECT count(*) FROM jobs WHERE status = 'succeeded'")
	e.startWorker()
	c := e.waitFinished("", id, 2*time.Minute)
	if c.Progress.Done != 6 || c.Progress.Failed+c.Progress.Cancelled != 0 {
		t.Fatalf("progress %+v", c.Progress)
	}
	if n := e.count("SELECT count(*) FROM jobs"); n != 6 {
		t.Errorf("%d jobs for 6 games", n)
	}
	if n := e.count("SELECT count(*) FROM ws_games g JOIN jobs j ON j.id = g.job_id WHERE j.status = 'succeeded' AND j.result IS NOT NULL"); n != 6 {
		t.Errorf("%d games with a result, want 6", n)
	}
	// River records a job's completion after its worker returns (its
	// completer batches them), so the last may lag the jobs row briefly.
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		n := e.count("SELECT count(*) FROM river_job WHERE state NOT IN ('completed')")
		if n == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Errorf("%d River jobs not completed", n)
			break
		}
	}
	searches := e.svc.Metrics().BatchSearches.Load()
	rows := e.count("SELECT count(*) FROM analyses")
	t.Logf("%d reviews done before the stop; %d batch searches for %d cached positions of 6 games of 11 positions", before, searches, rows)
	if searches > int64(rows)+4 {
		t.Errorf("%d searches for %d positions: positions were searched again", searches, rows)
	}
}

// TestBackgroundAfterInteractive: a review asked one by one after an
// import is worked before the import's reviews (River priority), and
// the import's reviews then all finish.
func TestBackgroundAfterInteractive(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{noWorker: true})
	id := e.collection("", "class")
	var ls []string
	for i := range 8 {
		ls = append(ls, jsonLine(5+i%6, "Ana", "Ben", ""))
	}
	if code := e.req("POST", "/v1/collections/"+id+"/games", "", "application/x-ndjson", []byte(strings.Join(ls, "\n")), nil); code != http.StatusCreated {
		t.Fatalf("import: %d", code)
	}
	var job struct{ ID string }
	if code := e.req("POST", "/v1/reviews", "", "", map[string]any{"moves": game}, &job); code != http.StatusAccepted {
		t.Fatalf("review: %d", code)
	}
	w, err := e.st.StartWorker(context.Background(), store.WorkerConfig{Workers: e.svc.Jobs().Workers(), MaxWorkers: 1,
		JobTimeout: time.Minute, PollInterval: 100 * time.Millisecond, Logger: e.log})
	if err != nil {
		t.Fatal(err)
	}
	e.worker = w
	e.waitFinished("", id, 2*time.Minute)
	if n := e.count(`SELECT count(*) FROM jobs j, jobs single WHERE single.id = $1 AND j.id <> single.id AND j.started_at < single.started_at`, job.ID); n != 0 {
		t.Errorf("%d background reviews started before the review asked after them", n)
	}
}
