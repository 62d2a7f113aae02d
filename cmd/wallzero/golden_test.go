package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files of TestGolden")

// goldenCases run the command line on the games in testdata/games and
// compare what it prints, and its exit status, with testdata/golden.
var goldenCases = []struct {
	name  string
	args  []string
	stdin string // a file under testdata/games fed on stdin, if set
	exit  int
}{
	{name: "replay-four-stone-end", args: []string{"replay", "-moves", "testdata/games/four-stone-end.txt"}},
	{name: "replay-four-stone-stdin", args: []string{"replay"}, stdin: "four-stone-end.txt"},
	{name: "replay-empty-random", args: []string{"replay", "-mode", "empty", "-moves", "testdata/games/empty-random.txt"}},
	{name: "replay-three-players-breaks", args: []string{"replay", "-players", "3", "-mode", "empty", "-moves", "testdata/games/three-players-breaks.txt"}},
	{name: "replay-four-players-step-out", args: []string{"replay", "-players", "4", "-mode", "empty", "-stay", "step-out", "-tiebreak", "none", "-moves", "testdata/games/four-players-step-out.txt"}},
	{name: "replay-ongoing", args: []string{"replay", "-moves", "testdata/games/four-stone-setup.txt"}},
	{name: "replay-illegal", args: []string{"replay", "-moves", "testdata/games/illegal.txt"}, exit: 1},
	{name: "replay-wrong-colour", args: []string{"replay", "-moves", "testdata/games/wrong-colour.txt"}, exit: 1},
	{name: "replay-missing-file", args: []string{"replay", "-moves", "testdata/games/no-such-file.txt"}, exit: 1},
	{name: "replay-bad-rules", args: []string{"replay", "-players", "5"}, stdin: "four-stone-setup.txt", exit: 1},
	{name: "replay-four-stone-with-three", args: []string{"replay", "-players", "3", "-mode", "four-stone"}, stdin: "four-stone-setup.txt", exit: 1},
	{name: "perft-four-stone-start", args: []string{"perft", "-depth", "2"}},
	{name: "perft-empty-start", args: []string{"perft", "-mode", "empty", "-depth", "2"}},
	{name: "perft-four-stone-after-setup", args: []string{"perft", "-depth", "3", "-moves", "testdata/games/four-stone-setup.txt"}},
	{name: "perft-stdin", args: []string{"perft", "-depth", "2"}, stdin: "four-stone-setup.txt"},
	{name: "perft-three-players", args: []string{"perft", "-players", "3", "-mode", "empty", "-depth", "3"}},
	{name: "perft-illegal", args: []string{"perft", "-moves", "testdata/games/illegal.txt"}, exit: 1},
	{name: "rating-table", args: []string{"rating", "table", "-in", "testdata/games/reviewed-table.jsonl", "-players", "testdata/games/table-players.tsv",
		"-ratings", "../../models/ratings.json", "-calibration", "testdata/games/rating-calibration.json", "-combined", "2"}},
	{name: "rating-table-no-estimate", args: []string{"rating", "table", "-in", "testdata/games/reviewed-table.jsonl", "-players", "testdata/games/table-players.tsv",
		"-ratings", "../../models/ratings.json", "-calibration", ""}},
	{name: "rating-table-unknown-player", args: []string{"rating", "table", "-in", "testdata/games/reviewed-table.jsonl", "-players", "testdata/games/four-stone-setup.txt",
		"-ratings", "../../models/ratings.json"}, exit: 1},
}

func TestGolden(t *testing.T) {
	t.Parallel()
	for _, tc := range goldenCases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			stdin := []byte{}
			if tc.stdin != "" {
				var err error
				if stdin, err = os.ReadFile(filepath.Join("testdata", "games", tc.stdin)); err != nil {
					t.Fatal(err)
				}
			}
			var stdout, stderr bytes.Buffer
			code := run(tc.args, bytes.NewReader(stdin), &stdout, &stderr)
			if code != tc.exit {
				t.Errorf("exit status %d, want %d; stderr:\n%s", code, tc.exit, stderr.String())
			}
			got := fmt.Sprintf("$ wallzero %s\n%s--- stderr\n%s--- exit %d\n", strings.Join(tc.args, " "), stdout.String(), stderr.String(), code)
			path := filepath.Join("testdata", "golden", tc.name+".golden")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./cmd/wallzero/ -run TestGolden -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("output differs from %s (rerun with -update after checking):\n--- got\n%s--- want\n%s", path, got, want)
			}
		})
	}
}

// TestReplayErrorNamesTheMove checks the content of the error, beyond the
// golden file: the move index, the move and the reason.
func TestReplayErrorNamesTheMove(t *testing.T) {
	t.Parallel()
	tests := []struct {
		moves string
		want  []string
	}{
		{"C3\nE3\nC5\nE5\nE5-E4:N\nB2-B5:N\n", []string{`moves[5] "B2-B5:N"`, "B5 is not reachable from B2"}},
		{"R C3\nR E3\n", []string{`moves[1] "R E3"`, "blue is to move, not red"}},
		{"C3, C3", []string{`moves[1] "C3"`, "already holds a red stone"}},
		{"C3, E3, C5, E5, F2-F1:S", []string{`moves[4] "F2-F1:S"`, "the S side of F1 is the board's edge"}},
		{"C3, E3, C5, E5, C3-C3:N, C5-C4:S", []string{`moves[5] "C5-C4:S"`, "a wall already stands on the S side of C4"}},
		{"C3-C4:N", []string{`moves[0] "C3-C4:N"`, "still in the setup phase"}},
	}
	for _, tc := range tests {
		t.Run(tc.want[0], func(t *testing.T) {
			t.Parallel()
			var stdout, stderr bytes.Buffer
			code := run([]string{"replay"}, strings.NewReader(tc.moves), &stdout, &stderr)
			if code == 0 {
				t.Fatalf("exit status 0 for an illegal game")
			}
			if stdout.Len() != 0 {
				t.Errorf("stdout not empty: %q", stdout.String())
			}
			for _, w := range tc.want {
				if !strings.Contains(stderr.String(), w) {
					t.Errorf("stderr %q does not contain %q", stderr.String(), w)
				}
			}
		})
	}
}

// TestUnknownCommand checks the exit status and the first line only: the
// usage text after it lists every subcommand, which grows.
func TestUnknownCommand(t *testing.T) {
	t.Parallel()
	var stdout, stderr bytes.Buffer
	if code := run([]string{"frobnicate"}, strings.NewReader(""), &stdout, &stderr); code != 2 {
		t.Fatalf("exit status %d, want 2", code)
	}
	first, _, _ := strings.Cut(stderr.String(), "\n")
	if first != `wallzero: unknown command "frobnicate"` || !strings.Contains(stderr.String(), "replay") {
		t.Fatalf("stderr %q", stderr.String())
	}
}
