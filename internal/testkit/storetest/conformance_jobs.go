package storetest

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"github.com/wallzero/wallzero/store"
)

// conformJobs: a job's life from queued to an end, the runs counted,
// progress kept, and what each method does to a job in each state.
func conformJobs(t *testing.T, open func(t *testing.T) Subject) {
	st := open(t).Store
	ctx := context.Background()
	t.Run("created queued", func(t *testing.T) {
		before := time.Now().Add(-time.Minute)
		j := create(t, st, newJob("review", store.AnyOwner, 0))
		if j.Status != store.StatusQueued || j.Kind != "review" || j.RiverJobID == 0 || j.Total != 4 || j.Done != 0 || j.Attempts != 0 ||
			!store.ValidJobID(j.ID) || !jsonEqual(j.Request, []byte(`{"moves":[],"n":1}`)) || j.Result != nil || j.Error != "" ||
			j.CreatedAt.Before(before) || j.StartedAt != nil || j.FinishedAt != nil {
			t.Fatalf("created %+v", j)
		}
		if got, err := st.Job(ctx, j.ID); err != nil || got.ID != j.ID || got.Status != store.StatusQueued {
			t.Errorf("read back %+v %v", got, err)
		}
	})
	t.Run("every kind", func(t *testing.T) {
		for _, kind := range []string{"review", "openings", "explorer-fill"} {
			create(t, st, newJob(kind, store.AnyOwner, 0))
		}
	})
	t.Run("lifecycle", func(t *testing.T) {
		j := create(t, st, newJob("review", store.AnyOwner, 0))
		steps := []struct {
			name         string
			do           func() error
			status       string
			attempts     int
			done         int
			errorMessage string
		}{
			{"start", func() error { _, err := st.StartJob(ctx, j.ID, 1); return err }, store.StatusRunning, 1, 0, ""},
			{"progress", func() error { return progress(ctx, st, j.ID, 3, store.StatusRunning) }, store.StatusRunning, 1, 3, ""},
			{"requeue", func() error { return st.RequeueJob(ctx, j.ID, "interrupted") }, store.StatusQueued, 1, 3, "interrupted"},
			{"progress while queued is not kept", func() error { return progress(ctx, st, j.ID, 4, store.StatusQueued) }, store.StatusQueued, 1, 3, "interrupted"},
			{"a queued job's start counts a run", func() error { _, err := st.StartJob(ctx, j.ID, 1); return err }, store.StatusRunning, 2, 3, "interrupted"},
			{"progress never goes back", func() error { return progress(ctx, st, j.ID, 1, store.StatusRunning) }, store.StatusRunning, 2, 3, "interrupted"},
			{"another step of a run counts none", func() error { _, err := st.StartJob(ctx, j.ID, 1); return err }, store.StatusRunning, 2, 3, "interrupted"},
			{"a lower River attempt counts none", func() error { _, err := st.StartJob(ctx, j.ID, 0); return err }, store.StatusRunning, 2, 3, "interrupted"},
			{"a rescue (River's attempt rose) counts a run", func() error { _, err := st.StartJob(ctx, j.ID, 2); return err }, store.StatusRunning, 3, 3, "interrupted"},
			{"finish", func() error {
				ok, err := st.FinishJob(ctx, j.ID, []byte(`{"ok":true}`))
				if err == nil && !ok {
					err = errors.New("not finished")
				}
				return err
			}, store.StatusSucceeded, 3, 4, ""},
			{"start after the end changes nothing", func() error { _, err := st.StartJob(ctx, j.ID, 5); return err }, store.StatusSucceeded, 3, 4, ""},
			{"fail after the end changes nothing", func() error { return st.FailJob(ctx, j.ID, "late") }, store.StatusSucceeded, 3, 4, ""},
			{"requeue after the end changes nothing", func() error { return st.RequeueJob(ctx, j.ID, "late") }, store.StatusSucceeded, 3, 4, ""},
			{"progress after the end changes nothing", func() error { return progress(ctx, st, j.ID, 0, store.StatusSucceeded) }, store.StatusSucceeded, 3, 4, ""},
		}
		for _, s := range steps {
			if err := s.do(); err != nil {
				t.Fatalf("%s: %v", s.name, err)
			}
			got, err := st.Job(ctx, j.ID)
			if err != nil || got.Status != s.status || got.Attempts != s.attempts || got.Done != s.done || got.Error != s.errorMessage ||
				got.StartedAt == nil || (got.FinishedAt != nil) != (s.status == store.StatusSucceeded) {
				t.Fatalf("%s: %+v %v; want %s, %d runs, %d done, error %q", s.name, got, err, s.status, s.attempts, s.done, s.errorMessage)
			}
		}
		got, _ := st.Job(ctx, j.ID)
		if !jsonEqual(got.Result, []byte(`{"ok":true}`)) {
			t.Errorf("result %s", got.Result)
		}
		if ok, err := st.FinishJob(ctx, j.ID, []byte(`{}`)); ok || err != nil {
			t.Errorf("finished twice: %v %v", ok, err)
		}
		if c, err := st.CancelJob(ctx, j.ID, store.AnyOwner); !errors.Is(err, store.ErrFinished) || c == nil || c.Status != store.StatusSucceeded {
			t.Errorf("cancelling a finished job: %+v %v, want it with ErrFinished", c, err)
		}
	})
	t.Run("fail", func(t *testing.T) {
		for _, start := range []bool{false, true} {
			j := create(t, st, newJob("openings", store.AnyOwner, 0))
			if start {
				if _, err := st.StartJob(ctx, j.ID, 1); err != nil {
					t.Fatal(err)
				}
			}
			if err := st.FailJob(ctx, j.ID, "boom"); err != nil {
				t.Fatal(err)
			}
			got, err := st.Job(ctx, j.ID)
			if err != nil || got.Status != store.StatusFailed || got.Error != "boom" || got.FinishedAt == nil {
				t.Errorf("failed (started %v): %+v %v", start, got, err)
			}
			if ok, _ := st.FinishJob(ctx, j.ID, []byte(`{}`)); ok {
				t.Error("finished a failed job")
			}
		}
	})
	t.Run("a result that is not JSON is refused", func(t *testing.T) {
		j := create(t, st, newJob("review", store.AnyOwner, 0))
		if _, err := st.StartJob(ctx, j.ID, 1); err != nil {
			t.Fatal(err)
		}
		if ok, err := st.FinishJob(ctx, j.ID, []byte(`{`)); ok || err == nil {
			t.Errorf("finish: %v %v, want an error", ok, err)
		}
		if got, _ := st.Job(ctx, j.ID); got.Status != store.StatusRunning {
			t.Errorf("after a refused finish: %+v", got)
		}
	})
	t.Run("finish needs a running job", func(t *testing.T) {
		j := create(t, st, newJob("review", store.AnyOwner, 0))
		if ok, err := st.FinishJob(ctx, j.ID, []byte(`{}`)); ok || err != nil {
			t.Errorf("finished a queued job: %v %v", ok, err)
		}
		if err := st.RequeueJob(ctx, j.ID, "nothing to requeue"); err != nil {
			t.Fatal(err)
		}
		if got, _ := st.Job(ctx, j.ID); got.Status != store.StatusQueued || got.Error != "" {
			t.Errorf("requeueing a queued job changed it: %+v", got)
		}
	})
	t.Run("cancel", func(t *testing.T) {
		for _, start := range []bool{false, true} {
			j := create(t, st, newJob("openings", store.AnyOwner, 0))
			if start {
				if _, err := st.StartJob(ctx, j.ID, 1); err != nil {
					t.Fatal(err)
				}
			}
			c, err := st.CancelJob(ctx, j.ID, store.AnyOwner)
			if err != nil || c.Status != store.StatusCancelled || c.Error != "cancelled by request" || c.FinishedAt == nil {
				t.Fatalf("cancel (started %v): %+v %v", start, c, err)
			}
			if status, err := st.SetProgress(ctx, j.ID, 1); status != store.StatusCancelled || err != nil {
				t.Errorf("progress after cancel: %q %v", status, err)
			}
			if s, err := st.StartJob(ctx, j.ID, 2); err != nil || s.Status != store.StatusCancelled || s.Attempts != map[bool]int{false: 0, true: 1}[start] {
				t.Errorf("a cancelled job restarted: %+v %v", s, err)
			}
			if ok, _ := st.FinishJob(ctx, j.ID, []byte(`{}`)); ok {
				t.Error("finished a cancelled job")
			}
			if err := st.FailJob(ctx, j.ID, "late"); err != nil {
				t.Fatal(err)
			}
			if c, err := st.CancelJob(ctx, j.ID, store.AnyOwner); !errors.Is(err, store.ErrFinished) || c.Status != store.StatusCancelled || c.Error != "cancelled by request" {
				t.Errorf("cancelling twice: %+v %v", c, err)
			}
		}
	})
	t.Run("active jobs", func(t *testing.T) {
		st := open(t).Store
		if got, err := st.ActiveJobs(ctx); err != nil || got == nil || len(got) != 0 {
			t.Fatalf("none: %v %v, want an empty map", got, err)
		}
		var ids []string
		for _, kind := range []string{"review", "review", "review", "openings", "explorer-fill"} {
			ids = append(ids, create(t, st, newJob(kind, store.AnyOwner, 0)).ID)
		}
		if _, err := st.StartJob(ctx, ids[0], 1); err != nil {
			t.Fatal(err)
		}
		if _, err := st.CancelJob(ctx, ids[1], store.AnyOwner); err != nil {
			t.Fatal(err)
		}
		if _, err := st.StartJob(ctx, ids[4], 1); err != nil {
			t.Fatal(err)
		}
		if ok, err := st.FinishJob(ctx, ids[4], nil); !ok || err != nil {
			t.Fatalf("finish: %v %v", ok, err)
		}
		got, err := st.ActiveJobs(ctx)
		want := map[string]int{"running/review": 1, "queued/review": 1, "queued/openings": 1}
		if err != nil || len(got) != len(want) {
			t.Fatalf("active %v %v, want %v", got, err, want)
		}
		for k, n := range want {
			if got[k] != n {
				t.Errorf("active %v, want %v", got, want)
			}
		}
	})
}

// progress sets a job's progress and checks the status it returns.
func progress(ctx context.Context, st Conformer, id string, done int, want string) error {
	status, err := st.SetProgress(ctx, id, done)
	if err == nil && status != want {
		err = errors.New("status " + status + ", want " + want)
	}
	return err
}

// conformJobErrors: jobs that cannot be made, and ids that name none.
func conformJobErrors(t *testing.T, open func(t *testing.T) Subject) {
	st := open(t).Store
	ctx := context.Background()
	refused := []struct {
		name string
		nj   store.NewJob
	}{
		{"unknown kind", newJob("nonsense", store.AnyOwner, 0)},
		{"arguments that cannot be encoded", store.NewJob{Kind: "review", Request: []byte(`{}`), Total: 1,
			Args: func(string) river.JobArgs { return unencodableArgs{} }}},
		{"negative total", store.NewJob{Kind: "review", Request: []byte(`{}`), Total: -1, Args: args}},
		{"request not JSON", store.NewJob{Kind: "review", Request: []byte(`{`), Total: 1, Args: args}},
		{"no request", store.NewJob{Kind: "review", Total: 1, Args: args}},
		{"owner that is no key", newJob("review", 987654, 0)},
		{"owner that is no key, with a quota", newJob("review", 987654, 2)},
	}
	for _, tc := range refused {
		t.Run(tc.name, func(t *testing.T) {
			if j, err := st.CreateJob(ctx, tc.nj); err == nil {
				t.Fatalf("created %+v", j)
			}
			if n, err := st.ActiveJobs(ctx); err != nil || len(n) != 0 {
				t.Errorf("active jobs after a refused create: %v %v", n, err)
			}
		})
	}
	const unknown = "00000000-0000-0000-0000-000000000000"
	for _, id := range []string{"nope", unknown, "'; DROP TABLE jobs; --", ""} {
		t.Run("lookups of "+id, func(t *testing.T) {
			if _, err := st.Job(ctx, id); !errors.Is(err, store.ErrNotFound) {
				t.Errorf("Job: %v, want ErrNotFound", err)
			}
			if _, err := st.OwnedJob(ctx, id, 1); !errors.Is(err, store.ErrNotFound) {
				t.Errorf("OwnedJob: %v, want ErrNotFound", err)
			}
			if _, err := st.CancelJob(ctx, id, store.AnyOwner); !errors.Is(err, store.ErrNotFound) {
				t.Errorf("CancelJob: %v, want ErrNotFound", err)
			}
		})
	}
	t.Run("worker calls on an unknown job", func(t *testing.T) {
		if _, err := st.StartJob(ctx, unknown, 1); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("StartJob: %v, want ErrNotFound", err)
		}
		if _, err := st.SetProgress(ctx, unknown, 1); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("SetProgress: %v, want ErrNotFound", err)
		}
		if ok, err := st.FinishJob(ctx, unknown, []byte(`{}`)); ok || err != nil {
			t.Errorf("FinishJob: %v %v, want false and no error", ok, err)
		}
		if err := st.FailJob(ctx, unknown, "x"); err != nil {
			t.Errorf("FailJob: %v", err)
		}
		if err := st.RequeueJob(ctx, unknown, "x"); err != nil {
			t.Errorf("RequeueJob: %v", err)
		}
	})
	// The worker calls do not check an id's form: PostgreSQL refuses one
	// that is not a UUID with an error (not ErrNotFound).
	t.Run("worker calls on a malformed id", func(t *testing.T) {
		const bad = "nope"
		if _, err := st.StartJob(ctx, bad, 1); err == nil {
			t.Error("StartJob: no error")
		}
		if _, err := st.SetProgress(ctx, bad, 1); err == nil {
			t.Error("SetProgress: no error")
		}
		if _, err := st.FinishJob(ctx, bad, []byte(`{}`)); err == nil {
			t.Error("FinishJob: no error")
		}
		if err := st.FailJob(ctx, bad, "x"); err == nil {
			t.Error("FailJob: no error")
		}
		if err := st.RequeueJob(ctx, bad, "x"); err == nil {
			t.Error("RequeueJob: no error")
		}
	})
}
