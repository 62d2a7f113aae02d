package api_test

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wallzero/wallzero/api/wire"
	"github.com/wallzero/wallzero/internal/testkit/storetest"
	"github.com/wallzero/wallzero/service/jobs"
	"github.com/wallzero/wallzero/store"
)

// localpg runs scripts/localpg.sh and returns its output.
func localpg(t *testing.T, args ...string) string {
	t.Helper()
	script, err := filepath.Abs(filepath.Join("..", "scripts", "localpg.sh"))
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

// TestDatabaseOutage stops the PostgreSQL server under a running service
// and starts it again: meanwhile /analyze answers uncached, /readyz says
// 503 without connection details, job submissions get a 503 that names
// nothing private; afterwards everything recovers without a restart.
func TestDatabaseOutage(t *testing.T) {
	t.Parallel()
	if os.Getenv(storetest.EnvURL) == "" && os.Getenv(storetest.EnvRequire) != "1" {
		t.Skip("skipped: needs PostgreSQL server binaries; `make test` runs it")
	}
	dir := t.TempDir()
	port := localpg(t, "free-port", "28100")
	url := localpg(t, "start", dir, port, "outage", "--throwaway")
	t.Cleanup(func() { localpg(t, "destroy", dir) })
	if _, err := store.Migrate(context.Background(), url); err != nil {
		t.Fatal(err)
	}
	ts := start(t, url, options{})

	analyze := func(square string) (rawResponse, *wire.Analysis) {
		r := ts.send("POST", "/v1/analyze", `{"rules":{"opening":"empty"},"moves":["`+square+`"],"maxVisits":16}`, nil)
		var res struct{ Analyses []*wire.Analysis }
		if r.status == http.StatusOK {
			decode(t, r.body, &res)
			return r, res.Analyses[0]
		}
		return r, nil
	}
	if r, _ := analyze("A1"); r.status != 200 {
		t.Fatalf("before the outage: %d %s", r.status, r.body)
	}

	localpg(t, "stop", dir)
	for i, sq := range []string{"B2", "B2"} {
		r, a := analyze(sq)
		if r.status != 200 || a.Cache == nil || a.Cache.Hit {
			t.Fatalf("analysis %d during the outage: %d %s", i, r.status, r.body)
		}
	}
	private := []string{"127.0.0.1", port, "postgres", "outage", "dial", "connect", "SQLSTATE"}
	ready := ts.send("GET", "/readyz", "", nil)
	if ready.status != http.StatusServiceUnavailable || !strings.Contains(string(ready.body), `"database":"unavailable"`) {
		t.Errorf("readyz during the outage: %d %s", ready.status, ready.body)
	}
	review := ts.send("POST", "/v1/reviews", `{"moves":["C3","E3"],"maxVisits":8}`, nil)
	if review.status != http.StatusServiceUnavailable || review.err.Code != "unavailable" || review.err.RequestID == "" {
		t.Errorf("review during the outage: %d %s", review.status, review.body)
	}
	for _, r := range []rawResponse{ready, review} {
		for _, p := range private {
			if strings.Contains(string(r.body), p) {
				t.Errorf("an answer during the outage names %q: %s", p, r.body)
			}
		}
	}

	localpg(t, "start", dir, port, "outage", "--throwaway")
	deadline := time.Now().Add(20 * time.Second)
	for ts.send("GET", "/readyz", "", nil).status != http.StatusOK {
		if time.Now().After(deadline) {
			t.Fatal("readyz still 503 20 s after the database came back")
		}
		time.Sleep(100 * time.Millisecond)
	}
	analyze("C3")
	if r, a := analyze("C3"); r.status != 200 || !a.Cache.Hit {
		t.Errorf("after the outage the cache is not used again: %d %s", r.status, r.body)
	}
	var j jobs.Job
	if code := ts.do("POST", "/v1/reviews", map[string]any{"moves": []string{"C3", "E3"}, "maxVisits": 8}, &j); code != http.StatusAccepted {
		t.Fatalf("review after the outage: %d", code)
	}
	ts.waitJob(j.ID, time.Minute, "succeeded")
}

// decode unmarshals JSON or fails the test.
func decode(t *testing.T, data []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%v: %s", err, data)
	}
}
