package service_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/internal/testkit/storetest"
	"github.com/wallzero/wallzero/service"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/jobs"
	"github.com/wallzero/wallzero/store"
)

var stepGame = []string{"C3", "E3", "C5", "E5", "E5-E4:N", "E3-D3:S", "C3-C2:E", "C5-C6:E", "B6-B7:E", "F6-F5:W"}

// newJobService is the service with the heuristic evaluator, a fresh
// database and a River worker, with steps of step.
func newJobService(t *testing.T, step time.Duration) (*service.Service, string) {
	t.Helper()
	ctx := context.Background()
	url := storetest.URL(t)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	an := analysis.NewAnalyzer(analysis.Evaluators{
		Network: inference.Heuristic{}, NetworkModel: inference.HeuristicModelID,
		Heuristic: inference.Heuristic{}, HeuristicModel: inference.HeuristicModelID,
	}, analysis.DefaultLimits())
	st, err := store.Open(ctx, url, store.Options{Logger: log})
	if err != nil {
		t.Fatal(err)
	}
	cfg := service.DefaultConfig()
	cfg.JobParallel = 2
	cfg.Jobs.Step = step
	svc := service.New(cfg, service.Deps{Analyzer: an, Store: st, Logger: log})
	w, err := st.StartWorker(ctx, store.WorkerConfig{Workers: svc.Jobs().Workers(), MaxWorkers: 1, PollInterval: 100 * time.Millisecond, Logger: log})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		w.Stop(context.Background(), 5*time.Second)
		st.Close()
	})
	return svc, url
}

func waitJob(t *testing.T, svc *service.Service, id string) *jobs.Job {
	t.Helper()
	for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		j, err := svc.Jobs().Job(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if j.Status != store.StatusQueued && j.Status != store.StatusRunning {
			return j
		}
	}
	t.Fatalf("job %s did not end", id)
	return nil
}

// snoozes returns how many times River snoozed the job (its steps less
// one).
func snoozes(t *testing.T, url, id string) int {
	t.Helper()
	return storetest.QueryInt(t, url, `SELECT coalesce((metadata->>'snoozes')::int, 0) FROM river_job WHERE args->>'jobId' = $1`, id)
}

// TestJobSteps: a job cut into many steps (one work item each) ends with
// the result of a job done in one step, counts one run, and spends no
// River attempts on its steps.
func TestJobSteps(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	type submit func(svc *service.Service) (*jobs.Job, error)
	for _, tc := range []struct {
		name   string
		submit submit
	}{
		{"review", func(svc *service.Service) (*jobs.Job, error) {
			return svc.Jobs().SubmitReview(ctx, &jobs.ReviewRequest{ID: "steps", Moves: stepGame, MaxVisits: 40})
		}},
		{"openings", func(svc *service.Service) (*jobs.Job, error) {
			return svc.Jobs().SubmitOpenings(ctx, &jobs.OpeningsRequest{ID: "steps", MaxVisits: 30,
				Openings: [][]string{{"C3", "E3"}, {"C5", "E5"}, {"C3"}, {"E5"}, {"C3", "E5"}, {"E3", "C5"}}})
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var results [2]json.RawMessage
			for i, step := range []time.Duration{time.Hour, time.Nanosecond} {
				svc, url := newJobService(t, step)
				j, err := tc.submit(svc)
				if err != nil {
					t.Fatal(err)
				}
				done := waitJob(t, svc, j.ID)
				if done.Status != store.StatusSucceeded || done.Attempts != 1 || done.Progress.Done != done.Progress.Total {
					t.Fatalf("step %v: %+v, want succeeded in 1 run", step, done)
				}
				n := snoozes(t, url, j.ID)
				if step == time.Hour && n != 0 || step == time.Nanosecond && n < 1 {
					t.Errorf("step %v: %d snoozes", step, n)
				}
				t.Logf("step %v: %d steps", step, n+1)
				results[i] = done.Result
			}
			var a, b any
			json.Unmarshal(results[0], &a)
			json.Unmarshal(results[1], &b)
			if ja, _ := json.Marshal(a); string(ja) != mustJSON(b) {
				t.Errorf("results differ:\none step: %s\nmany steps: %s", results[0], results[1])
			}
		})
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// TestRetentionJobs: the periodic job exists only with an interval.
func TestRetentionJobs(t *testing.T) {
	t.Parallel()
	if got := jobs.RetentionJobs(jobs.RetentionConfig{}); got != nil {
		t.Errorf("Every 0: %d periodic jobs", len(got))
	}
	if got := jobs.RetentionJobs(jobs.DefaultRetention()); len(got) != 1 {
		t.Errorf("default: %d periodic jobs, want 1", len(got))
	}
}
