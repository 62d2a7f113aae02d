package program

import (
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
