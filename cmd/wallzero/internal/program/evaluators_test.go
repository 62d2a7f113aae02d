package program

import (
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/inference"
)

// TestFindShipped: an empty -model means the first shipped file found in
// the working directory or above it, in order of preference, so the
// service falls back to the teacher where the student is not shipped.
func TestFindShipped(t *testing.T) {
	t.Parallel()
	service := ServiceModels(false)
	serviceInt8 := ServiceModels(true)
	for _, tc := range []struct {
		name    string
		files   []string // created under the root
		names   []string
		want    string // relative to the root; "" for none
		fromSub bool   // search from a directory below the root
	}{
		{"both: the service prefers the student", []string{ServiceModel, DefaultModel}, service, ServiceModel, false},
		{"both: play and training take the teacher", []string{ServiceModel, DefaultModel}, []string{DefaultModel}, DefaultModel, false},
		{"no student: the teacher stands in", []string{DefaultModel}, service, DefaultModel, false},
		{"only the student, for a command of the teacher", []string{ServiceModel}, []string{DefaultModel}, "", false},
		{"found from a subdirectory", []string{ServiceModel, DefaultModel}, service, ServiceModel, true},
		{"none", nil, service, "", false},
		{"int8 CPU: the quantized teacher", []string{ServiceInt8TeacherModel, ServiceInt8Model, ServiceModel, DefaultModel}, serviceInt8, ServiceInt8TeacherModel, false},
		{"int8 CPU without the quantized teacher: the quantized student", []string{ServiceInt8Model, ServiceModel, DefaultModel}, serviceInt8, ServiceInt8Model, false},
		{"int8 CPU without the quantized file: the float student", []string{ServiceModel, DefaultModel}, serviceInt8, ServiceModel, false},
		{"int8 CPU, only the teacher", []string{DefaultModel}, serviceInt8, DefaultModel, false},
		{"CPU without int8 dot products never takes a quantized file", []string{ServiceInt8TeacherModel, ServiceInt8Model, ServiceModel, DefaultModel}, service, ServiceModel, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			root := t.TempDir()
			for _, f := range tc.files {
				p := filepath.Join(root, f)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte("onnx"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			start := root
			if tc.fromSub {
				start = filepath.Join(root, "cmd", "wallzero")
				if err := os.MkdirAll(start, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			got, ok := FindShipped(start, tc.names)
			if tc.want == "" {
				// A file of the same name above the temporary root (none is
				// expected) would be found too; only the root's own files count.
				if ok && filepath.Dir(filepath.Dir(got)) == root {
					t.Fatalf("found %s, want none", got)
				}
				return
			}
			if want := filepath.Join(root, tc.want); !ok || got != want {
				t.Fatalf("FindShipped = %q, %v; want %q", got, ok, want)
			}
		})
	}
}

// TestServiceEvaluatorsPreferTheServiceModels: serve, worker, analysis, explorer
// and version load the fast model, every other command the teacher.
func TestServiceEvaluatorsPreferTheServiceModels(t *testing.T) {
	t.Parallel()
	if got, want := NewServiceEvaluators(ModelFlags{}).shipped, ServiceModels(inference.Int8DotProduct()); !slices.Equal(got, want) {
		t.Errorf("service evaluators look for %v, want %v", got, want)
	}
	if got := NewEvaluators(ModelFlags{}).shipped; len(got) != 1 || got[0] != DefaultModel {
		t.Errorf("evaluators look for %v, want [%s]", got, DefaultModel)
	}
	// The repository ships all four, so here the service resolves the
	// student, or the 8-bit teacher where this CPU has 8-bit dot products.
	p, err := NewServiceEvaluators(ModelFlags{}).ResolveModel("")
	if err != nil {
		t.Fatal(err)
	}
	want := ServiceModel
	if inference.Int8DotProduct() {
		want = ServiceInt8TeacherModel
	}
	if filepath.Base(p) != filepath.Base(want) {
		t.Errorf("the service resolves %s, want %s", p, want)
	}
	p, err = NewServiceEvaluators(ModelFlags{Model: HeuristicModel}).ResolveModel("")
	if err != nil || p != HeuristicModel {
		t.Errorf("-model heuristic resolves %q, %v", p, err)
	}
}

// TestModelFlagHelp: -model's help names the default each kind of command
// really uses.
func TestModelFlagHelp(t *testing.T) {
	t.Parallel()
	var m ModelFlags
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	m.RegisterService(fs)
	if u := fs.Lookup("model").Usage; !strings.Contains(u, ServiceModel) || !strings.Contains(u, DefaultModel) {
		t.Errorf("service -model help %q does not name %s and %s", u, ServiceModel, DefaultModel)
	}
	fs = flag.NewFlagSet("match", flag.ContinueOnError)
	m.Register(fs)
	if u := fs.Lookup("model").Usage; !strings.Contains(u, "(default "+DefaultModel+")") || strings.Contains(u, ServiceModel) {
		t.Errorf("match -model help %q, want the default %s only", u, DefaultModel)
	}
}
