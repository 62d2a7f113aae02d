package api_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/wallzero/wallzero/api"
	"github.com/wallzero/wallzero/service/access"
)

// rawResponse is an answer with its headers and decoded error body.
type rawResponse struct {
	status int
	header http.Header
	body   []byte
	err    api.ErrorBody
}

// send sends a request with the given headers and returns the answer.
func (ts *testServer) send(method, path, body string, header map[string]string) rawResponse {
	ts.t.Helper()
	req, err := http.NewRequest(method, ts.url+path, strings.NewReader(body))
	if err != nil {
		ts.t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		ts.t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	out := rawResponse{status: res.StatusCode, header: res.Header, body: data}
	if res.StatusCode >= 400 {
		var e api.ErrorResponse
		if err := json.Unmarshal(data, &e); err != nil {
			ts.t.Fatalf("%s %s: %d with a body that is not an error: %s", method, path, res.StatusCode, data)
		}
		out.err = e.Error
	}
	return out
}

// TestOverloadIsRefusedAtOnce holds the searches (the evaluator waits for
// the test), fills the only search slot and the only queue place, and
// checks every further request is refused while the searches are still
// held (so a refusal never waits for them), with 503, Retry-After and the
// request id; then it lets the searches go and the two admitted requests
// succeed.
func TestOverloadIsRefusedAtOnce(t *testing.T) {
	t.Parallel()
	gate := make(chan struct{})
	ts := start(t, newDatabase(t), options{gate: gate, noWorker: true,
		admission: access.AdmissionConfig{MaxSearches: 1, MaxQueue: 1, MaxQueueWait: time.Minute}})
	squares := []string{"A1", "B2", "C3", "D4", "E5", "F6", "G7", "A7"}
	type answer struct {
		i int
		r rawResponse
	}
	answers := make(chan answer, len(squares))
	for i, sq := range squares {
		go func() {
			body := `{"rules":{"opening":"empty"},"moves":["` + sq + `"],"maxVisits":16}`
			answers <- answer{i, ts.send("POST", "/v1/analyze", body, map[string]string{"X-Request-ID": "burst-" + strconv.Itoa(i)})}
		}()
	}
	timeout := time.After(time.Minute)
	for refused := 0; refused < len(squares)-2; refused++ {
		var a answer
		select {
		case a = <-answers:
		case <-timeout:
			close(gate)
			t.Fatalf("%d refusals after a minute, want %d while the searches are held", refused, len(squares)-2)
		}
		if a.r.status != http.StatusServiceUnavailable {
			close(gate)
			t.Fatalf("request %d answered %d %s while the searches were held; want 503", a.i, a.r.status, a.r.body)
		}
		if a.r.err.Code != "overloaded" || a.r.err.RequestID != "burst-"+strconv.Itoa(a.i) {
			t.Errorf("refusal %d: %+v", a.i, a.r.err)
		}
		if s, err := strconv.Atoi(a.r.header.Get("Retry-After")); err != nil || s < 1 || s != a.r.err.RetryAfterSeconds {
			t.Errorf("refusal %d: Retry-After %q, body %d", a.i, a.r.header.Get("Retry-After"), a.r.err.RetryAfterSeconds)
		}
	}
	m := ts.send("GET", "/metrics", "", nil)
	for _, want := range []string{`wallzero_admission_requests_total{outcome="refused"} 6`, "wallzero_admission_searching 1", "wallzero_admission_queued 1"} {
		if !bytes.Contains(m.body, []byte(want)) {
			t.Errorf("metrics lack %q:\n%s", want, grep(m.body, "wallzero_admission"))
		}
	}
	close(gate)
	for range 2 {
		if a := <-answers; a.r.status != http.StatusOK {
			t.Errorf("admitted request %d: %d %s", a.i, a.r.status, a.r.body)
		}
	}
}

// grep returns the lines of b that contain s.
func grep(b []byte, s string) string {
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		if strings.Contains(l, s) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

func TestRequestWorkIsBounded(t *testing.T) {
	t.Parallel()
	ts := start(t, newDatabase(t), options{noWorker: true, admission: access.AdmissionConfig{MaxRequestVisits: 1000}})
	r := ts.send("POST", "/v1/analyze", `{"moves":["C3","E3"],"maxVisits":400,"analyzeTurns":[0,1,2]}`, nil)
	if r.status != http.StatusRequestEntityTooLarge || r.err.Field != "maxVisits" || !strings.Contains(r.err.Message, "1200") {
		t.Errorf("400 visits x 3 positions over a 1000 budget: %d %+v", r.status, r.err)
	}
	if r := ts.send("POST", "/v1/analyze", `{"moves":["C3","E3"],"maxVisits":300,"analyzeTurns":[0,1,2]}`, nil); r.status != http.StatusOK {
		t.Errorf("300 x 3 within the budget: %d %s", r.status, r.body)
	}
}

func TestCORS(t *testing.T) {
	t.Parallel()
	db := newDatabase(t)
	off := start(t, db, options{noWorker: true})
	on := start(t, db, options{noWorker: true, cors: []string{"https://app.example"}})
	analyze := `{"moves":["C3"],"maxVisits":8}`
	for _, tc := range []struct {
		name   string
		ts     *testServer
		method string
		path   string
		body   string
		header map[string]string
		status int
		acao   string // the Access-Control-Allow-Origin expected
	}{
		{"no origin", off, "POST", "/v1/analyze", analyze, nil, 200, ""},
		{"same origin", off, "POST", "/v1/analyze", analyze, map[string]string{"Origin": off.url}, 200, ""},
		{"foreign POST, CORS off", off, "POST", "/v1/analyze", analyze, map[string]string{"Origin": "https://evil.example"}, 403, ""},
		{"foreign review, CORS off", off, "POST", "/v1/reviews", `{"moves":["C3"]}`, map[string]string{"Origin": "https://evil.example"}, 403, ""},
		{"foreign DELETE, CORS off", off, "DELETE", "/v1/jobs/6f1c2a5e-8d0b-4c47-9a53-2f8e1b7c9d10", "", map[string]string{"Origin": "https://evil.example"}, 403, ""},
		{"foreign GET, CORS off", off, "GET", "/v1/models", "", map[string]string{"Origin": "https://evil.example"}, 200, ""},
		{"foreign preflight, CORS off", off, "OPTIONS", "/v1/analyze", "", map[string]string{"Origin": "https://evil.example", "Access-Control-Request-Method": "POST"}, 403, ""},
		{"allowed preflight", on, "OPTIONS", "/v1/analyze", "", map[string]string{"Origin": "https://app.example", "Access-Control-Request-Method": "POST"}, 204, "https://app.example"},
		{"allowed POST", on, "POST", "/v1/analyze", analyze, map[string]string{"Origin": "https://app.example"}, 200, "https://app.example"},
		{"other origin, CORS on", on, "POST", "/v1/analyze", analyze, map[string]string{"Origin": "https://evil.example"}, 403, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := tc.ts.send(tc.method, tc.path, tc.body, tc.header)
			if r.status != tc.status {
				t.Fatalf("status %d, want %d: %s", r.status, tc.status, r.body)
			}
			if got := r.header.Get("Access-Control-Allow-Origin"); got != tc.acao {
				t.Errorf("Access-Control-Allow-Origin %q, want %q", got, tc.acao)
			}
			if r.status == 403 && (r.err.Code != "forbidden" || r.err.Field != "Origin") {
				t.Errorf("refusal body %+v", r.err)
			}
			if tc.status == 204 && !strings.Contains(r.header.Get("Access-Control-Allow-Headers"), "Authorization") {
				t.Errorf("preflight allows headers %q", r.header.Get("Access-Control-Allow-Headers"))
			}
		})
	}
}

func TestRequestIDs(t *testing.T) {
	t.Parallel()
	ts := start(t, newDatabase(t), options{noWorker: true})
	r := ts.send("GET", "/v1/jobs/nope", "", map[string]string{"X-Request-ID": "client-id-1"})
	if r.header.Get("X-Request-ID") != "client-id-1" || r.err.RequestID != "client-id-1" {
		t.Errorf("a client's id: header %q, body %q", r.header.Get("X-Request-ID"), r.err.RequestID)
	}
	for _, sent := range []string{"", strings.Repeat("x", 200), "bad id\twith tab"} {
		r := ts.send("GET", "/v1/jobs/nope", "", map[string]string{"X-Request-ID": sent})
		got := r.header.Get("X-Request-ID")
		if len(got) != 32 || got == sent || r.err.RequestID != got {
			t.Errorf("sent %q: header %q, body %q; want a new 32-character id in both", sent, got, r.err.RequestID)
		}
	}
	if r := ts.send("GET", "/healthz", "", nil); r.header.Get("X-Request-ID") == "" {
		t.Error("a successful answer has no X-Request-ID")
	}
}

// syncBuffer is a bytes.Buffer safe for the server's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestRequestIDInLogs checks that the log lines about a request, the
// access log's and the service's own, carry its id.
func TestRequestIDInLogs(t *testing.T) {
	t.Parallel()
	var logs syncBuffer
	ts := start(t, newDatabase(t), options{noWorker: true, logTo: &logs})
	if r := ts.send("POST", "/v1/reviews", `{"moves":["C3","E3"],"maxVisits":8}`, map[string]string{"X-Request-ID": "review-42"}); r.status != http.StatusAccepted {
		t.Fatalf("review: %d %s", r.status, r.body)
	}
	var queued, access bool
	for _, line := range strings.Split(logs.String(), "\n") {
		if !strings.Contains(line, "request_id=review-42") {
			continue
		}
		queued = queued || strings.Contains(line, `msg="job queued"`)
		access = access || strings.Contains(line, "msg=request")
	}
	if !queued || !access {
		t.Errorf("the service's line (%v) and the access log's (%v) should carry request_id=review-42:\n%s", queued, access, logs.String())
	}
}
