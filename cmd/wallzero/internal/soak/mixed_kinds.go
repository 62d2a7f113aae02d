package soak

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"strings"
	"time"
)

// statusCancelled is the status counted for a stream its client cancelled
// before the answer's head arrived (nginx's "client closed request").
const statusCancelled = 499

// stream opens a streamed analysis of moves, reads it for after, then
// cancels it, as a click on the board followed by another does. The
// answer's status is counted under "stream" (499 when the cancel came
// before the head); an "error" event before the cancel under
// "stream_error_event".
func (m *MixedLoad) stream(ctx context.Context, moves []string, after time.Duration) {
	sctx, cancel := context.WithTimeout(ctx, after)
	defer cancel()
	data, _ := json.Marshal(map[string]any{"moves": moves, "maxVisits": 4 * m.mix.Visits, "reportDuringSearchEvery": 0.1})
	req, _ := http.NewRequestWithContext(sctx, http.MethodPost, m.base+"/v1/analyze", bytes.NewReader(data))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "text/event-stream")
	res, err := m.client.Do(req)
	if err != nil {
		switch {
		case ctx.Err() != nil:
		case sctx.Err() != nil:
			m.record("stream", statusCancelled, "")
		default:
			m.record("stream", 0, err.Error())
		}
		return
	}
	defer res.Body.Close()
	msg := ""
	if isError(res.StatusCode) {
		msg = fmt.Sprintf("%d", res.StatusCode)
	}
	m.record("stream", res.StatusCode, msg)
	if res.StatusCode != http.StatusOK {
		backoff(ctx, res.StatusCode)
		return
	}
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(nil, 1<<22)
	for sc.Scan() {
		if sc.Text() == "event: error" && sc.Scan() {
			m.record("stream_error_event", http.StatusOK, "")
		}
	}
}

// hostileRequest is one kind of bad request and the statuses it may get.
type hostileRequest struct {
	method, path, ctype, body string
}

// hostileRequests are the hostile client's requests, each of which must
// get a 4xx.
var hostileRequests = []hostileRequest{
	{"POST", "/v1/analyze", "application/json", `{"moves":["C3",`},
	{"POST", "/v1/analyze", "application/json", `{"moves":["C3"],"maxVisits":200,"evil":true}`},
	{"POST", "/v1/analyze", "application/json", `{"moves":["C3","C3"]}`},
	{"POST", "/v1/analyze", "application/json", `{"moves":["C3"],"maxVisits":1000000000}`},
	{"POST", "/v1/analyze", "application/json", `{"moves":["C3"],"id":"` + strings.Repeat("x", 2<<20) + `"}`},
	{"POST", "/v1/analyze", "text/plain", `{"moves":["C3"]}`},
	{"POST", "/v1/reviews", "application/json", `{"moves":"C3"}`},
	{"GET", "/v1/jobs/not-a-uuid", "", ""},
	{"DELETE", "/v1/analyze", "", ""},
	{"GET", "/v1/openings/explorer?moves=Z9", "", ""},
}

// hostile sends one hostile request (a random one of hostileRequests, or
// one whose body is cut off by closing the connection) and counts an
// answer that is not a 4xx under "hostile_unexpected".
func (m *MixedLoad) hostile(ctx context.Context, rng *rand.Rand) {
	i := rng.IntN(len(hostileRequests) + 1)
	if i == len(hostileRequests) {
		m.cutOff()
		return
	}
	h := hostileRequests[i]
	req, _ := http.NewRequest(h.method, m.base+h.path, strings.NewReader(h.body))
	if h.ctype != "" {
		req.Header.Set("Content-Type", h.ctype)
	}
	res, err := m.client.Do(req.WithContext(ctx))
	if err != nil {
		if ctx.Err() == nil {
			m.record("hostile", 0, err.Error())
		}
		return
	}
	res.Body.Close()
	if res.StatusCode < 400 || res.StatusCode >= 500 {
		m.record("hostile_unexpected", res.StatusCode, fmt.Sprintf("%s %s: %d", h.method, h.path, res.StatusCode))
		return
	}
	m.record("hostile", res.StatusCode, "")
}

// cutOff announces a body of 1,000 bytes, sends 10 and closes the
// connection: the server must let go of the request.
func (m *MixedLoad) cutOff() {
	conn, err := net.DialTimeout("tcp", strings.TrimPrefix(m.base, "http://"), 5*time.Second)
	if err != nil {
		m.record("hostile_cutoff", 0, err.Error())
		return
	}
	fmt.Fprintf(conn, "POST /v1/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"moves\":[")
	conn.Close()
	m.record("hostile_cutoff", 1, "")
}
