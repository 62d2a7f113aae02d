package analysisengine

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestProtocolGolden feeds the engine the query files of testdata/queries
// and compares its output with testdata/golden/*.golden (go test
// -run TestProtocolGolden -update rewrites them). The engine reads all of
// its input first (ReadAll)
// and analyses with one worker and the deterministic heuristic evaluator,
// so the order of the lines and their numbers are reproducible: actions
// are answered as they are read, then the queued turns run by priority.
func TestProtocolGolden(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"actions", "terminate-all", "partial", "avoid-allow", "priority", "output"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			in, err := os.ReadFile(filepath.Join("testdata", "queries", name+".jsonl"))
			if err != nil {
				t.Fatal(err)
			}
			var stdout bytes.Buffer
			runHeuristic(t, bytes.NewReader(in), &stdout, Options{Parallel: 1, ReadAll: true}, 0)
			var got bytes.Buffer
			for _, line := range bytes.SplitAfter(in, []byte("\n")) {
				if len(bytes.TrimSpace(line)) > 0 {
					got.WriteString("> ")
					got.Write(line)
				}
			}
			got.WriteString("---\n")
			got.Write(stdout.Bytes())
			path := filepath.Join("testdata", "golden", name+".golden")
			if *update {
				if err := os.WriteFile(path, got.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (go test ./analysisengine/ -run TestProtocolGolden -update writes it)", err)
			}
			if !bytes.Equal(got.Bytes(), want) {
				t.Errorf("output differs from %s (rerun with -update after checking):\n%s", path, got.Bytes())
			}
		})
	}
}
