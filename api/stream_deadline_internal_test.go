package api

import (
	"context"
	"net/http"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/wallzero/wallzero/service/analysis"
)

// stuckWriter is a client that never reads: every write blocks until the
// write deadline set through http.ResponseController passes.
type stuckWriter struct {
	mu       sync.Mutex
	header   http.Header
	deadline time.Time
}

func (w *stuckWriter) Header() http.Header { return w.header }
func (w *stuckWriter) WriteHeader(int)     {}
func (w *stuckWriter) Flush()              {}
func (w *stuckWriter) SetWriteDeadline(t time.Time) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.deadline = t
	return nil
}
func (w *stuckWriter) Write([]byte) (int, error) {
	w.mu.Lock()
	d := w.deadline
	w.mu.Unlock()
	time.Sleep(time.Until(d))
	return 0, os.ErrDeadlineExceeded
}

// TestStreamWriteDeadline: while the client does not read, partial
// analyses are left for the writer without blocking the search; the
// write that passes the deadline cancels the analysis, and later events
// are skipped.
func TestStreamWriteDeadline(t *testing.T) {
	t.Parallel()
	c, _ := gin.CreateTestContext(&stuckWriter{header: http.Header{}})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	st := newAnalysisStream(c, mediaNDJSON, 20*time.Millisecond, cancel)
	done := make(chan struct{})
	go func() {
		for range 1000 {
			st.partial(&analysis.Analysis{ID: "slow"})
		}
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the search's callback blocked on a client that does not read")
	}
	select {
	case <-ctx.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("the analysis was not cancelled after a write passed its deadline")
	}
	st.stop()
	if !st.failed || !st.started {
		t.Errorf("after the deadline: started %v failed %v", st.started, st.failed)
	}
	if st.write("done", []byte("{}")) {
		t.Error("a write after the failure went out")
	}
}
