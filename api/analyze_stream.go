package api

import (
	"context"
	"encoding/json"
	"fmt"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"
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
type analysisStream struct {
	c       *gin.Context
	media   string
	started bool
}

// send writes one event: "analysis" (partial or final), "error" or
// "done".
func (st *analysisStream) send(event string, v any) {
	w := st.c.Writer
	if !st.started {
		st.started = true
		h := w.Header()
		h.Set("Content-Type", st.media+"; charset=utf-8")
		h.Set("Cache-Control", "no-cache")
		h.Set("X-Accel-Buffering", "no") // no proxy buffering (nginx)
		w.WriteHeader(http.StatusOK)
	}
	b, err := json.Marshal(v)
	if err != nil {
		b = []byte(`{"error":{"code":"internal","message":"the analysis could not be encoded"}}`)
	}
	if st.media == mediaSSE {
		fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, b)
	} else {
		_, _ = w.Write(append(b, '\n')) // a client gone away shows in the context

	}
	w.Flush()
}

// analyzeStream answers an analysis query with partial analyses
// (isDuringSearch true, as reportDuringSearchEvery asks) while it
// searches, then each final analysis (isDuringSearch false); server-sent
// events end with a "done" event. An error after the first event is sent
// as an "error" event (a JSON line {"error": ...}) instead of a status.
func (s *server) analyzeStream(c *gin.Context, ctx context.Context, q *analysis.Query, media string) {
	st := &analysisStream{c: c, media: media}
	res, err := s.svc.Analyses().Analyze(ctx, q, func(a *analysis.Analysis) { st.send("analysis", a) })
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
		final := false
		a.IsDuringSearch = &final
		st.send("analysis", a)
	}
	if media == mediaSSE {
		st.send("done", struct {
			ID string `json:"id,omitempty"`
		}{q.ID})
	}
}
