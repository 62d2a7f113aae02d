package archtest

import (
	"bufio"
	"bytes"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// maxPackageLines is the most lines a Go package may have, its tests and
// generated code aside, as scripts/pkglines.sh counts them.
const maxPackageLines = 2000

// oversized are the packages that were over maxPackageLines when the rule
// came in, each with its size then: it may shrink but not grow, and its
// entry goes once it is split. It is empty now: engine, the last, gave its
// board vocabulary to engine/grid.
var oversized = map[string]int{}

// TestPackageSize: no Go package of the module is over maxPackageLines
// (scripts/pkglines.sh), but for those in oversized, which may not grow.
func TestPackageSize(t *testing.T) {
	t.Parallel()
	out, err := exec.Command("bash", filepath.Join(root, "scripts", "pkglines.sh"), root).Output()
	if err != nil {
		t.Fatalf("scripts/pkglines.sh: %v", err)
	}
	sizes := map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 2 {
			t.Fatalf("scripts/pkglines.sh: line %q is not \"LINES PACKAGE\"", sc.Text())
		}
		n, err := strconv.Atoi(f[0])
		if err != nil {
			t.Fatalf("scripts/pkglines.sh: line %q: %v", sc.Text(), err)
		}
		sizes[f[1]] = n
	}
	if len(sizes) < 10 {
		t.Fatalf("scripts/pkglines.sh counted only %d packages", len(sizes))
	}
	for pkg, n := range sizes {
		limit, old := oversized[pkg]
		if !old {
			limit = maxPackageLines
		}
		if n > limit {
			if old {
				t.Errorf("%s: %d lines, more than its %d when the rule of %d came in: split it rather than grow it", pkg, n, limit, maxPackageLines)
			} else {
				t.Errorf("%s: %d lines, more than %d (tests and generated code aside): split it along its seams", pkg, n, maxPackageLines)
			}
		}
	}
	for pkg, limit := range oversized {
		if n, ok := sizes[pkg]; !ok || n <= maxPackageLines {
			t.Errorf("%s is now %d lines (was %d): within %d, so take it out of oversized", pkg, n, limit, maxPackageLines)
		}
	}
}
