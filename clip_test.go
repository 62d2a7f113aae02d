package wallzero

import (
	"strings"
	"testing"
)

func TestClip(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   string
		n    int
		want string
	}{
		{"short", 64, "short"},
		{strings.Repeat("x", 70), 64, strings.Repeat("x", 64) + "..."},
		{"abcé", 4, "abc..."}, // é is two bytes: not cut in half
		{"", 3, ""},
	} {
		if got := Clip(tc.in, tc.n); got != tc.want {
			t.Errorf("Clip(%q, %d) = %q, want %q", tc.in, tc.n, got, tc.want)
		}
	}
}
