package main

import (
	"bytes"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

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
