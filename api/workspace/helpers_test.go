package workspace_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/wallzero/wallzero/api"
	"github.com/wallzero/wallzero/api/workspace"
	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/internal/testkit/storetest"
	"github.com/wallzero/wallzero/search"
	"github.com/wallzero/wallzero/service"
	"github.com/wallzero/wallzero/service/access"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/store"
)

// env is the whole service on a fresh PostgreSQL database (heuristic
// evaluator, reviews at 8 visits) behind an httptest server, with a
// River worker unless asked for none.
type env struct {
	t      *testing.T
	db     string
	base   string
	st     *store.Store
	svc    *service.Service
	worker *store.Worker
	log    *slog.Logger
}

type envOptions struct {
	auth     bool
	noWorker bool
	// delay slows every evaluation call (to stop a worker midway).
	delay time.Duration
}

// slowEval delays each evaluation call.
type slowEval struct {
	e     search.Evaluator
	delay time.Duration
}

func (s slowEval) Evaluate(ctx context.Context, reqs []*search.Request) error {
	select {
	case <-time.After(s.delay):
	case <-ctx.Done():
		return ctx.Err()
	}
	return s.e.Evaluate(ctx, reqs)
}

func newEnv(t *testing.T, o envOptions) *env {
	t.Helper()
	ctx := context.Background()
	db := storetest.URL(t)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	st, err := store.Open(ctx, db, store.Options{Logger: log})
	if err != nil {
		t.Fatal(err)
	}
	var eval search.Evaluator = inference.Heuristic{}
	if o.delay > 0 {
		eval = slowEval{e: eval, delay: o.delay}
	}
	an := analysis.NewAnalyzer(analysis.Evaluators{
		Network: eval, NetworkModel: inference.HeuristicModelID,
		Heuristic: eval, HeuristicModel: inference.HeuristicModelID,
	}, analysis.DefaultLimits())
	cfg := service.DefaultConfig()
	cfg.ReviewVisits, cfg.JobParallel = 8, 2
	deps := service.Deps{Analyzer: an, Store: st, Logger: log}
	if o.auth {
		deps.Auth = access.NewAuth(st, access.AuthConfig{CacheTTL: 100 * time.Millisecond, Logger: log})
	}
	e := &env{t: t, db: db, st: st, svc: service.New(cfg, deps), log: log}
	if !o.noWorker {
		e.startWorker()
	}
	ac := api.DefaultConfig()
	ac.Logger = log
	srv := httptest.NewServer(api.New(api.DepsOf(e.svc), ac))
	e.base = srv.URL
	t.Cleanup(func() {
		srv.Close()
		if e.worker != nil {
			e.worker.Stop(context.Background(), 5*time.Second)
		}
		st.Close()
	})
	return e
}

func (e *env) startWorker() {
	e.t.Helper()
	w, err := e.st.StartWorker(context.Background(), store.WorkerConfig{Workers: e.svc.Jobs().Workers(), MaxWorkers: 2,
		JobTimeout: time.Minute, PollInterval: 100 * time.Millisecond, Logger: e.log})
	if err != nil {
		e.t.Fatal(err)
	}
	e.worker = w
}

// key makes an API key and returns its token.
func (e *env) key(name string) string {
	e.t.Helper()
	token, _, err := access.CreateKey(context.Background(), e.st, name, store.KeyQuotas{})
	if err != nil {
		e.t.Fatal(err)
	}
	return token
}

// req sends a request (a body given as []byte goes as it is with ctype,
// anything else as JSON) and decodes the answer into out when given.
func (e *env) req(method, path, token, ctype string, body any, out any) int {
	e.t.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case []byte:
		r = bytes.NewReader(b)
	default:
		data, err := json.Marshal(b)
		if err != nil {
			e.t.Fatal(err)
		}
		r, ctype = bytes.NewReader(data), "application/json"
	}
	hr, err := http.NewRequest(method, e.base+path, r)
	if err != nil {
		e.t.Fatal(err)
	}
	if ctype != "" {
		hr.Header.Set("Content-Type", ctype)
	}
	if token != "" {
		hr.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(hr)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if out != nil && len(data) > 0 {
		if err := json.Unmarshal(data, out); err != nil {
			e.t.Fatalf("%s %s: %d %s: %v", method, path, resp.StatusCode, data, err)
		}
	}
	return resp.StatusCode
}

// collection makes a collection and returns its id.
func (e *env) collection(token, name string) string {
	e.t.Helper()
	var c workspace.CollectionSummary
	if code := e.req("POST", "/v1/collections", token, "", map[string]string{"name": name}, &c); code != http.StatusCreated || c.ID == "" {
		e.t.Fatalf("POST /v1/collections: %d %+v", code, c)
	}
	return c.ID
}

// count counts rows of PostgreSQL.
func (e *env) count(query string, args ...any) int {
	e.t.Helper()
	return storetest.QueryInt(e.t, e.db, query, args...)
}

// waitFinished polls a collection until its reviews ended.
func (e *env) waitFinished(token, id string, timeout time.Duration) workspace.Collection {
	e.t.Helper()
	var c workspace.Collection
	for deadline := time.Now().Add(timeout); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		c = workspace.Collection{}
		if code := e.req("GET", "/v1/collections/"+id, token, "", nil, &c); code != http.StatusOK {
			e.t.Fatalf("GET collection: %d", code)
		}
		if c.Progress.Finished {
			return c
		}
	}
	e.t.Fatalf("the collection's reviews did not end in %v: %+v", timeout, c.Progress)
	return c
}

// waitRiverSettled waits until River has recorded the end of every job
// (each completed, cancelled or discarded): a review's jobs row ends
// before River's completer marks its River job (and an attempt rescued or
// retried under load runs again only to find its review ended), and a
// River job not ended when its collection is deleted is left to River, so
// a test that counts the River jobs a delete leaves waits for this first.
func (e *env) waitRiverSettled(timeout time.Duration) {
	e.t.Helper()
	const q = `SELECT count(*) FROM river_job WHERE state NOT IN ('completed', 'cancelled', 'discarded')`
	for deadline := time.Now().Add(timeout); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if e.count(q) == 0 {
			return
		}
	}
	e.t.Fatalf("River jobs not ended after %v: %d", timeout, e.count(q))
}

// game is the move list the test games are cut from (a four-stone
// setup, then play).
var game = []string{"C3", "E3", "C5", "E5", "E5-E4:N", "E3-D3:S", "C3-C2:E", "C5-C6:E", "B6-B7:E", "F6-F5:W"}

// jsonLine is a JSON line of an import: the first n moves of game.
func jsonLine(n int, red, blue, date string) string {
	return fmt.Sprintf(`{"rules":{"players":2},"moves":%s,"players":{"red":%q,"blue":%q},"date":%q,"event":"club"}`,
		mustJSON(game[:n]), red, blue, date)
}

func mustJSON(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(data)
}

// lines joins import lines.
func lines(ls ...string) []byte { return []byte(strings.Join(ls, "\n") + "\n") }
