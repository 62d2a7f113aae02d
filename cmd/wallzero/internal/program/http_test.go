package program

import (
	"bufio"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestHTTPServerLimits checks the server serve runs: its deadlines, and
// 431 for a header block over -max-header-bytes.
func TestHTTPServerLimits(t *testing.T) {
	t.Parallel()
	fs := NewFlagSet("serve", nil)
	var cfg ServeConfig
	cfg.Register(fs, true)
	if err := fs.Parse([]string{"-max-header-bytes", "4096"}); err != nil {
		t.Fatal(err)
	}
	srv := NewHTTPServer(&cfg, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(204) }))
	if srv.ReadTimeout != 0 || srv.ReadHeaderTimeout <= 0 || srv.WriteTimeout <= cfg.API.RequestTimeout {
		t.Errorf("timeouts: read %v, header %v, write %v (request deadline %v)", srv.ReadTimeout, srv.ReadHeaderTimeout, srv.WriteTimeout, cfg.API.RequestTimeout)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	for _, tc := range []struct {
		header int
		status int
	}{{100, 204}, {64 << 10, 431}} {
		conn, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(conn, "GET / HTTP/1.1\r\nHost: x\r\nX-Big: %s\r\n\r\n", strings.Repeat("a", tc.header))
		conn.SetReadDeadline(time.Now().Add(10 * time.Second))
		res, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("%d-byte header: %v", tc.header, err)
		}
		if res.StatusCode != tc.status {
			t.Errorf("%d-byte header: status %d, want %d", tc.header, res.StatusCode, tc.status)
		}
		conn.Close()
	}
}
