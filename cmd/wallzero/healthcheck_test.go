package main

import (
	"bytes"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestHealthURL(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ addr, want, err string }{
		{":8080", "http://127.0.0.1:8080/healthz", ""},
		{"0.0.0.0:9000", "http://127.0.0.1:9000/healthz", ""},
		{"[::]:8080", "http://127.0.0.1:8080/healthz", ""},
		{"10.0.0.5:8080", "http://10.0.0.5:8080/healthz", ""},
		{"8080", "", `-addr "8080"`},
	} {
		got, err := healthURL(c.addr, "/healthz")
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: error %v, want one containing %q", c.addr, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("%q: %q %v, want %q", c.addr, got, err, c.want)
		}
	}
}

// TestHealthcheckCommand runs the subcommand against a server that
// answers 200 on /healthz and 503 elsewhere.
func TestHealthcheckCommand(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/healthz" {
			w.WriteHeader(http.StatusServiceUnavailable)
		}
	}))
	defer srv.Close()
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(srv.URL, "http://"))
	for _, c := range []struct {
		args []string
		code int
	}{
		{[]string{"-addr", ":" + port}, 0},
		{[]string{"-addr", ":" + port, "-path", "/readyz"}, 1},
	} {
		var out, errb bytes.Buffer
		if got := run(append([]string{"healthcheck"}, c.args...), nil, &out, &errb); got != c.code {
			t.Errorf("%v: exit %d, want %d (%s%s)", c.args, got, c.code, out.String(), errb.String())
		}
	}
}
