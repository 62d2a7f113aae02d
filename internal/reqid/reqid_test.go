package reqid

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
)

func TestValid(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		id   string
		want bool
	}{
		{"abc-123_x.y:z", true},
		{"", false},
		{strings.Repeat("a", MaxLen), true},
		{strings.Repeat("a", MaxLen+1), false},
		{"a b", false},
		{"a\nb", false},
		{"é", false},
		{"a\x00", false},
	} {
		if got := Valid(tc.id); got != tc.want {
			t.Errorf("Valid(%q) = %v, want %v", tc.id, got, tc.want)
		}
	}
	if id := New(); !Valid(id) || len(id) != 32 {
		t.Errorf("New() = %q: not a valid 32-character id", id)
	}
	if a, b := New(), New(); a == b {
		t.Error("two New() ids are equal")
	}
}

func TestHandlerAddsTheID(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	log := slog.New(Handler{slog.NewTextHandler(&buf, nil)}).With("component", "x")
	log.InfoContext(With(context.Background(), "req-7"), "hello")
	log.Info("no context")
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("got %d lines: %q", len(lines), buf.String())
	}
	if !strings.Contains(lines[0], "request_id=req-7") || !strings.Contains(lines[0], "component=x") {
		t.Errorf("line with a context: %q", lines[0])
	}
	if strings.Contains(lines[1], "request_id") {
		t.Errorf("line without a context has an id: %q", lines[1])
	}
}
