package api_test

import (
	"bufio"
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/wallzero/wallzero/search"
)

// timedEval makes every evaluation call take about delay and records when
// each call starts and ends. Like a network call under way it does not
// watch the context (neither its sleep nor the evaluator it wraps sees the
// cancel), so only the search can stop asking.
type timedEval struct {
	e     search.Evaluator
	delay time.Duration

	mu    sync.Mutex
	calls []evalCall
}

// evalCall is one evaluation call's start and end (zero while running).
type evalCall struct{ start, end time.Time }

// Evaluate implements search.Evaluator.
func (te *timedEval) Evaluate(ctx context.Context, reqs []*search.Request) error {
	te.mu.Lock()
	i := len(te.calls)
	te.calls = append(te.calls, evalCall{start: time.Now()})
	te.mu.Unlock()
	time.Sleep(te.delay)
	err := te.e.Evaluate(context.WithoutCancel(ctx), reqs)
	te.mu.Lock()
	te.calls[i].end = time.Now()
	te.mu.Unlock()
	return err
}

// running reports whether an evaluation call is under way.
func (te *timedEval) running() bool {
	te.mu.Lock()
	defer te.mu.Unlock()
	return len(te.calls) > 0 && te.calls[len(te.calls)-1].end.IsZero()
}

// snapshot returns a copy of the calls so far.
func (te *timedEval) snapshot() []evalCall {
	te.mu.Lock()
	defer te.mu.Unlock()
	return append([]evalCall(nil), te.calls...)
}

// TestCancelledStreamStopsSearch: a client that goes away from a streamed
// analysis (the board aborting its fetch when the position changes) stops
// the search within 100 ms: no evaluation call starts later than that
// after the cancel, the calls running at the cancel end within it, and the
// request's search slot is given back.
func TestCancelledStreamStopsSearch(t *testing.T) {
	t.Parallel()
	const bound = 100 * time.Millisecond
	te := &timedEval{delay: 2 * time.Millisecond}
	ts := start(t, newDatabase(t), options{noWorker: true, wrap: func(e search.Evaluator) search.Evaluator {
		te.e = e
		return te
	}})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// The largest budget the limits allow: at 16 leaves a call and 2 ms a
	// call the search would run for over a second. Partial results every
	// 0.25 s: longer than the bound, so that a search that noticed the
	// cancel only when its reporting step ends would fail the test.
	body := `{"id":"gone","moves":["C3","E3","C5","E5","E5-E4:N"],"maxVisits":10000,"reportDuringSearchEvery":0.25}`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, ts.url+"/v1/analyze", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "text/event-stream")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("status %d", res.StatusCode)
	}
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(nil, 1<<22)
	for sc.Scan() && sc.Text() != "event: analysis" {
	}
	if !sc.Scan() || !strings.Contains(sc.Text(), `"isDuringSearch":true`) {
		t.Fatalf("no partial analysis first: %.200s (%v)", sc.Text(), sc.Err())
	}
	if st := ts.svc.Admission().Stats(); st.Searching != 1 || ts.svc.InteractiveInFlight() != 1 {
		t.Fatalf("while streaming: %d searching, %d interactive in flight; want 1, 1", st.Searching, ts.svc.InteractiveInFlight())
	}
	// Cancel while an evaluation call runs: the worst case, where the
	// search is inside the evaluator rather than between rounds.
	for deadline := time.Now().Add(5 * time.Second); !te.running(); time.Sleep(100 * time.Microsecond) {
		if time.Now().After(deadline) {
			t.Fatal("no evaluation call running after the partial analysis")
		}
	}
	cancelAt := time.Now()
	cancel()
	res.Body.Close()

	// The slot is given back when the search has returned.
	var released time.Duration
	for {
		if ts.svc.Admission().Stats().Searching == 0 && ts.svc.InteractiveInFlight() == 0 {
			released = time.Since(cancelAt)
			break
		}
		if time.Since(cancelAt) > 5*time.Second {
			t.Fatalf("the search slot is still held 5 s after the cancel (%d searching)", ts.svc.Admission().Stats().Searching)
		}
		time.Sleep(time.Millisecond)
	}
	// Wait past the bound so that a search still running would show.
	time.Sleep(max(0, 2*bound-time.Since(cancelAt)))

	calls := te.snapshot()
	var lastEnd time.Time
	late, running := 0, 0
	for _, c := range calls {
		if c.start.Before(cancelAt) && (c.end.IsZero() || c.end.After(cancelAt)) {
			running++
		}
		if c.end.IsZero() {
			t.Errorf("an evaluation call that started %v after the cancel is still running", c.start.Sub(cancelAt))
			continue
		}
		if c.start.After(cancelAt.Add(bound)) {
			late++
		}
		lastEnd = maxTime(lastEnd, c.end)
	}
	stop := lastEnd.Sub(cancelAt)
	t.Logf("%d evaluation calls, %d running at the cancel; the last ended %v after the cancel; the slot was free after %v", len(calls), running, stop, released)
	if late > 0 {
		t.Errorf("%d evaluation calls started more than %v after the cancel", late, bound)
	}
	if stop > bound {
		t.Errorf("the evaluator's work ended %v after the cancel, want within %v", stop, bound)
	}
	if released > bound {
		t.Errorf("the search slot was given back %v after the cancel, want within %v", released, bound)
	}
}

// maxTime returns the later of a and b.
func maxTime(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}
