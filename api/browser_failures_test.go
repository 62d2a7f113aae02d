package api

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/wallzero/wallzero/internal/testkit/cdp"
)

// lockedBuffer is a server log the failure artifacts can read while the
// server writes it.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// watched holds, per browser, what a failed wait of one of its pages
// saves: the server's log and the browser's console.
var watched sync.Map // *cdp.Browser -> *failureWatch

// failureWatch is the server and browser log of the pages it watches.
type failureWatch struct {
	srv *pictureServer
	log *browserLog
}

// watchBrowser makes every page newBoardPage opens in br save artifacts
// when a wait runs out (watchPage).
func watchBrowser(t *testing.T, br *cdp.Browser, srv *pictureServer, log *browserLog) {
	watched.Store(br, &failureWatch{srv: srv, log: log})
	t.Cleanup(func() { watched.Delete(br) })
}

// watchPage makes a wait of page that runs out of its limit (30 s) save,
// before the test fails, a screenshot, the page's state, the browser's
// console and the server's log into a folder the failure names:
// $WALLZERO_BROWSER_ARTIFACTS, else .local/browser-failures/ at the
// repository's root.
func watchPage(t *testing.T, page *cdp.Page, w *failureWatch) {
	page.OnWaitTimeout = func(expr string, err error) {
		dir, derr := saveFailure(t, page, w, expr, err)
		if derr != nil {
			t.Logf("saving the artifacts of the failed wait: %v", derr)
			return
		}
		t.Logf("the failed wait's screenshot, page state, console and server log: %s", dir)
	}
}

// pageState is what a failed wait records of the page.
const pageState = `JSON.stringify({url: location.href, dataset: Object.assign({}, document.body.dataset),
	mode: window.WZ && WZ.app && WZ.app.mode, ply: window.WZ && WZ.app && WZ.app.cur && WZ.app.tree.ply(WZ.app.cur),
	puzzle: window.WZ && WZ.puzzle && {active: !!WZ.puzzle.active, done: WZ.puzzle.done, tries: WZ.puzzle.tries},
	events: window.wzEvents || null, error: (document.getElementById("error") || {}).textContent || null,
	focused: document.activeElement && (document.activeElement.id || document.activeElement.tagName)}, null, 1)`

// saveFailure writes the artifacts of a failed wait and returns their folder.
func saveFailure(t *testing.T, page *cdp.Page, w *failureWatch, expr string, waitErr error) (string, error) {
	root := os.Getenv("WALLZERO_BROWSER_ARTIFACTS")
	if root == "" {
		root = filepath.Join("..", ".local", "browser-failures")
	}
	name := regexp.MustCompile(`[^A-Za-z0-9_.-]+`).ReplaceAllString(t.Name(), "_")
	dir := filepath.Join(root, fmt.Sprintf("%s-%s", name, time.Now().UTC().Format("20060102T150405.000")))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	// Fresh, short contexts: the test's may be spent, and a page that no
	// longer answers should cost seconds here, not minutes.
	quick := func() (context.Context, context.CancelFunc) {
		return context.WithTimeout(context.Background(), 5*time.Second)
	}
	files := map[string][]byte{"wait.txt": []byte(fmt.Sprintf("waited for: %s\nerror: %v\n", expr, waitErr))}
	ctx, cancel := quick()
	if png, err := page.Screenshot(ctx); err == nil {
		files["screenshot.png"] = png
	} else {
		files["screenshot.txt"] = []byte("no screenshot: " + err.Error() + "\n")
	}
	cancel()
	ctx, cancel = quick()
	var state string
	if err := page.Eval(ctx, pageState, &state); err == nil {
		files["page.json"] = []byte(state)
	} else {
		files["page.txt"] = []byte("the page did not answer: " + err.Error() + "\n")
	}
	cancel()
	if w != nil && w.log != nil {
		files["console.txt"] = []byte(strings.Join(w.log.consoleLines(), "\n") + "\n")
	}
	if w != nil && w.srv != nil && w.srv.log != nil {
		files["server.log"] = []byte(w.srv.log.String())
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return "", err
		}
	}
	return dir, nil
}

// consoleLines returns the browser's console and exceptions so far.
func (l *browserLog) consoleLines() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.console...)
}

// noteConsole keeps a console message or exception (the last 500).
func (l *browserLog) noteConsole(kind string, args any) {
	line := fmt.Sprintf("%s %s", time.Now().UTC().Format("15:04:05.000"), kind)
	if b, err := json.Marshal(args); err == nil && string(b) != "null" {
		line += " " + string(b)
	}
	l.console = append(l.console, line)
	if len(l.console) > 500 {
		l.console = l.console[len(l.console)-500:]
	}
}
