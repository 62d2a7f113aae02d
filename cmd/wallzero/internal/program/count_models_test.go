package program

import (
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/internal/testkit/inferencetest"
	"github.com/wallzero/wallzero/search/ensemble"
)

// TestChooseMultiPaths: each multi-player count takes its own flag, else
// -mp-model, else its shipped network of its own, else the shared shipped
// network, else the heuristic; "heuristic" in a flag picks the heuristic.
func TestChooseMultiPaths(t *testing.T) {
	t.Parallel()
	shared, four := MultiPlayerModel, CountModel(4)
	for _, tc := range []struct {
		name    string
		shipped []string
		flags   ModelFlags
		want    string // per count: "n:path" or "n:heuristic(why)"
	}{
		{"nothing shipped", nil, ModelFlags{}, "3:heuristic(models/wallzero-mp3.onnx and models/wallzero-mp.onnx not found) 4:heuristic(models/wallzero-mp4.onnx and models/wallzero-mp.onnx not found)"},
		{"the shared network", []string{shared}, ModelFlags{}, "3:" + shared + " 4:" + shared},
		{"a four-player network of its own", []string{shared, four}, ModelFlags{}, "3:" + shared + " 4:" + four},
		{"only the four-player network", []string{four}, ModelFlags{}, "3:heuristic(models/wallzero-mp3.onnx and models/wallzero-mp.onnx not found) 4:" + four},
		{"-mp-model covers both counts", []string{shared, four}, ModelFlags{MultiModel: "x.onnx"}, "3:x.onnx(-mp-model) 4:x.onnx(-mp-model)"},
		{"-mp4-model beside -mp-model", []string{shared}, ModelFlags{MultiModel: "x.onnx", CountModels: map[int]string{4: "y.onnx"}}, "3:x.onnx(-mp-model) 4:y.onnx(-mp4-model)"},
		{"-mp3-model beside the shipped networks", []string{shared, four}, ModelFlags{CountModels: map[int]string{3: "z.onnx"}}, "3:z.onnx(-mp3-model) 4:" + four},
		{"-mp-model heuristic", []string{shared, four}, ModelFlags{MultiModel: HeuristicModel}, "3:heuristic(chosen with -mp-model heuristic) 4:heuristic(chosen with -mp-model heuristic)"},
		{"-mp4-model heuristic", []string{shared, four}, ModelFlags{CountModels: map[int]string{4: HeuristicModel}}, "3:" + shared + " 4:heuristic(chosen with -mp4-model heuristic)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			root := t.TempDir()
			for _, f := range tc.shipped {
				writeFile(t, filepath.Join(root, f))
			}
			var got []string
			for _, c := range chooseMultiPaths(tc.flags, root) {
				s := fmt.Sprintf("%d:", c.players)
				switch {
				case c.path == "":
					s += "heuristic(" + c.why + ")"
				case c.flag == "":
					s += strings.TrimPrefix(c.path, root+"/")
				default:
					s += c.path + "(" + c.flag + ")"
				}
				got = append(got, s)
			}
			if g := strings.Join(got, " "); g != tc.want {
				t.Errorf("got  %s\nwant %s", g, tc.want)
			}
		})
	}
}

// writeFile creates an empty file and its directories.
func writeFile(t *testing.T, path string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestCountModelFlags: -mp3-model and -mp4-model fill CountModels.
func TestCountModelFlags(t *testing.T) {
	t.Parallel()
	var mf ModelFlags
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	mf.RegisterService(fs)
	if err := fs.Parse([]string{"-mp-model", "a.onnx", "-mp4-model", "b.onnx"}); err != nil {
		t.Fatal(err)
	}
	if mf.MultiModel != "a.onnx" || mf.CountModels[4] != "b.onnx" || mf.CountModels[3] != "" {
		t.Fatalf("flags %+v", mf)
	}
}

// TestChooseMultiModels loads the tiny multi-player models as serve does:
// one evaluator per file with the counts it is served for, and a model
// that does not play the count its flag gives it, or is of another
// format, is refused by name.
func TestChooseMultiModels(t *testing.T) {
	inferencetest.RequireRuntime(t)
	t.Parallel()
	mp := filepath.Join(repoRoot, "inference", "testdata", "mp-tiny.onnx")
	mp4 := filepath.Join(repoRoot, "inference", "testdata", "mp4-tiny.onnx")
	mp4s := filepath.Join(repoRoot, "inference", "testdata", "mp4-tiny-sym4.onnx")
	two := filepath.Join(repoRoot, "inference", "testdata", "tiny.onnx")
	for _, tc := range []struct {
		name  string
		flags ModelFlags
		want  string // "id[counts]" per evaluator ("*S" averaged over S symmetries), or the error's words
	}{
		{"a network averaged over the symmetries its metadata names", ModelFlags{MultiModel: mp, CountModels: map[int]string{4: mp4s}}, "mp-tiny[3] mp4-tiny-sym4[4]*4"},
		{"one network for both counts", ModelFlags{MultiModel: mp}, "mp-tiny[3 4]"},
		{"a four-player network of its own", ModelFlags{MultiModel: mp, CountModels: map[int]string{4: mp4}}, "mp-tiny[3] mp4-tiny[4]"},
		{"the four-player network alone", ModelFlags{MultiModel: HeuristicModel, CountModels: map[int]string{4: mp4}}, "mp4-tiny[4]"},
		{"the heuristic for both", ModelFlags{MultiModel: HeuristicModel}, ""},
		{"a four-player network given three players", ModelFlags{MultiModel: mp4}, "-mp-model " + mp4 + ": model mp4-tiny plays [4]-player games, not 3"},
		{"-mp3-model names the flag", ModelFlags{MultiModel: mp, CountModels: map[int]string{3: mp4}}, "-mp3-model " + mp4 + ": model mp4-tiny plays [4]-player games, not 3"},
		{"a two-player network", ModelFlags{MultiModel: two}, "-mp-model " + two + ": model tiny is of the format wallzero-btrh-49-v1, 3-player games are of wallzero-mp-34-v1"},
		{"a missing file", ModelFlags{CountModels: map[int]string{4: "no-such.onnx"}, MultiModel: mp}, "-mp4-model: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			mf := tc.flags
			mf.Workers, mf.MaxBatch = 1, 8
			ev := NewServiceEvaluators(mf)
			t.Cleanup(func() { _ = ev.Close() })
			got, err := ChooseMultiModels(ev, mf, slog.New(slog.NewTextHandler(io.Discard, nil)))
			if err != nil {
				if !strings.Contains(err.Error(), tc.want) || tc.want == "" {
					t.Fatalf("error %q, want %q", err, tc.want)
				}
				return
			}
			var s []string
			for _, m := range got {
				desc := fmt.Sprintf("%s%v", m.Info.ID, m.Players)
				switch e := m.Eval.(type) {
				case nil:
					t.Errorf("%s: no evaluator", m.Info.ID)
				case *ensemble.Symmetric:
					desc += fmt.Sprintf("*%d", len(e.Symmetries))
				}
				s = append(s, desc)
			}
			if g := strings.Join(s, " "); g != tc.want {
				t.Errorf("got %q, want %q", g, tc.want)
			}
		})
	}
}
