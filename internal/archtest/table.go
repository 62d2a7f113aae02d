package archtest

import (
	"bufio"
	"fmt"
	"regexp"
	"strings"
)

// Rule is one row of the package map: the packages it names and what
// they may import of the module.
type Rule struct {
	// Line is the row's line in the document, for messages.
	Line int
	// Packages are the row's package paths relative to the module root;
	// one ending in "/..." is a prefix.
	Packages []string
	// Everything: the packages may import any package of the module.
	Everything bool
	// Allowed are the importable packages (prefixes end in "/...").
	Allowed []string
	// Text is the last column as written, for messages.
	Text string
}

var (
	backticked = regexp.MustCompile("`([^`]*)`")
	remark     = regexp.MustCompile(`\([^()]*\)`)
)

// ParseTable reads the package map: the first Markdown table after the
// heading "## Package map". Rows whose first column names no Go package
// (a directory with a trailing slash, such as `training/`) are skipped.
func ParseTable(doc string) ([]Rule, error) {
	sc := bufio.NewScanner(strings.NewReader(doc))
	var rules []Rule
	inSection, inTable, header := false, false, 0
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(line, "## "):
			if inTable {
				return rules, nil
			}
			inSection = line == "## Package map"
			continue
		case !inSection:
			continue
		case !strings.HasPrefix(line, "|"):
			if inTable {
				return rules, nil
			}
			continue
		}
		inTable = true
		if header < 2 { // the header and the |---| line
			header++
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		if len(cells) < 2 {
			return nil, fmt.Errorf("line %d: a row of %d columns", n, len(cells))
		}
		r, err := parseRow(n, cells[0], cells[len(cells)-1])
		if err != nil {
			return nil, err
		}
		if len(r.Packages) > 0 {
			rules = append(rules, r)
		}
	}
	if !inTable {
		return nil, fmt.Errorf("no table under \"## Package map\"")
	}
	return rules, sc.Err()
}

// parseRow reads a row's first and last columns.
func parseRow(line int, first, last string) (Rule, error) {
	r := Rule{Line: line, Text: strings.TrimSpace(last)}
	for _, m := range backticked.FindAllStringSubmatch(first, -1) {
		if p := m[1]; !strings.HasSuffix(p, "/") {
			r.Packages = append(r.Packages, rootName(p))
		}
	}
	if len(r.Packages) == 0 {
		return r, nil
	}
	switch strings.ToLower(r.Text) {
	case "nothing", "nothing of ours":
		return r, nil
	case "everything":
		r.Everything = true
		return r, nil
	}
	for _, m := range backticked.FindAllStringSubmatch(remark.ReplaceAllString(last, ""), -1) {
		r.Allowed = append(r.Allowed, rootName(m[1]))
	}
	if len(r.Allowed) == 0 {
		return r, fmt.Errorf("line %d: the last column %q is not \"nothing\", \"nothing of ours\", \"everything\" or packages in backticks", line, r.Text)
	}
	return r, nil
}

// rootName reads `.`, the table's name of the module's root package, as
// the empty path the import scan gives it; other names pass unchanged.
func rootName(p string) string {
	if p == "." {
		return ""
	}
	return p
}

// matches reports whether pattern (a package path, or a prefix ending in
// "/...") names pkg, and how specific the match is (higher wins).
func matches(pattern, pkg string) (bool, int) {
	if base, ok := strings.CutSuffix(pattern, "/..."); ok {
		if pkg == base || strings.HasPrefix(pkg, base+"/") {
			return true, 2 * len(base)
		}
		return false, 0
	}
	return pattern == pkg, 2*len(pattern) + 1
}

// RuleFor returns the most specific rule naming pkg, if any.
func RuleFor(rules []Rule, pkg string) (Rule, bool) {
	best, score := Rule{}, -1
	for _, r := range rules {
		for _, p := range r.Packages {
			if ok, s := matches(p, pkg); ok && s > score {
				best, score = r, s
			}
		}
	}
	return best, score >= 0
}

// Allows reports whether the rule lets its packages import dep (a path
// relative to the module root).
func (r Rule) Allows(dep string) bool {
	if r.Everything {
		return true
	}
	for _, a := range r.Allowed {
		if ok, _ := matches(a, dep); ok {
			return true
		}
	}
	return false
}
