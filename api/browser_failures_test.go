package api

import (
	"bytes"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/wallzero/wallzero/internal/testkit/browser"
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

// watched holds, per browser, the server whose log a failed wait of one of
// its pages saves beside the browser's console.
var watched sync.Map // *browser.Browser -> *failureWatch

// failureWatch is the server of the pages it watches (nil: none of ours).
type failureWatch struct {
	srv *pictureServer
}

// watchBrowser makes every page newBoardPage opens in br save artifacts
// when a wait runs out (watchPage).
func watchBrowser(t *testing.T, br *browser.Browser, srv *pictureServer) {
	watched.Store(br, &failureWatch{srv: srv})
	t.Cleanup(func() { watched.Delete(br) })
}

// watchPage makes a wait of page that runs out of its limit (30 s) save,
// before the test fails, a screenshot, the page's state, the browser's
// console and the server's log into a folder the failure names:
// $WALLZERO_BROWSER_ARTIFACTS, else .local/browser-failures/ at the
// repository's root.
func watchPage(t *testing.T, page *browser.Page, w *failureWatch) {
	root := os.Getenv("WALLZERO_BROWSER_ARTIFACTS")
	if root == "" {
		root = filepath.Join("..", ".local", "browser-failures")
	}
	f := browser.Failure{Root: root, Test: t.Name(), State: pageState}
	if w != nil && w.srv != nil && w.srv.log != nil {
		f.Extra = func() map[string][]byte { return map[string][]byte{"server.log": []byte(w.srv.log.String())} }
	}
	f.Watch(page, t.Logf)
}

// pageState is what a failed wait records of the page: its address, the
// body's data-* states (the mode, the ply, the review, the puzzle, ...),
// the last mouse events, the error line and the focused element.
const pageState = `JSON.stringify({url: location.href, dataset: Object.assign({}, document.body.dataset),
	events: window.wzEvents || null, error: (document.getElementById("error") || {}).textContent || null,
	focused: document.activeElement && (document.activeElement.id || document.activeElement.tagName)}, null, 1)`
