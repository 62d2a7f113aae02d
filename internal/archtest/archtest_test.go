package archtest

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// root is the module root, two levels above this package.
var root = filepath.Join("..", "..")

// modulePath reads the module path from go.mod.
func modulePath(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if m, ok := strings.CutPrefix(strings.TrimSpace(line), "module "); ok {
			return strings.TrimSpace(m)
		}
	}
	t.Fatal("go.mod has no module line")
	return ""
}

// TestImportRules: every package of the module has a row in the package
// map of docs/architecture.md and imports only what its row allows.
func TestImportRules(t *testing.T) {
	t.Parallel()
	doc, err := os.ReadFile(filepath.Join(root, "docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	rules, err := ParseTable(string(doc))
	if err != nil {
		t.Fatalf("docs/architecture.md: %v", err)
	}
	if len(rules) < 10 {
		t.Fatalf("docs/architecture.md: only %d rows read from the package map", len(rules))
	}
	pkgs, imports, err := ModuleImports(root, modulePath(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) < 10 || len(imports) == 0 {
		t.Fatalf("found %d packages and %d imports of ours: is %s the module root?", len(pkgs), len(imports), root)
	}
	for _, v := range Check(rules, pkgs, imports) {
		t.Error(v)
	}
}

const sampleDoc = "# Title\n\n## Package map\n\nSome words.\n\n" +
	"| package | owns | may import (of ours) |\n" +
	"| --- | --- | --- |\n" +
	"| `engine` | rules | nothing |\n" +
	"| `engine/...` | helpers (`engine/x` is old) | `engine` |\n" +
	"| `service` | orchestration | `engine/...`, `store` (its record types only: `service/stores.go`) |\n" +
	"| `internal/a`, `internal/b` | small | nothing of ours |\n" +
	"| `cmd/tool` | the binary | everything |\n" +
	"| `.` | the root package | `engine`, `.` |\n" +
	"| `training/` | Python | — |\n" +
	"\nAfter the table: | not | a | row |\n\n## Next\n\n| `other` | x | nothing |\n"

func TestParseTable(t *testing.T) {
	t.Parallel()
	rules, err := ParseTable(sampleDoc)
	if err != nil {
		t.Fatal(err)
	}
	want := []Rule{
		{Line: 9, Packages: []string{"engine"}, Text: "nothing"},
		{Line: 10, Packages: []string{"engine/..."}, Allowed: []string{"engine"}, Text: "`engine`"},
		{Line: 11, Packages: []string{"service"}, Allowed: []string{"engine/...", "store"},
			Text: "`engine/...`, `store` (its record types only: `service/stores.go`)"},
		{Line: 12, Packages: []string{"internal/a", "internal/b"}, Text: "nothing of ours"},
		{Line: 13, Packages: []string{"cmd/tool"}, Everything: true, Text: "everything"},
		{Line: 14, Packages: []string{""}, Allowed: []string{"engine", ""}, Text: "`engine`, `.`"},
	}
	if !reflect.DeepEqual(rules, want) {
		t.Errorf("got\n%+v\nwant\n%+v", rules, want)
	}
}

func TestParseTableErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, doc, want string
	}{
		{"no section", "# T\n\n| `a` | b | nothing |\n", "no table"},
		{"no table", "## Package map\n\nwords\n", "no table"},
		{"unreadable last column", "## Package map\n\n| p | o | m |\n| - | - | - |\n| `a` | x | some things |\n", "line 5"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := ParseTable(tc.doc); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func TestCheck(t *testing.T) {
	t.Parallel()
	rules, err := ParseTable(sampleDoc)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		imp  Import
		bad  bool
	}{
		{"allowed", Import{"service/a.go", "service", "store"}, false},
		{"allowed by a prefix", Import{"service/a.go", "service", "engine/player/deep"}, false},
		{"the prefix's own package", Import{"service/a.go", "service", "engine"}, false},
		{"not allowed", Import{"service/a.go", "service", "cmd/tool"}, true},
		{"a file named in a remark is not allowed", Import{"service/a.go", "service", "service/stores.go"}, true},
		{"nothing", Import{"engine/a.go", "engine", "store"}, true},
		{"a sub-package by the prefix row", Import{"engine/sub/a.go", "engine/sub", "engine"}, false},
		{"a sub-package by the prefix row, refused", Import{"engine/sub/a.go", "engine/sub", "service"}, true},
		{"nothing of ours", Import{"internal/b/a.go", "internal/b", "engine"}, true},
		{"everything", Import{"cmd/tool/a.go", "cmd/tool", "service"}, false},
		{"the root package, allowed", Import{"errors.go", "", "engine"}, false},
		{"the root package, refused", Import{"errors.go", "", "store"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pkgs := map[string]string{tc.imp.Package: tc.imp.File}
			got := Check(rules, pkgs, []Import{tc.imp})
			if bad := len(got) > 0; bad != tc.bad {
				t.Fatalf("violations %q, want some: %v", got, tc.bad)
			}
			if tc.bad && (!strings.Contains(string(got[0]), tc.imp.File) || !strings.Contains(string(got[0]), "`"+tc.imp.Dep+"`")) {
				t.Errorf("%q does not name the file and the import", got[0])
			}
		})
	}
	t.Run("a package without a row", func(t *testing.T) {
		got := Check(rules, map[string]string{"newpkg": "newpkg/a.go", "engine": "engine/a.go"}, nil)
		if len(got) != 1 || !strings.Contains(string(got[0]), "newpkg/a.go: package `newpkg` has no row") {
			t.Errorf("violations %q", got)
		}
	})
}
