package archtest

import (
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Import is one import of the module's own packages by a non-test file.
type Import struct {
	// File is the importing file, relative to the module root.
	File string
	// Package is the importing package; Dep the imported one (both
	// relative to the module root, "" for the root).
	Package, Dep string
}

// Violation says what is wrong with one file's import, or with a package
// that has no row.
type Violation string

// ModuleImports parses the non-test .go files under root (the module
// whose path is module) and returns every package found, with the
// imports of the module's packages. Directories named testdata, hidden
// ones, and nested modules are skipped.
func ModuleImports(root, module string) (pkgs map[string]string, imports []Import, err error) {
	pkgs = map[string]string{} // package -> one of its files
	fset := token.NewFileSet()
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			name := d.Name()
			if rel != "." && (name == "testdata" || name == "vendor" || name == "node_modules" ||
				strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || exists(filepath.Join(p, "go.mod"))) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		pkg := path.Dir(rel)
		if pkg == "." {
			pkg = ""
		}
		if _, ok := pkgs[pkg]; !ok {
			pkgs[pkg] = rel
		}
		for _, is := range f.Imports {
			dep, err := strconv.Unquote(is.Path.Value)
			if err != nil {
				return fmt.Errorf("%s: import %s: %w", rel, is.Path.Value, err)
			}
			if dep == module {
				imports = append(imports, Import{File: rel, Package: pkg, Dep: ""})
			} else if d, ok := strings.CutPrefix(dep, module+"/"); ok {
				imports = append(imports, Import{File: rel, Package: pkg, Dep: d})
			}
		}
		return nil
	})
	return pkgs, imports, err
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// Check returns the violations of rules by the module's packages (as
// ModuleImports returns them), sorted: packages without a row, and
// imports their row does not allow.
func Check(rules []Rule, pkgs map[string]string, imports []Import) []Violation {
	var out []Violation
	for pkg, file := range pkgs {
		if _, ok := RuleFor(rules, pkg); !ok {
			out = append(out, Violation(fmt.Sprintf("%s: package %s has no row in the package map of docs/architecture.md", file, show(pkg))))
		}
	}
	for _, im := range imports {
		r, ok := RuleFor(rules, im.Package)
		if !ok || r.Allows(im.Dep) {
			continue
		}
		out = append(out, Violation(fmt.Sprintf("%s: package %s imports %s, which its row (docs/architecture.md line %d) does not allow: it may import %s",
			im.File, show(im.Package), show(im.Dep), r.Line, r.Text)))
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// show names a package relative to the module root for messages.
func show(pkg string) string {
	if pkg == "" {
		return "(the module root)"
	}
	return "`" + pkg + "`"
}
