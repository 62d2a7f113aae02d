package api

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// TestBrowserTestsFollowTheNamingRule: `make browser-test` runs the tests
// whose names end in InBrowser, so every test in a *_browser_test.go file
// (here and in internal/testkit/browser) must end so, or it would never run.
func TestBrowserTestsFollowTheNamingRule(t *testing.T) {
	t.Parallel()
	var files []string
	for _, pattern := range []string{"*_browser_test.go", "../internal/testkit/browser/*_browser_test.go"} {
		m, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) < 6 {
		t.Fatalf("found %d browser test files, want the six or more there are: %v", len(files), files)
	}
	found := 0
	for _, f := range files {
		parsed, err := parser.ParseFile(token.NewFileSet(), f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range parsed.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || !strings.HasPrefix(fn.Name.Name, "Test") {
				continue
			}
			found++
			if !strings.HasSuffix(fn.Name.Name, "InBrowser") {
				t.Errorf("%s: %s drives a browser but its name does not end in InBrowser, so make browser-test never runs it", f, fn.Name.Name)
			}
		}
	}
	if found == 0 {
		t.Fatal("no browser tests found")
	}
}
