package browser

import (
	"bytes"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestFailedWaitSavesArtifactsInBrowser: a wait for a condition that never
// holds gives up after DefaultWaitLimit (30 s) with an error naming the
// condition, and by then its folder holds the screenshot, the page's
// state, the console and the extra files (a server's log). It waits the
// whole 30 s, so -short (make check) skips it.
func TestFailedWaitSavesArtifactsInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped in -short mode: it waits the whole 30 s of a failed wait")
	}
	t.Parallel()
	b := start(t)
	html := `<body data-state="loading"><p>stuck</p><script>console.warn("hello from the page")</script></body>`
	ctx, p := openPage(t, b, time.Minute, "data:text/html,"+url.PathEscape(html))
	root := t.TempDir()
	var logged []string
	Failure{Root: root, Test: t.Name(), State: `JSON.stringify({state: document.body.dataset.state})`,
		Extra: func() map[string][]byte { return map[string][]byte{"server.log": []byte("GET /v1/position 200\n")} },
	}.Watch(p, func(format string, args ...any) { logged = append(logged, fmt.Sprintf(format, args...)) })

	const expr = `document.body.dataset.state === "ready"`
	began := time.Now()
	err := p.WaitFor(ctx, expr)
	took := time.Since(began)
	var werr *WaitError
	if !errors.As(err, &werr) || werr.Expr != expr || !strings.Contains(err.Error(), expr) {
		t.Fatalf("WaitFor: %v, want a *WaitError naming %s", err, expr)
	}
	t.Logf("the failed wait and its artifacts took %s", took.Round(time.Millisecond))
	if took < DefaultWaitLimit || took > DefaultWaitLimit+5*time.Second {
		t.Errorf("the failed wait and its artifacts took %s, want %s and a moment", took, DefaultWaitLimit)
	}
	dirs, err := os.ReadDir(root)
	if err != nil || len(dirs) != 1 || len(logged) != 1 || !strings.Contains(logged[0], dirs[0].Name()) {
		t.Fatalf("folders %v (%v), logged %q: want one folder, named in the log", dirs, err, logged)
	}
	dir := filepath.Join(root, dirs[0].Name())
	for name, want := range map[string]string{"wait.txt": expr, "screenshot.png": "\x89PNG", "page.json": `"state":"loading"`,
		"console.txt": "warning: hello from the page", "server.log": "GET /v1/position 200"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || !bytes.Contains(data, []byte(want)) {
			t.Errorf("%s: %q (%v), want it to hold %q", name, data, err, want)
		}
	}
}
