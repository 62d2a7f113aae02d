package client_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/wallzero/wallzero/api"
	"github.com/wallzero/wallzero/client"
	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/internal/testkit/storetest"
	"github.com/wallzero/wallzero/openapi"
	"github.com/wallzero/wallzero/service"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/store"
)

// startServer runs the whole API (heuristic evaluator) over a fresh
// PostgreSQL database with a job worker, as `wallzero serve -auth off`.
func startServer(t *testing.T) string {
	t.Helper()
	ctx := context.Background()
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	st, err := store.Open(ctx, storetest.URL(t), store.Options{Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(st.Close)
	an := analysis.NewAnalyzer(analysis.Evaluators{Heuristic: inference.Heuristic{}, HeuristicModel: inference.HeuristicModelID}, analysis.DefaultLimits())
	svc := service.New(service.DefaultConfig(), service.Deps{Analyzer: an, Store: st, Logger: quiet})
	w, err := st.StartWorker(ctx, store.WorkerConfig{Workers: svc.Jobs().Workers(), MaxWorkers: 2, PollInterval: 100 * time.Millisecond, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Stop(context.Background(), 5*time.Second) })
	cfg := api.DefaultConfig()
	cfg.Logger = quiet
	srv := httptest.NewServer(api.New(api.DepsOf(svc), cfg))
	t.Cleanup(srv.Close)
	return srv.URL
}

// waitJob polls a job with the generated client until it ends.
func waitJob(t *testing.T, c *client.ClientWithResponses, id string) *client.ServiceJob {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		res, err := c.GetJobWithResponse(context.Background(), id)
		if err != nil || res.JSON200 == nil {
			t.Fatalf("GET /v1/jobs/%s: %v %s", id, err, res.Body)
		}
		switch *res.JSON200.Status {
		case "succeeded", "failed", "cancelled":
			return res.JSON200
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("job %s did not end", id)
	return nil
}

func ptr[T any](v T) *T { return &v }

// TestGeneratedClient drives a real server and PostgreSQL with nothing but
// the client generated from the served document: the document it serves is
// the one the client came from; an analysis; a review submitted, polled,
// fetched and drawn as a curve; an opening batch; and a typed error.
func TestGeneratedClient(t *testing.T) {
	t.Parallel()
	url := startServer(t)
	ctx := context.Background()
	c, err := client.NewClientWithResponses(url)
	if err != nil {
		t.Fatal(err)
	}

	doc, err := http.Get(url + "/openapi.json") // the document itself, not an API call
	if err != nil {
		t.Fatal(err)
	}
	served, _ := io.ReadAll(doc.Body)
	doc.Body.Close()
	if !bytes.Equal(served, openapi.JSON) {
		t.Fatal("the server serves a different document from the one the client was generated from")
	}

	// Analyze.
	rules := &client.EngineRules{Opening: ptr(client.EngineOpening("four-stone"))}
	an, err := c.AnalyzePositionWithResponse(ctx, client.ServiceQuery{
		Id: ptr("q1"), Rules: rules, Moves: &[]string{"C3", "E3", "C5", "E5"}, MaxVisits: ptr(16), TopK: ptr(3), IncludeOwnership: ptr(true),
	})
	if err != nil || an.JSON200 == nil {
		t.Fatalf("analyze: %v %d %s", err, an.StatusCode(), an.Body)
	}
	a := (*an.JSON200.Analyses)[0]
	if *an.JSON200.Id != "q1" || len(*a.MoveInfos) == 0 || len(*a.MoveInfos) > 3 || len(*a.Ownership) != 49 || *a.RootInfo.Visits < 16 {
		t.Errorf("analysis %+v", a)
	}

	// A typed error: an illegal move names its field.
	bad, err := c.AnalyzePositionWithResponse(ctx, client.ServiceQuery{Moves: &[]string{"C3", "E3", "C5", "E5", "E5-E1:N"}})
	if err != nil || bad.JSON400 == nil || bad.JSON400.Error == nil || *bad.JSON400.Error.Code != client.Invalid || *bad.JSON400.Error.Field != "moves[4]" {
		t.Errorf("illegal move: %v %d %s", err, bad.StatusCode(), bad.Body)
	}

	// Review: submit, poll, fetch, curve.
	game := []string{"C3", "E3", "C5", "E5", "E5-E4:N", "E3-D3:S", "C3-C2:E", "C5-C6:E"}
	rv, err := c.CreateReviewWithResponse(ctx, client.ServiceReviewRequest{Id: ptr("g1"), Moves: &game, MaxVisits: ptr(16)})
	if err != nil || rv.JSON202 == nil || rv.HTTPResponse.Header.Get("Location") != "/v1/reviews/"+*rv.JSON202.Id {
		t.Fatalf("review: %v %d %s", err, rv.StatusCode(), rv.Body)
	}
	if job := waitJob(t, c, *rv.JSON202.Id); *job.Status != "succeeded" {
		t.Fatalf("review job %+v", job)
	}
	got, err := c.GetReviewWithResponse(ctx, *rv.JSON202.Id)
	if err != nil || got.JSON200 == nil || got.JSON200.Result == nil {
		t.Fatalf("get review: %v %d %s", err, got.StatusCode(), got.Body)
	}
	r := got.JSON200.Result
	if *r.Id != "g1" || len(*r.Moves) != len(game) || len(*r.WinrateCurve) != len(game)+1 || len(*r.Accuracy) != 2 {
		t.Errorf("review result: %d moves, %d curve points, accuracy %v", len(*r.Moves), len(*r.WinrateCurve), *r.Accuracy)
	}
	curve, err := c.RenderWinrateCurveWithResponse(ctx, *rv.JSON202.Id, &client.RenderWinrateCurveParams{Current: ptr(3)})
	if err != nil || curve.StatusCode() != 200 || !bytes.Contains(curve.Body, []byte("<svg")) {
		t.Errorf("curve: %v %d", err, curve.StatusCode())
	}

	// An opening batch.
	ob, err := c.CreateOpeningsBatchWithResponse(ctx, client.ServiceOpeningsRequest{
		Id: ptr("set-1"), Rules: rules, Openings: &[][]string{{"C3", "E3"}, {"C3", "E5"}, {"D4", "C3"}}, MaxVisits: ptr(8),
	})
	if err != nil || ob.JSON202 == nil {
		t.Fatalf("openings: %v %d %s", err, ob.StatusCode(), ob.Body)
	}
	job := waitJob(t, c, *ob.JSON202.Id)
	if *job.Status != "succeeded" || job.Result == nil {
		t.Fatalf("openings job %+v", job)
	}
	scores, _ := (*job.Result)["openings"].([]any)
	if len(scores) != 3 || (*job.Result)["id"] != "set-1" {
		t.Errorf("openings result %v", *job.Result)
	}

	// A picture with the record's parameter names.
	board, err := c.RenderBoardWithResponse(ctx, &client.RenderBoardParams{Moves: ptr("C3,E3,C5,E5"), Opening: ptr(client.RenderBoardParamsOpening("four-stone")), IncludeReachability: ptr(true)})
	if err != nil || board.StatusCode() != 200 || !bytes.Contains(board.Body, []byte("<svg")) {
		t.Errorf("board.svg: %v %d %s", err, board.StatusCode(), board.Body)
	}
}
