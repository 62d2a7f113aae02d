package api_test

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/wallzero/wallzero/service/access"
)

// streamBody is a streamed analysis that searches until its gate opens.
const streamBody = `{"rules":{"opening":"empty"},"moves":["D4"],"maxVisits":400,"reportDuringSearchEvery":0.05}`

// openStream sends a streamed analysis with ctx and returns its answer
// (status and error) on the channel once the answer's head arrives.
func openStream(ctx context.Context, ts *testServer, out chan<- rawResponse) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, ts.url+"/v1/analyze", strings.NewReader(streamBody))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "text/event-stream")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		out <- rawResponse{status: 0}
		return
	}
	defer res.Body.Close()
	out <- rawResponse{status: res.StatusCode, header: res.Header}
	<-ctx.Done()
}

// waitState polls the server until cond holds (10 s at most).
func waitState(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("not reached in 10 s: %s", what)
		}
	}
}

// TestStreamLimits: a client past -max-streams-per-key gets 429 naming
// the flag, the server past -max-streams 503 naming its flag, both with
// Retry-After (a forged X-Forwarded-For does not make another client); a
// stream cancelled by its client, or whose connection is
// simply closed, gives back its stream place, its search slot and its
// search (polled from the admission state), and a new stream is then
// accepted.
func TestStreamLimits(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		streams access.StreamConfig
		status  int
		flag    string
		gone    string // how the first stream ends: "cancel" or "close"
	}{
		{"per key", access.StreamConfig{MaxStreams: 10, MaxStreamsPerKey: 1}, http.StatusTooManyRequests, "-max-streams-per-key", "cancel"},
		{"in all", access.StreamConfig{MaxStreams: 1, MaxStreamsPerKey: 4}, http.StatusServiceUnavailable, "-max-streams", "close"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			gate := make(chan struct{})
			defer close(gate)
			ts := start(t, newDatabase(t), options{gate: gate, noWorker: true, streams: tc.streams,
				admission: access.AdmissionConfig{MaxSearches: 4, MaxQueue: 4, MaxQueueWait: time.Minute}})
			searching := func() bool { return ts.svc.Admission().Stats().Searching == 1 && ts.svc.Streams().Stats().Open == 1 }

			// The first stream holds a slot (its search waits on the gate).
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var conn net.Conn
			first := make(chan rawResponse, 1)
			if tc.gone == "cancel" {
				go openStream(ctx, ts, first)
			} else {
				var err error
				if conn, err = net.Dial("tcp", strings.TrimPrefix(ts.url, "http://")); err != nil {
					t.Fatal(err)
				}
				fmt.Fprintf(conn, "POST /v1/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAccept: text/event-stream\r\nContent-Length: %d\r\n\r\n%s", len(streamBody), streamBody)
			}
			waitState(t, "the first stream searching", searching)

			// X-Forwarded-For does not make another client.
			r := ts.send("POST", "/v1/analyze", streamBody, map[string]string{"Accept": "text/event-stream", "X-Forwarded-For": "10.9.9.9"})
			if r.status != tc.status || !strings.Contains(r.err.Message, tc.flag+" ") || r.header.Get("Retry-After") == "" {
				t.Fatalf("a second stream: %d %s (Retry-After %q), want %d naming %s", r.status, r.body, r.header.Get("Retry-After"), tc.status, tc.flag)
			}
			if st := ts.svc.Streams().Stats(); st.RefusedKey+st.RefusedGlobal != 1 {
				t.Errorf("refusals counted: %+v", st)
			}
			m := ts.send("GET", "/metrics", "", nil)
			if !strings.Contains(string(m.body), "wallzero_streams_open 1") {
				t.Errorf("metrics lack wallzero_streams_open 1:\n%s", grep(m.body, "wallzero_streams"))
			}

			// The client goes: everything it held is given back.
			if tc.gone == "cancel" {
				cancel()
			} else {
				conn.Close()
			}
			waitState(t, "the slot, the search and the stream place given back", func() bool {
				a := ts.svc.Admission().Stats()
				return a.Searching == 0 && a.Queued == 0 && ts.svc.InteractiveInFlight() == 0 && ts.svc.Streams().Stats().Open == 0
			})

			// A new stream is accepted.
			ctx2, cancel2 := context.WithCancel(context.Background())
			defer cancel2()
			second := make(chan rawResponse, 1)
			go openStream(ctx2, ts, second)
			waitState(t, "a new stream searching", searching)
			cancel2()
			waitState(t, "the new stream gone", func() bool { return ts.svc.Streams().Stats().Open == 0 })
		})
	}
}

// TestSlowReaderDoesNotHoldASlot: a client that sends a streamed analysis
// and never reads its answer does not keep the search waiting: the
// search ends, its slot is given back, and the stream closes once a write
// passes -stream-write-timeout (polled from the admission state).
func TestSlowReaderDoesNotHoldASlot(t *testing.T) {
	t.Parallel()
	ts := start(t, newDatabase(t), options{noWorker: true})
	conn, err := net.Dial("tcp", strings.TrimPrefix(ts.url, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if tc, ok := conn.(*net.TCPConn); ok {
		_ = tc.SetReadBuffer(1024) // a small window: the server's writes fill it soon
	}
	body := `{"rules":{"opening":"empty"},"moves":["D4"],"maxVisits":3000,"reportDuringSearchEveryVisits":1,"includePolicy":true,"includeOwnership":true}`
	fmt.Fprintf(conn, "POST /v1/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAccept: application/x-ndjson\r\nContent-Length: %d\r\n\r\n%s", len(body), body)
	waitState(t, "the search to start", func() bool { return ts.svc.Streams().Stats().Open == 1 })
	waitState(t, "the slot given back while the client does not read", func() bool {
		return ts.svc.Admission().Stats().Searching == 0 && ts.svc.InteractiveInFlight() == 0
	})
	// The answer is still readable: the client was slow, not gone.
	br := bufio.NewReader(conn)
	if line, err := br.ReadString('\n'); err != nil || !strings.HasPrefix(line, "HTTP/1.1 200") {
		t.Fatalf("answer: %q %v", line, err)
	}
}
