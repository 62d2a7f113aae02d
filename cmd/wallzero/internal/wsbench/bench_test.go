package wsbench

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/internal/testkit/storetest"
)

// TestGameLines: generated games are seeded and distinct; a games file's
// comments and blank lines are skipped and -games halves to fit it.
func TestGameLines(t *testing.T) {
	t.Parallel()
	a, b := Generate(20, 3, 5, 9), Generate(20, 3, 5, 9)
	if !slices.Equal(a, b) {
		t.Fatal("the same seed made different games")
	}
	if c := Generate(20, 4, 5, 9); slices.Equal(a, c) {
		t.Fatal("another seed made the same games")
	}
	if len(slices.Compact(slices.Sorted(slices.Values(a)))) != 20 {
		t.Error("repeated games")
	}
	path := filepath.Join(t.TempDir(), "games.jsonl")
	if err := os.WriteFile(path, []byte("# saved\n"+strings.Join(a[:5], "\n")+"\n\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path    string
		games   int
		want    int
		wantErr string
	}{
		{"", 3, 6, ""},
		{path, 10, 4, ""},
		{path, 1, 2, ""},
		{"", 0, 0, "-games 0"},
		{filepath.Join(t.TempDir(), "none"), 1, 0, "no such file"},
	} {
		got, err := gameLines(tc.path, tc.games, 1, 5, 9)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("%q %d: error %v, want %q", tc.path, tc.games, err, tc.wantErr)
			}
			continue
		}
		if err != nil || len(got) != tc.want {
			t.Errorf("%q %d: %d lines, %v; want %d", tc.path, tc.games, len(got), err, tc.want)
		}
	}
}

// TestWorkspaceBench runs the benchmark end to end at a tiny scale (the
// heuristic evaluator, 4 games an import, 2 hint clients) against a real
// PostgreSQL and checks its JSON.
func TestWorkspaceBench(t *testing.T) {
	t.Parallel()
	url := storetest.URL(t)
	var out bytes.Buffer
	args := []string{"-database-url", url, "-model", "heuristic", "-games", "4", "-min-plies", "4", "-max-plies", "8",
		"-review-visits", "8", "-hint-visits", "8", "-clients", "2", "-think", "50ms", "-idle", "500ms", "-timeout", "2m"}
	if err := Workspace(args, &out, io.Discard); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	text := out.String()
	var rep Report
	if err := json.Unmarshal([]byte(text[strings.Index(text, "\n{"):]), &rep); err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if rep.Idle.Requests == 0 || rep.Loaded.Requests == 0 || rep.Idle.Errors+rep.Loaded.Errors != 0 {
		t.Errorf("hints: idle %+v, under the import %+v", rep.Idle, rep.Loaded)
	}
	for _, r := range []reviewRun{rep.UnderHints, rep.Alone} {
		if r.Games != 4 || r.Failed != 0 || r.GamesPerMinute <= 0 || r.Positions == 0 {
			t.Errorf("import %+v", r)
		}
	}
	if rep.P99Ratio <= 0 || rep.ThroughputRatio <= 0 || !strings.Contains(text, "games per minute under the hints / alone") {
		t.Errorf("ratios %v %v\n%s", rep.P99Ratio, rep.ThroughputRatio, text)
	}
}
