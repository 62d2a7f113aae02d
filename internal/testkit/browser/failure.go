package browser

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// Failure says what a failed wait saves and where: into
// Root/TEST-TIME/, wait.txt (the expression and the error),
// screenshot.png, page.json (State's value), console.txt (the browser's
// console) and the files of Extra (the server's log, say).
type Failure struct {
	Root string // the folder the failures' folders go in
	Test string // the test's name, for the folder's
	// State is a JavaScript expression whose value (a string, as
	// JSON.stringify makes) describes the page; empty: none.
	State string
	// Extra returns more files to save by name; nil: none.
	Extra func() map[string][]byte
}

// Watch makes every wait of p that runs out of its limit save the
// artifacts before it returns its error, and report their folder (or why
// there is none) with logf.
func (f Failure) Watch(p *Page, logf func(format string, args ...any)) {
	p.OnWaitTimeout = func(expr string, err error) {
		dir, serr := f.Save(p, expr, err)
		if serr != nil {
			logf("saving the artifacts of the failed wait: %v", serr)
			return
		}
		logf("the failed wait's screenshot, page state, console and logs: %s", dir)
	}
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9_.-]+`)

// Save writes the artifacts of a failed wait of p for expr and returns
// their folder. A page that no longer answers costs seconds here: what it
// cannot give is replaced by a note saying why.
func (f Failure) Save(p *Page, expr string, waitErr error) (string, error) {
	name := unsafeName.ReplaceAllString(f.Test, "_")
	dir := filepath.Join(f.Root, fmt.Sprintf("%s-%s", name, time.Now().UTC().Format("20060102T150405.000")))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	// Fresh, short contexts: the test's may be spent.
	quick := func() (context.Context, context.CancelFunc) {
		return context.WithTimeout(context.Background(), 5*time.Second)
	}
	files := map[string][]byte{"wait.txt": fmt.Appendf(nil, "waited for: %s\nerror: %v\n", expr, waitErr)}
	ctx, cancel := quick()
	if png, err := p.Screenshot(ctx); err == nil {
		files["screenshot.png"] = png
	} else {
		files["screenshot.txt"] = []byte("no screenshot: " + err.Error() + "\n")
	}
	cancel()
	if f.State != "" {
		ctx, cancel = quick()
		var state string
		if err := p.Eval(ctx, f.State, &state); err == nil {
			files["page.json"] = []byte(state)
		} else {
			files["page.txt"] = []byte("the page did not answer: " + err.Error() + "\n")
		}
		cancel()
	}
	files["console.txt"] = []byte(strings.Join(p.b.Console(), "\n") + "\n")
	if f.Extra != nil {
		for name, data := range f.Extra() {
			files[name] = data
		}
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return "", err
		}
	}
	return dir, nil
}
