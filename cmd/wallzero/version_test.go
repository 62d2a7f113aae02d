package main

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

func TestVersion(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	if err := runVersion([]string{"-model", "heuristic", "-mp-model", "heuristic"}, nil, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	want := []string{"wallzero ", "commit ", "go1.", "cpu int8 dot products: ", "model heuristic",
		"3-player model heuristic (chosen with -mp-model heuristic)", "4-player model heuristic (chosen with -mp-model heuristic)"}
	if len(lines) != len(want) {
		t.Fatalf("version printed %q, want %d lines", out.String(), len(want))
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("line %d %q, want it to start with %q", i, lines[i], w)
		}
	}
	out.Reset()
	if err := runVersion([]string{"-model", "no/such.onnx"}, nil, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "model unreadable: ") {
		t.Errorf("a missing model: %q, want it said", out.String())
	}
	out.Reset()
	if err := runVersion([]string{"-model", "heuristic", "-mp-model", "no/such-mp.onnx", "-mp4-model", "heuristic"}, nil, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "3-player model unreadable: ") || !strings.Contains(out.String(), "4-player model heuristic (chosen with -mp4-model heuristic)") {
		t.Errorf("a missing three-player model beside -mp4-model heuristic: %q, want both said", out.String())
	}
}
