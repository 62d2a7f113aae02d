package api_test

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"
	"time"

	"github.com/wallzero/wallzero/api"
	"github.com/wallzero/wallzero/engine/player"
	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/internal/reqid"
	"github.com/wallzero/wallzero/internal/testkit/inferencetest"
	"github.com/wallzero/wallzero/internal/testkit/storetest"
	"github.com/wallzero/wallzero/search"
	"github.com/wallzero/wallzero/service"
	"github.com/wallzero/wallzero/service/access"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/jobs"
	"github.com/wallzero/wallzero/service/levels"
	"github.com/wallzero/wallzero/service/rating"
	"github.com/wallzero/wallzero/store"
	"github.com/wallzero/wallzero/store/memstore"
)

// slowEval delays every evaluation call, so jobs last long enough to be
// interrupted.
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

// gateEval holds every evaluation call until gate is closed, so a test
// decides when searches may finish.
type gateEval struct {
	e    search.Evaluator
	gate <-chan struct{}
}

func (g gateEval) Evaluate(ctx context.Context, reqs []*search.Request) error {
	select {
	case <-g.gate:
	case <-ctx.Done():
		return ctx.Err()
	}
	return g.e.Evaluate(ctx, reqs)
}

// options tune a test server.
type options struct {
	delay       time.Duration // per evaluation call
	gate        chan struct{} // evaluations wait until it is closed
	logTo       io.Writer     // the server's log, with request ids (nil: discarded)
	jobParallel int
	maxOpenings int
	maxBody     int64
	noWorker    bool
	admission   access.AdmissionConfig
	streams     access.StreamConfig
	cors        []string
	// auth runs the server with -auth required: keys verified for authTTL
	// (default 200 ms), keys without quotas get quotas (zero: unlimited).
	auth        bool
	authTTL     time.Duration
	quotas      access.Quotas
	bodyTimeout time.Duration // api.Config.BodyTimeout when positive
	// wrap, when set, wraps the evaluator (after delay and gate), e.g. to
	// record when evaluation calls start and end.
	wrap func(search.Evaluator) search.Evaluator
	// levels and newPlayer are the levels of POST /v1/play and their
	// player constructor (play_test.go).
	levels    *levels.File
	newPlayer player.Constructor
	// ratings are the rating estimate's calibrations (rating_test.go).
	ratings *rating.File
	// reviewLevels is the ladder reviews measure moves against
	// (review_level_test.go).
	reviewLevels *levels.File
	// multiModel, when set, is an ONNX multi-player model that analyses
	// three- and four-player games (analysis.Evaluators.Multi) and is
	// listed by GET /v1/models as serve lists it; the test is skipped
	// without ONNX Runtime (failed with WALLZERO_REQUIRE_ORT=1).
	multiModel string
	// multiModel4, when set, is a four-player network of its own that
	// takes four-player games from multiModel, as serve's -mp4-model.
	multiModel4 string
}

// testServer is the whole service (heuristic evaluator, store, River
// worker, gin) behind an httptest server. The store is a real PostgreSQL
// database with River's worker when the tests have one (`make test`), else
// the in-memory store without a worker (`make check`): the tests that need
// jobs, SQL or an outage then skip (needsPostgres).
type testServer struct {
	t      *testing.T
	url    string
	svc    *service.Service
	store  testStore
	pg     *store.Store // nil on the memory store
	worker *store.Worker
	http   *httptest.Server
}

// testStore is what the tests read of either store.
type testStore interface {
	storetest.Conformer
	CountAnalyses(ctx context.Context) (int64, error)
}

// memoryURL is newDatabase's answer when there is no PostgreSQL: start
// then runs the server on the in-memory store.
const memoryURL = "memory:"

// newDatabase returns a fresh migrated database for the test, or
// memoryURL when no PostgreSQL is set and none is required.
func newDatabase(t *testing.T) string {
	if os.Getenv(storetest.EnvURL) == "" && os.Getenv(storetest.EnvRequire) != "1" {
		return memoryURL
	}
	return storetest.URL(t)
}

// needsPostgres skips the test on the memory store: it runs jobs (River's
// worker), reads SQL or stops the database.
func (ts *testServer) needsPostgres() {
	ts.t.Helper()
	if ts.pg == nil {
		ts.t.Skipf("skipped: needs PostgreSQL (jobs, SQL or an outage); set %s or run `make test`", storetest.EnvURL)
	}
}

func start(t *testing.T, dbURL string, o options) *testServer {
	t.Helper()
	ctx := context.Background()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	if o.logTo != nil {
		log = slog.New(reqid.Handler{Handler: slog.NewTextHandler(o.logTo, &slog.HandlerOptions{Level: slog.LevelDebug})})
	}
	var eval search.Evaluator = inference.Heuristic{}
	if o.delay > 0 {
		eval = slowEval{e: eval, delay: o.delay}
	}
	if o.gate != nil {
		eval = gateEval{e: eval, gate: o.gate}
	}
	if o.wrap != nil {
		eval = o.wrap(eval)
	}
	metrics := &analysis.Metrics{}
	evals := analysis.Evaluators{
		Network: analysis.Metered(eval, metrics), NetworkModel: inference.HeuristicModelID,
		Heuristic: analysis.Metered(eval, metrics), HeuristicModel: inference.HeuristicModelID,
	}
	models := []service.Model{service.HeuristicModel([]int{2, 3, 4}, "test")}
	shared := []int{3, 4} // multiModel's counts: both, or three beside multiModel4
	if o.multiModel4 != "" {
		shared = []int{3}
	}
	for _, m := range []struct {
		path    string
		players []int
	}{{o.multiModel, shared}, {o.multiModel4, []int{4}}} {
		if m.path == "" {
			continue
		}
		multi, info := loadMultiModel(t, m.path)
		evals.Multi = append(evals.Multi, analysis.CountEvaluator{Players: m.players, Eval: analysis.Metered(multi, metrics), Info: info})
		models = service.WithMultiModel(models, info, m.players)
	}
	an := analysis.NewAnalyzer(evals, analysis.DefaultLimits())
	var st testStore
	var pg *store.Store
	if dbURL == memoryURL {
		st = memstore.New()
	} else {
		var err error
		if pg, err = store.Open(ctx, dbURL, store.Options{Logger: log}); err != nil {
			t.Fatal(err)
		}
		st = pg
	}
	cfg := service.DefaultConfig()
	cfg.JobParallel = max(1, o.jobParallel)
	if o.maxOpenings > 0 {
		cfg.MaxOpenings = o.maxOpenings
	}
	cfg.Admission = o.admission
	cfg.Streams = o.streams
	deps := service.Deps{Analyzer: an, Store: st, Metrics: metrics, Logger: log,
		Models: models, Levels: o.levels, NewPlayer: o.newPlayer,
		Ratings: o.ratings, ReviewLevels: o.reviewLevels}
	if o.auth {
		deps.Auth = access.NewAuth(st, access.AuthConfig{CacheTTL: cmp.Or(o.authTTL, 200*time.Millisecond), Defaults: o.quotas, Logger: log})
	}
	svc := service.New(cfg, deps)
	ts := &testServer{t: t, svc: svc, store: st, pg: pg}
	if !o.noWorker && pg != nil {
		var err error
		ts.worker, err = pg.StartWorker(ctx, store.WorkerConfig{Workers: svc.Jobs().Workers(), MaxWorkers: 2, JobTimeout: time.Minute,
			PollInterval: 100 * time.Millisecond, Logger: log})
		if err != nil {
			t.Fatal(err)
		}
	}
	ac := api.DefaultConfig()
	ac.Logger = log
	if o.maxBody > 0 {
		ac.MaxBodyBytes = o.maxBody
	}
	ac.CORSOrigins = o.cors
	if o.bodyTimeout > 0 {
		ac.BodyTimeout = o.bodyTimeout
	}
	ts.http = httptest.NewServer(api.New(api.DepsOf(svc), ac))
	ts.url = ts.http.URL
	t.Cleanup(ts.stop)
	return ts
}

// loadMultiModel loads an ONNX model through a batcher, as serve's
// -mp-model does, and closes both when the test ends (after the server,
// whose cleanup is registered later). Without ONNX Runtime the test is
// skipped, or failed under WALLZERO_REQUIRE_ORT=1 (`make test`).
func loadMultiModel(t *testing.T, path string) (search.Evaluator, inference.ModelInfo) {
	t.Helper()
	inferencetest.RequireRuntime(t)
	net, err := inference.LoadNetwork(path, inference.NetworkConfig{})
	if err != nil {
		t.Fatal(err)
	}
	b := inference.NewBatcher(net, inference.DefaultBatcherConfig())
	t.Cleanup(func() {
		b.Close()
		if err := net.Close(); err != nil {
			t.Errorf("closing %s: %v", path, err)
		}
	})
	return b, net.ModelInfo()
}

// stop shuts the server down like serve does: HTTP first, then the worker
// (running jobs are re-queued), then the pool.
func (ts *testServer) stop() {
	if ts.http == nil {
		return
	}
	ts.http.Close()
	if ts.worker != nil {
		if err := ts.worker.Stop(context.Background(), 10*time.Millisecond); err != nil {
			ts.t.Errorf("stopping the worker: %v", err)
		}
	}
	ts.store.Close()
	ts.http = nil
}

// do sends a request and decodes a JSON answer into out (if non-nil).
func (ts *testServer) do(method, path string, body any, out any) int {
	ts.t.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		r = bytes.NewBufferString(b)
	case []byte:
		r = bytes.NewReader(b)
	default:
		data, err := json.Marshal(b)
		if err != nil {
			ts.t.Fatal(err)
		}
		r = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, ts.url+path, r)
	if err != nil {
		ts.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		ts.t.Fatal(err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		ts.t.Fatal(err)
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			ts.t.Fatalf("%s %s: %d %s: %v", method, path, res.StatusCode, data, err)
		}
	}
	return res.StatusCode
}

// waitJob polls a job until it reaches one of the statuses.
func (ts *testServer) waitJob(id string, timeout time.Duration, statuses ...string) jobs.Job {
	ts.t.Helper()
	ts.needsPostgres()
	deadline := time.Now().Add(timeout)
	for {
		var j jobs.Job
		if code := ts.do("GET", "/v1/jobs/"+id, nil, &j); code != 200 {
			ts.t.Fatalf("GET job: %d", code)
		}
		for _, s := range statuses {
			if j.Status == s {
				return j
			}
		}
		if time.Now().After(deadline) {
			ts.t.Fatalf("job %s still %s (%+v) after %v; want %v", id, j.Status, j.Progress, timeout, statuses)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func httpGet(url string) (string, error) {
	res, err := http.Get(url)
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return string(b), err
}
