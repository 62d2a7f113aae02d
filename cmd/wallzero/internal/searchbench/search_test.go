package searchbench

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSearchBatchesAndSearches: -batches and -searches choose the raw
// batch sizes and the numbers of concurrent searches measured, one output
// line each; a list with a zero or a word is refused before any network is
// loaded, naming its flag.
func TestSearchBatchesAndSearches(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-batches", "1,0"}, `-batches: "0" is not a positive number`},
		{[]string{"-batches", "8,x"}, `-batches: "x" is not a positive number`},
		{[]string{"-searches", "4,-1"}, `-searches: "-1" is not a positive number`},
		{[]string{"-cuda-options", "use_tf32=2"}, `cuda option use_tf32="2": want one of 0, 1`},
	} {
		err := Search(tc.args, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Search(%q) = %v, want an error saying %s", tc.args, err, tc.want)
		}
	}

	lib := os.Getenv("WALLZERO_ORT_LIB")
	if _, err := os.Stat(lib); lib == "" || err != nil {
		t.Skip("ONNX Runtime not found: set WALLZERO_ORT_LIB (make onnxruntime)")
	}
	if testing.Short() {
		t.Skip("runs the network")
	}
	var out bytes.Buffer
	args := []string{"-model", filepath.Join("..", "..", "..", "..", "models", "wallzero.onnx"), "-ort-lib", lib,
		"-batches", "2,5", "-searches", "3", "-seconds", "0.05", "-reps", "1", "-runs", "1", "-visits", "16", "-leaf-calls", "0"}
	if err := Search(args, &out, io.Discard); err != nil {
		t.Fatalf("Search: %v\n%s", err, out.String())
	}
	for _, want := range []string{"raw_evals_per_sec batch=2 ", "raw_evals_per_sec batch=5 ",
		"mcts_sims_per_sec batching=spread searches=3 ", "analysis_latency_ms batching=spread visits=16 "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output has no %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "raw_evals_per_sec batch=128 ") {
		t.Errorf("output measures a default batch size beside -batches:\n%s", out.String())
	}
	for _, want := range []string{"batching=one-worker ", "hint_latency_ms "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output has no %q by default:\n%s", want, out.String())
		}
	}

	// A sweep's short form: the spread batching alone, no hints.
	out.Reset()
	if err := Search(append(args, "-one-worker=false", "-hints=false"), &out, io.Discard); err != nil {
		t.Fatalf("Search: %v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "mcts_sims_per_sec batching=spread searches=3 ") {
		t.Errorf("short form has no spread measurement:\n%s", out.String())
	}
	for _, not := range []string{"one-worker", "hint_latency_ms", "analysis_speedup"} {
		if strings.Contains(out.String(), not) {
			t.Errorf("short form has %q:\n%s", not, out.String())
		}
	}
}
