package program

import (
	"flag"
	"strings"
	"testing"
)

// TestAuthOffLoopbackOnly: -auth off serves on a loopback address only,
// unless -auth-off-anywhere says so; the refusal names the flags that
// lift it.
func TestAuthOffLoopbackOnly(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args    []string
		addr    string
		refused bool
	}{
		{[]string{"-auth", "off"}, "127.0.0.1:8080", false},
		{[]string{"-auth", "off"}, "[::1]:8080", false},
		{[]string{"-auth", "off"}, "localhost:8080", false},
		{[]string{"-auth", "off"}, "", false}, // no HTTP server
		{[]string{"-auth", "off"}, ":8080", true},
		{[]string{"-auth", "off"}, "0.0.0.0:8080", true},
		{[]string{"-auth", "off"}, "192.168.1.5:8080", true},
		{[]string{"-auth", "off"}, "example.com:8080", true},
		{[]string{"-auth", "off", "-auth-off-anywhere"}, ":8080", false},
		{[]string{"-auth", "required"}, ":8080", false},
	} {
		var a AuthConfig
		fs := flag.NewFlagSet("serve", flag.ContinueOnError)
		a.register(fs)
		if err := fs.Parse(tc.args); err != nil {
			t.Fatal(err)
		}
		err := a.check(tc.addr)
		if (err != nil) != tc.refused {
			t.Errorf("%v on %q: error %v, want refused %v", tc.args, tc.addr, err, tc.refused)
			continue
		}
		if err != nil {
			for _, flag := range []string{"-auth off", "-addr", "-auth required", "-auth-off-anywhere", tc.addr} {
				if !strings.Contains(err.Error(), flag) {
					t.Errorf("%v on %q: %q does not name %s", tc.args, tc.addr, err, flag)
				}
			}
		}
	}
}
