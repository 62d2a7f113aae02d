package api

import (
	"context"
	"encoding/json"
	"fmt"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/wallzero/wallzero/api/wire"
	"github.com/wallzero/wallzero/service/access"
	"github.com/wallzero/wallzero/service/analysis"
)

// The media types of a streamed analysis.
const (
	mediaSSE    = "text/event-stream"
	mediaNDJSON = "application/x-ndjson"
)

// streamType returns the streaming media type the Accept header asks for
// (text/event-stream or application/x-ndjson, whichever comes first with
// a non-zero q), or "" for a plain JSON response.
func streamType(accept string) string {
	for _, part := range strings.Split(accept, ",") {
		mt, params, err := mime.ParseMediaType(strings.TrimSpace(part))
		if err != nil || mt != mediaSSE && mt != mediaNDJSON {
			continue
		}
		if q, ok := params["q"]; ok {
			if v, err := strconv.ParseFloat(q, 64); err != nil || v <= 0 {
				continue
			}
		}
		return mt
	}
	return ""
}

// analysisStream writes the analyses of one query as server-sent events
// or JSON lines. The status and headers go out with the first analysis, so
// that an error before it is an ordinary error response.
//
// Partial analyses never make the search wait for the client: the search
// leaves each one (encoded) in a short queue (pendingPartials) that a
// writer goroutine sends from; when a slow client lets the queue fill,
// the oldest partial is dropped, so that such a client gets fewer partial
// analyses instead of holding a search slot. Every write has a
// deadline (Config.StreamWriteTimeout); a write that fails or passes it
// cancels the analysis (cancel), which gives back its slot.
type analysisStream struct {
	c       *gin.Context
	rc      *http.ResponseController
	media   string
	timeout time.Duration
	cancel  context.CancelFunc

	// started and failed are the writer's: the writer goroutine's until
	// stop returns, then the handler's.
	started, failed bool

	mu      sync.Mutex
	pending [][]byte      // the partial analyses not yet sent, oldest first
	wake    chan struct{} // one place: a partial analysis is waiting
	quit    chan struct{} // closed by stop
	exited  chan struct{} // closed when the writer goroutine returns
}

// newAnalysisStream returns a stream and starts its writer goroutine.
func newAnalysisStream(c *gin.Context, media string, timeout time.Duration, cancel context.CancelFunc) *analysisStream {
	st := &analysisStream{c: c, rc: http.NewResponseController(c.Writer), media: media, timeout: timeout, cancel: cancel,
		wake: make(chan struct{}, 1), quit: make(chan struct{}), exited: make(chan struct{})}
	go st.run()
	return st
}

// pendingPartials is how many partial analyses wait for a slow client
// before the oldest is dropped.
const pendingPartials = 8

// partial is the search's progress callback: it encodes the analysis and
// queues it for the writer, dropping the oldest beyond pendingPartials;
// it never blocks.
func (st *analysisStream) partial(a *analysis.Analysis) {
	b := encodeEvent(wire.Streamed(a))
	st.mu.Lock()
	if len(st.pending) == pendingPartials {
		st.pending = st.pending[1:]
	}
	st.pending = append(st.pending, b)
	st.mu.Unlock()
	select {
	case st.wake <- struct{}{}:
	default: // the writer is already woken
	}
}

// run sends the partial analyses queued by partial until stop, then
// those still queued (before the final analyses).
func (st *analysisStream) run() {
	defer close(st.exited)
	for stopping := false; ; {
		select {
		case <-st.quit:
			stopping = true
		case <-st.wake:
		}
		for {
			st.mu.Lock()
			if len(st.pending) == 0 {
				st.mu.Unlock()
				break
			}
			b := st.pending[0]
			st.pending = st.pending[1:]
			st.mu.Unlock()
			if !st.write("analysis", b) {
				return
			}
		}
		if stopping {
			return
		}
	}
}

// stop sends the partial analyses still queued, ends the writer goroutine
// and waits for it (each write within its deadline).
func (st *analysisStream) stop() {
	close(st.quit)
	<-st.exited
}

// encodeEvent returns the JSON of an event's data.
func encodeEvent(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		b = []byte(`{"error":{"code":"internal","message":"the analysis could not be encoded"}}`)
	}
	return b
}

// send writes one event ("analysis", "error" or "done") from the handler,
// after stop.
func (st *analysisStream) send(event string, v any) { st.write(event, encodeEvent(v)) }

// write writes one event within the write deadline and flushes it; on
// failure (the client is gone, or did not read within the deadline) it
// cancels the analysis and every later write is skipped. It reports
// whether the event went out.
func (st *analysisStream) write(event string, b []byte) bool {
	if st.failed {
		return false
	}
	w := st.c.Writer
	_ = st.rc.SetWriteDeadline(time.Now().Add(st.timeout)) // not every writer has deadlines (tests)
	if !st.started {
		st.started = true
		h := w.Header()
		h.Set("Content-Type", st.media+"; charset=utf-8")
		h.Set("Cache-Control", "no-cache")
		h.Set("X-Accel-Buffering", "no") // no proxy buffering (nginx)
		w.WriteHeader(http.StatusOK)
	}
	var err error
	if st.media == mediaSSE {
		_, err = fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, b)
	} else {
		_, err = w.Write(append(b, '\n'))
	}
	if err == nil {
		err = st.rc.Flush()
	}
	if err != nil {
		st.failed = true
		st.cancel() // the client is gone or does not read: end the search
		return false
	}
	return true
}

// analyzeStream answers an analysis query with partial analyses
// (isDuringSearch true, as reportDuringSearchEvery asks) while it
// searches, then each final analysis (isDuringSearch false); server-sent
// events end with a "done" event. An error after the first event is sent
// as an "error" event (a JSON line {"error": ...}) instead of a status.
// The stream takes a place of the streams' bounds (access.Streams) for as
// long as it is open.
func (s *server) analyzeStream(c *gin.Context, ctx context.Context, q *analysis.Query, media string) {
	closeStream, err := s.streams.Open(access.ClientFrom(ctx))
	if err != nil {
		writeError(c, err)
		return
	}
	defer closeStream()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	st := newAnalysisStream(c, media, s.cfg.StreamWriteTimeout, cancel)
	res, err := s.analyses.Analyze(ctx, q, st.partial)
	st.stop()
	if err != nil {
		if !st.started {
			writeError(c, err)
			return
		}
		_, body := errorOf(c, err)
		st.send("error", ErrorResponse{Error: body})
		return
	}
	for _, a := range res {
		st.send("analysis", wire.Streamed(a))
	}
	if media == mediaSSE {
		st.send("done", struct {
			ID string `json:"id,omitempty"`
		}{q.ID})
	}
}
