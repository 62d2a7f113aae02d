package access

import (
	"errors"
	"strings"
	"testing"

	"github.com/wallzero/wallzero"
)

// TestStreamBounds: a client past its bound gets 429 naming
// -max-streams-per-key, the server past its bound 503 naming
// -max-streams; closing (twice is once) frees both counts.
func TestStreamBounds(t *testing.T) {
	t.Parallel()
	s := NewStreams(StreamConfig{MaxStreams: 3, MaxStreamsPerKey: 2})
	refused := func(err error, code wallzero.Code, flag string) {
		t.Helper()
		var se *wallzero.Error
		if !errors.As(err, &se) || se.Code != code || !strings.Contains(se.Message, flag) || se.RetryAfter <= 0 {
			t.Fatalf("got %v, want %s naming %s with a Retry-After", err, code, flag)
		}
	}
	a1, err := s.Open("key:1")
	if err != nil {
		t.Fatal(err)
	}
	a2, err := s.Open("key:1")
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.Open("key:1")
	refused(err, wallzero.CodeRateLimited, "-max-streams-per-key")
	b1, err := s.Open("key:2")
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.Open("key:3")
	refused(err, wallzero.CodeOverloaded, "-max-streams")
	if st := s.Stats(); st.Open != 3 || st.Clients != 2 || st.RefusedKey != 1 || st.RefusedGlobal != 1 {
		t.Errorf("stats %+v", st)
	}
	a1()
	a1()
	if _, err := s.Open("key:3"); err != nil {
		t.Fatalf("after a close: %v", err)
	}
	a2()
	b1()
	if st := s.Stats(); st.Open != 1 || st.Clients != 1 {
		t.Errorf("after closing all but one: %+v", st)
	}
}
