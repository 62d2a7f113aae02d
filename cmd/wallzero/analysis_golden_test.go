package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestAnalysisProtocolGolden feeds the analysis engine the query files of
// testdata/analysis and compares its output with
// testdata/golden/analysis-*.golden (go test -run TestAnalysisProtocolGolden
// -update rewrites them). The engine reads all of stdin first (-read-all)
// and analyses with one worker and the deterministic heuristic evaluator,
// so the order of the lines and their numbers are reproducible: actions
// are answered as they are read, then the queued turns run by priority.
func TestAnalysisProtocolGolden(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"actions", "terminate-all", "partial", "avoid-allow", "priority", "output"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			in, err := os.ReadFile(filepath.Join("testdata", "analysis", name+".jsonl"))
			if err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			args := []string{"analysis", "-model", "heuristic", "-parallel", "1", "-read-all"}
			if code := run(args, bytes.NewReader(in), &stdout, &stderr); code != 0 {
				t.Fatalf("exit status %d: %s", code, stderr.String())
			}
			var got bytes.Buffer
			for _, line := range bytes.SplitAfter(in, []byte("\n")) {
				if len(bytes.TrimSpace(line)) > 0 {
					got.WriteString("> ")
					got.Write(line)
				}
			}
			got.WriteString("---\n")
			got.Write(stdout.Bytes())
			path := filepath.Join("testdata", "golden", "analysis-"+name+".golden")
			if *update {
				if err := os.WriteFile(path, got.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (go test ./cmd/wallzero/ -run TestAnalysisProtocolGolden -update writes it)", err)
			}
			if !bytes.Equal(got.Bytes(), want) {
				t.Errorf("output differs from %s (rerun with -update after checking):\n%s", path, got.Bytes())
			}
		})
	}
}
