package api_test

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/wallzero/wallzero/api"
)

// TestStalledBody: a client that sends a POST's headers and then none or
// only part of the body is answered 408 and disconnected once the body
// timeout passes, not held open.
func TestStalledBody(t *testing.T) {
	t.Parallel()
	const timeout = 300 * time.Millisecond
	ts := start(t, newDatabase(t), options{noWorker: true, bodyTimeout: timeout})
	addr := strings.TrimPrefix(ts.url, "http://")
	for _, tc := range []struct{ name, path, partial string }{
		{"analyze without a body", "/v1/analyze", ""},
		{"review with half a body", "/v1/reviews", `{"moves":["C3",`},
		{"batch with half a body", "/v1/openings/batch", `{"openings":[[`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			conn, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			begin := time.Now()
			head := "POST " + tc.path + " HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n"
			if _, err := io.WriteString(conn, head+tc.partial); err != nil {
				t.Fatal(err)
			}
			// Wait far longer than the server should: 20 s.
			if err := conn.SetReadDeadline(time.Now().Add(20 * time.Second)); err != nil {
				t.Fatal(err)
			}
			res, err := http.ReadResponse(bufio.NewReader(conn), nil)
			if err != nil {
				t.Fatalf("no answer after %v: %v", time.Since(begin), err)
			}
			var e api.ErrorResponse
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != http.StatusRequestTimeout || !strings.Contains(string(body), `"request_timeout"`) {
				t.Errorf("answer %d %s, want 408 request_timeout (%v)", res.StatusCode, body, e)
			}
			// The server closes the connection: the next read ends.
			if _, err := conn.Read(make([]byte, 1)); err == nil {
				t.Error("the connection is still open after the 408")
			}
			if d := time.Since(begin); d < timeout || d > 15*time.Second {
				t.Errorf("closed after %v; want between the body timeout (%v) and 15 s", d, timeout)
			}
		})
	}
}

// TestBodyTimeoutOnlyCoversTheBody: the body timeout bounds the body's
// arrival only: an analysis that lasts longer than it still answers 200
// (its context is not cancelled by an expired read deadline).
func TestBodyTimeoutOnlyCoversTheBody(t *testing.T) {
	t.Parallel()
	const timeout = 200 * time.Millisecond
	ts := start(t, newDatabase(t), options{noWorker: true, bodyTimeout: timeout, delay: 100 * time.Millisecond})
	begin := time.Now()
	var res api.AnalyzeResponse
	if code := ts.do("POST", "/v1/analyze", `{"moves":["C3","E3"],"maxVisits":64}`, &res); code != 200 || len(res.Analyses) != 1 {
		t.Fatalf("analyze: %d %+v", code, res)
	}
	if d := time.Since(begin); d < timeout {
		t.Errorf("the analysis took %v, less than the body timeout: the test proves nothing", d)
	}
}
