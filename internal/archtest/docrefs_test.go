package archtest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// docFiles are the markdown files whose references are checked:
// README.md, docs/*.md, models/README.md and training/README.md. The
// dated notes under docs/notes/ are records of their day and are left
// as they were written.
func docFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	files = append([]string{filepath.Join(root, "README.md"), filepath.Join(root, "models", "README.md"),
		filepath.Join(root, "training", "README.md")}, files...)
	if len(files) < 5 {
		t.Fatalf("found only %d docs: is %s the repository root?", len(files), root)
	}
	return files
}

// TestDocReferences: every repository path, file name and Go name the
// docs put in backticks exists, and every relative link reaches its file
// and heading.
func TestDocReferences(t *testing.T) {
	t.Parallel()
	refs := NewDocRefs(root, modulePath(t))
	for _, f := range docFiles(t) {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, f)
		for _, p := range refs.CheckMarkdown(filepath.ToSlash(rel), string(b)) {
			t.Error(p)
		}
	}
}

func TestSlug(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{"Package map", "package-map"},
		{"  The `service` facade (thin) ", "the-service-facade-thin"},
		{"Jobs: retries, and *back-off*", "jobs-retries-and-back-off"},
		{"See [the API](api.md) now", "see-the-api-now"},
		{"snake_case stays", "snake_case-stays"},
	} {
		if got := Slug(tc.in); got != tc.want {
			t.Errorf("Slug(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestCheckMarkdown runs the checker over a small tree of its own.
func TestCheckMarkdown(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for name, text := range map[string]string{
		"go.mod":                "module example.com/demo\n",
		"demo.go":               "package demo\n\n// Error is an error.\ntype Error struct{ Code string }\n\nfunc (e *Error) Error() string { return e.Code }\n",
		"svc/access/a.go":       "package access\n\n// Admit admits.\nfunc Admit() {}\n",
		"svc/access/a_test.go":  "package access\n\nimport \"testing\"\n\nfunc TestAdmit(t *testing.T) {}\n",
		"docs/guide.md":         "# Guide\n\n## Two words\n\n## Two words\n\n<a id=\"here\"></a>\n",
		"svc/testdata/x.golden": "x\n",
		"tools/lib/a.py":        "\n",
		".gitignore":            "/tools/out/\n*.pyc\n",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name, doc string
		file      string   // the doc's path; doc.md when empty
		want      []string // substrings of the problems, in order; none for a clean doc
	}{
		{"paths that exist", "`svc/access/a.go`, `svc/access`, `svc/...`, `./svc/access/a.go:12`, `svc/testdata/*.golden`, `svc/<name>/x`", "", nil},
		{"a missing file", "see\n`svc/old.go`", "", []string{"doc.md:2: `svc/old.go`: no such file or folder"}},
		{"a missing folder's file", "`gone/x.go`", "", []string{"`gone/x.go`: no such file or folder"}},
		{"a glob matching nothing", "`svc/testdata/*.json`", "", []string{"matches no file"}},
		{"a placeholder under a missing folder", "`old/testdata/<name>.golden`", "", []string{"no such folder old/testdata"}},
		{"a bare file name", "`a_test.go` and `gone.go`", "", []string{"`gone.go`: no file of this name"}},
		{"a path from the doc's own folder", "`lib/a.py`", "tools/README.md", nil},
		{"local outputs (.gitignore)", "`tools/out/run.json`, `out/run.json`", "", nil},
		{"not references", "`go test ./svc/...`, `/v1/analyze`, `x/y`, `http.Handler`, `https://a/b.md`", "", nil},
		{"Go names", "`svc/access.Admit`, `access.TestAdmit`, `demo.Error.Code`, `demo.Error.Error`", "", nil},
		{"a missing Go name", "`svc/access.Refuse` and `access.Gone` and `svc/old.X`", "", []string{
			"svc/access declares no Refuse", "svc/access declares no Gone", "`svc/old.X`: no such package directory"}},
		{"a code span of two backticks", "``svc/gone.go`` and ``a ` b``", "", []string{"`svc/gone.go`"}},
		{"fenced code is not read", "```\n`svc/gone.go`\n```\n", "", nil},
		{"links", "[a](docs/guide.md) [b](docs/guide.md#two-words-1) [c](docs/guide.md#here) [d](https://x.org/y.md) [e](#top)\n\n# Top", "", nil},
		{"broken links", "[a](docs/nope.md)\n[b](docs/guide.md#three-words)\n[c](../out.md)", "", []string{
			"doc.md:1: `docs/nope.md`: no such file docs/nope.md",
			"doc.md:2: `docs/guide.md#three-words`: docs/guide.md has no heading #three-words",
			"doc.md:3: `../out.md`: the link leaves the repository"}},
		{"a link inside a code span is not a link", "`[a](nope.md)`", "", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file := tc.file
			if file == "" {
				file = "doc.md"
			}
			got := NewDocRefs(dir, "example.com/demo").CheckMarkdown(file, tc.doc)
			if len(got) != len(tc.want) {
				t.Fatalf("problems %q, want %d", got, len(tc.want))
			}
			for i, w := range tc.want {
				if !strings.Contains(got[i].String(), w) {
					t.Errorf("problem %q does not contain %q", got[i], w)
				}
			}
		})
	}
}
