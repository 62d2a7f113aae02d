package archtest

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"unicode"
)

// DocProblem is one reference in a markdown file that does not resolve:
// a backticked path, file or Go name, or a relative link.
type DocProblem struct {
	// File is the markdown file, relative to the repository root; Line
	// is 1-based.
	File string
	Line int
	// Ref is the reference as written; Why says what is missing.
	Ref, Why string
}

// String renders the problem as "file:line: `ref`: why".
func (p DocProblem) String() string {
	return fmt.Sprintf("%s:%d: `%s`: %s", p.File, p.Line, p.Ref, p.Why)
}

// pathExts are the endings that make a backticked token with a slash a
// repository path even when its first folder does not exist.
var pathExts = []string{".go", ".md", ".json", ".golden", ".sh", ".py"}

// DocRefs resolves the references of markdown files against one
// repository tree. It reads the tree lazily and caches what it read, so
// that checking many files costs one walk and one parse per package.
type DocRefs struct {
	root     string
	module   string
	walked   bool
	topDirs  map[string]bool
	ignored  []string                   // the folders .gitignore names: local outputs
	base     map[string]bool            // base names of the tree's files
	pkgNames map[string][]string        // a package's name -> its directories
	decls    map[string]map[string]bool // package directory -> top-level names
	anchors  map[string]map[string]bool // markdown file -> its anchors
	fset     *token.FileSet
}

// NewDocRefs returns a checker of references into the tree at root,
// whose Go module path is module (its root package is named after the
// module path's last element).
func NewDocRefs(root, module string) *DocRefs {
	return &DocRefs{root: root, module: module, decls: map[string]map[string]bool{},
		anchors: map[string]map[string]bool{}, fset: token.NewFileSet()}
}

// walk lists the top-level folders, the base names of all files and the
// Go package directories, skipping hidden folders.
func (d *DocRefs) walk() {
	if d.walked {
		return
	}
	d.walked = true
	if b, err := os.ReadFile(filepath.Join(d.root, ".gitignore")); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			line = strings.TrimSpace(line)
			if strings.HasSuffix(line, "/") && !strings.ContainsAny(line, "*?[!#") {
				d.ignored = append(d.ignored, strings.Trim(line, "/"))
			}
		}
	}
	d.topDirs, d.base, d.pkgNames = map[string]bool{}, map[string]bool{}, map[string][]string{}
	_ = filepath.WalkDir(d.root, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			// An unreadable entry is left out of the index: a reference to
			// it is then reported as missing, which names it.
			return nil //nolint:nilerr
		}
		rel, _ := filepath.Rel(d.root, p)
		rel = filepath.ToSlash(rel)
		if e.IsDir() {
			if rel != "." && (strings.HasPrefix(e.Name(), ".") || e.Name() == "node_modules" || e.Name() == "__pycache__") {
				return filepath.SkipDir
			}
			for _, ig := range d.ignored {
				if rel == ig {
					return filepath.SkipDir // local outputs differ from machine to machine
				}
			}
			if rel != "." && !strings.Contains(rel, "/") {
				d.topDirs[rel] = true
			}
			return nil
		}
		d.base[e.Name()] = true
		if strings.HasSuffix(rel, ".go") && !strings.Contains("/"+rel, "/testdata/") {
			dir := path.Dir(rel)
			name := path.Base(dir)
			if dir == "." {
				name = path.Base(d.module)
			}
			if ds := d.pkgNames[name]; len(ds) == 0 || ds[len(ds)-1] != dir {
				d.pkgNames[name] = append(ds, dir)
			}
		}
		return nil
	})
}

// declared returns the top-level names of the package in dir (relative
// to the root), test files included, with methods as "Type.Method"; nil
// when dir holds no Go files.
func (d *DocRefs) declared(dir string) map[string]bool {
	if m, ok := d.decls[dir]; ok {
		return m
	}
	var m map[string]bool
	files, _ := filepath.Glob(filepath.Join(d.root, filepath.FromSlash(dir), "*.go"))
	for _, f := range files {
		af, err := parser.ParseFile(d.fset, f, nil, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		if m == nil {
			m = map[string]bool{}
		}
		for _, decl := range af.Decls {
			switch decl := decl.(type) {
			case *ast.FuncDecl:
				name := decl.Name.Name
				if decl.Recv != nil && len(decl.Recv.List) == 1 {
					if r := recvName(decl.Recv.List[0].Type); r != "" {
						name = r + "." + name
					}
				}
				m[name] = true
			case *ast.GenDecl:
				for _, s := range decl.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						m[s.Name.Name] = true
						if st, ok := s.Type.(*ast.StructType); ok {
							for _, f := range st.Fields.List {
								for _, n := range f.Names {
									m[s.Name.Name+"."+n.Name] = true
								}
							}
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							m[n.Name] = true
						}
					}
				}
			}
		}
	}
	d.decls[dir] = m
	return m
}

// recvName is the type name of a method's receiver.
func recvName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return recvName(e.X)
	case *ast.IndexExpr:
		return recvName(e.X)
	case *ast.IndexListExpr:
		return recvName(e.X)
	case *ast.Ident:
		return e.Name
	}
	return ""
}

// exists says whether rel (slash-separated, relative to the root) is a
// file or folder of the tree.
func (d *DocRefs) exists(rel string) bool {
	_, err := os.Stat(filepath.Join(d.root, filepath.FromSlash(rel)))
	return err == nil
}

// existsFrom says whether rel names a file or folder of the tree,
// relative to the root or to the folder dir.
func (d *DocRefs) existsFrom(dir, rel string) bool {
	return d.exists(rel) || (dir != "." && d.exists(path.Join(dir, rel)))
}

// goName matches a Go name qualified by a package path or name:
// `service/access.Admission`, `api.TestErrorCodesDocumented`,
// `store.Store.Close`.
var goName = regexp.MustCompile(`^([a-z][a-z0-9_]*(?:/[a-z][a-z0-9_]*)*)\.([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?)(?:\(\))?$`)

// checkGoName checks a qualified Go name. It reports ok=false when the
// token is not one of this module's names at all (`http.Handler`), so
// that the caller can try it as something else.
func (d *DocRefs) checkGoName(tok string) (why string, ok bool) {
	m := goName.FindStringSubmatch(tok)
	if m == nil {
		return "", false
	}
	pkg, name := m[1], m[2]
	if !unicode.IsUpper(rune(name[0])) {
		return "", false // `api/doc.go`, `x.json`: a file name, not a Go name
	}
	var dirs []string
	if strings.Contains(pkg, "/") {
		if d.topDirs[pkg[:strings.Index(pkg, "/")]] && !d.exists(pkg) {
			return "no such package directory", true
		}
		if !d.exists(pkg) {
			return "", false
		}
		dirs = []string{pkg}
	} else {
		dirs = d.pkgNames[pkg]
		if len(dirs) == 0 {
			return "", false
		}
	}
	for _, dir := range dirs {
		decls := d.declared(dir)
		if decls == nil {
			continue
		}
		if decls[name] {
			return "", true
		}
		// A method or field of a type declared elsewhere (an embedded
		// or generic receiver) is not worth chasing; the type is enough.
		if i := strings.Index(name, "."); i > 0 && decls[name[:i]] && !unicode.IsUpper(rune(name[i+1])) {
			return "", true
		}
	}
	if len(dirs) == 1 {
		return fmt.Sprintf("%s declares no %s", dirs[0], name), true
	}
	return fmt.Sprintf("no package named %s (%s) declares %s", pkg, strings.Join(dirs, ", "), name), true
}

// checkPath checks a backticked token of a markdown file in the folder
// dir as a repository path, relative to the root or to dir. It reports
// ok=false when the token does not look like one.
func (d *DocRefs) checkPath(dir, tok string) (why string, ok bool) {
	p := strings.TrimPrefix(tok, "./")
	// A line or line range after a file: `api/decode.go:42`.
	if i := strings.LastIndex(p, ":"); i > 0 && strings.Trim(p[i+1:], "0123456789-") == "" {
		p = p[:i]
	}
	hasExt := false
	for _, e := range pathExts {
		if strings.HasSuffix(p, e) {
			hasExt = true
		}
	}
	if !strings.Contains(p, "/") {
		// A bare file name: some file of the tree must have it.
		if hasExt && !strings.HasSuffix(p, ".json") && !strings.ContainsAny(p, "*?<>{}$") && !strings.HasPrefix(p, ".") {
			if !d.base[p] {
				return "no file of this name in the repository", true
			}
			return "", true
		}
		return "", false
	}
	first := p[:strings.Index(p, "/")]
	if !hasExt && !d.topDirs[first] {
		return "", false
	}
	if strings.HasPrefix(p, "/") || strings.Contains(p, "://") {
		return "", false
	}
	p = strings.TrimSuffix(p, "/...")
	for _, ig := range d.ignored {
		// A local output (`training/checkpoints/loop.json`), or one
		// under a work directory of its own (`checkpoints/loop.json`).
		if strings.HasPrefix(p+"/", ig+"/") || first == path.Base(ig) {
			return "", true
		}
	}
	if i := strings.IndexAny(p, "<>{}$"); i >= 0 {
		// A placeholder: the folder before it must exist.
		p = path.Dir(p[:i] + "x")
		if p == "." || d.existsFrom(dir, p) {
			return "", true
		}
		return "no such folder " + p, true
	}
	if strings.ContainsAny(p, "*?[") {
		ms, _ := filepath.Glob(filepath.Join(d.root, filepath.FromSlash(p)))
		local, _ := filepath.Glob(filepath.Join(d.root, filepath.FromSlash(dir), filepath.FromSlash(p)))
		if len(ms)+len(local) == 0 {
			return "matches no file", true
		}
		return "", true
	}
	if !d.existsFrom(dir, p) {
		return "no such file or folder", true
	}
	return "", true
}

// CheckToken checks one backticked token of the markdown file md
// (relative to the root) and returns why it does not resolve, or "" when
// it does or is not a reference.
func (d *DocRefs) CheckToken(md, tok string) string {
	d.walk()
	tok = strings.TrimSpace(tok)
	if tok == "" || strings.ContainsAny(tok, " \t\n") {
		return "" // a command or prose, not a reference
	}
	if why, ok := d.checkGoName(tok); ok {
		return why
	}
	why, _ := d.checkPath(path.Dir(md), tok)
	return why
}

// Anchors returns the link anchors of a markdown file (relative to the
// root): its headings as GitHub makes them, and explicit <a id> or
// <a name> anchors. It returns nil when the file cannot be read.
func (d *DocRefs) Anchors(rel string) map[string]bool {
	if m, ok := d.anchors[rel]; ok {
		return m
	}
	var m map[string]bool
	if b, err := os.ReadFile(filepath.Join(d.root, filepath.FromSlash(rel))); err == nil {
		m = anchorsOf(string(b))
	}
	d.anchors[rel] = m
	return m
}

// anchorsOf returns the anchors of a markdown text (see Anchors).
func anchorsOf(text string) map[string]bool {
	m := map[string]bool{}
	seen := map[string]int{}
	fence := ""
	for _, line := range strings.Split(text, "\n") {
		if f := fenceOf(line); f != "" && (fence == "" || strings.HasPrefix(strings.TrimSpace(line), fence)) {
			if fence == "" {
				fence = f
			} else {
				fence = ""
			}
			continue
		}
		if fence != "" {
			continue
		}
		for _, a := range htmlAnchor.FindAllStringSubmatch(line, -1) {
			m[a[1]] = true
		}
		t := strings.TrimLeft(line, "#")
		if len(t) == len(line) || len(line)-len(t) > 6 || !strings.HasPrefix(t, " ") {
			continue
		}
		s := Slug(t)
		if n := seen[s]; n > 0 {
			m[fmt.Sprintf("%s-%d", s, n)] = true
		} else {
			m[s] = true
		}
		seen[s]++
	}
	return m
}

var htmlAnchor = regexp.MustCompile(`<a\s+(?:id|name)="([^"]+)"`)

// mdLink matches an inline markdown link or image: [text](target "title").
var mdLink = regexp.MustCompile(`\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)

// inlineLink strips a link's syntax, leaving its text.
var inlineLink = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)

// Slug is the anchor GitHub gives a heading's text: lower case, the
// markup and punctuation dropped (hyphens and underscores kept), spaces
// made hyphens.
func Slug(heading string) string {
	h := inlineLink.ReplaceAllString(strings.TrimSpace(heading), "$1")
	var b strings.Builder
	for _, r := range strings.ToLower(h) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// fenceOf returns the fence (``` or ~~~) that line opens or closes, or "".
func fenceOf(line string) string {
	t := strings.TrimLeft(line, " ")
	if len(line)-len(t) > 3 {
		return ""
	}
	for _, f := range []string{"```", "~~~"} {
		if strings.HasPrefix(t, f) {
			return f
		}
	}
	return ""
}

// CheckMarkdown checks the file rel (relative to the root) with text:
// every backticked token that is a path, file name or Go name of the
// repository must exist, and every relative link must reach a file and,
// with a #fragment, one of its anchors. Fenced code blocks are not read.
func (d *DocRefs) CheckMarkdown(rel, text string) []DocProblem {
	var out []DocProblem
	d.anchors[rel] = anchorsOf(text)
	lines := strings.Split(text, "\n")
	fence := ""
	// Prose outside fences, joined back so that a code span may wrap;
	// starts[i] is the offset of line i in it.
	var prose strings.Builder
	var starts []int
	for _, line := range lines {
		starts = append(starts, prose.Len())
		if f := fenceOf(line); f != "" && (fence == "" || strings.HasPrefix(strings.TrimSpace(line), fence)) {
			if fence == "" {
				fence = f
			} else {
				fence = ""
			}
			prose.WriteString("\n")
			continue
		}
		if fence != "" {
			prose.WriteString("\n")
			continue
		}
		prose.WriteString(line + "\n")
	}
	s := prose.String()
	lineAt := func(off int) int { return sort.Search(len(starts), func(i int) bool { return starts[i] > off }) }
	// Walk code spans (a run of n backticks up to the next run of n) and
	// the links between them.
	rest, at := s, 0
	for {
		i := strings.IndexByte(rest, '`')
		plain := rest
		if i >= 0 {
			plain = rest[:i]
		}
		for _, m := range mdLink.FindAllStringSubmatchIndex(plain, -1) {
			target := plain[m[2]:m[3]]
			if why := d.checkLink(rel, target); why != "" {
				out = append(out, DocProblem{rel, lineAt(at + m[2]), target, why})
			}
		}
		if i < 0 {
			break
		}
		n := len(rest[i:]) - len(strings.TrimLeft(rest[i:], "`"))
		open := i + n
		close := strings.Index(rest[open:], rest[i:open])
		for close >= 0 && open+close+n < len(rest) && rest[open+close+n] == '`' {
			// A longer run is not this span's end.
			j := open + close + n
			for j < len(rest) && rest[j] == '`' {
				j++
			}
			k := strings.Index(rest[j:], rest[i:open])
			if k < 0 {
				close = -1
				break
			}
			close = j - open + k
		}
		if close < 0 {
			rest, at = rest[open:], at+open
			continue
		}
		tok := rest[open : open+close]
		if why := d.CheckToken(rel, tok); why != "" {
			out = append(out, DocProblem{rel, lineAt(at + open), strings.TrimSpace(tok), why})
		}
		adv := open + close + n
		rest, at = rest[adv:], at+adv
	}
	return out
}

// urlScheme matches the scheme of an absolute URL (https:, mailto:).
var urlScheme = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*:`)

// checkLink checks one link target of the markdown file rel.
func (d *DocRefs) checkLink(rel, target string) string {
	if strings.HasPrefix(target, "//") || urlScheme.MatchString(target) {
		return "" // a URL
	}
	file, frag, _ := strings.Cut(target, "#")
	dest := rel
	if file != "" {
		if strings.HasPrefix(file, "/") {
			dest = strings.TrimPrefix(file, "/")
		} else {
			dest = path.Join(path.Dir(rel), file)
		}
		if strings.HasPrefix(dest, "../") || dest == ".." {
			return "the link leaves the repository"
		}
		if !d.exists(dest) {
			return "no such file " + dest
		}
	}
	if frag == "" || !strings.HasSuffix(dest, ".md") {
		return ""
	}
	if !d.Anchors(dest)[frag] {
		return fmt.Sprintf("%s has no heading #%s", dest, frag)
	}
	return ""
}
