package browser

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
)

// start starts Chromium, or skips the test when there is none (fails
// instead under WALLZERO_BROWSER_TEST=1).
func start(t *testing.T) *Browser {
	t.Helper()
	exe, err := FindChromium()
	if err != nil {
		if os.Getenv("WALLZERO_BROWSER_TEST") == "1" {
			t.Fatal(err)
		}
		t.Skipf("skipped: %v", err)
	}
	b, err := Start(exe)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b
}

func TestPageBasicsInBrowser(t *testing.T) {
	t.Parallel()
	b := start(t)
	var mu sync.Mutex
	var events []string
	b.OnEvent(func(ev any) {
		if ev, ok := ev.(*runtime.EventConsoleAPICalled); ok {
			mu.Lock()
			events = append(events, string(ev.Args[0].Value))
			mu.Unlock()
		}
	})
	html := `<body><p id="k">none</p><script>document.addEventListener('keydown', e => { document.getElementById('k').textContent = e.key; console.log('key ' + e.key); });</script></body>`
	ctx, p := openPage(t, b, 30*time.Second, "data:text/html,"+url.PathEscape(html))
	var sum int
	if err := p.Eval(ctx, `Promise.resolve(20 + 22)`, &sum); err != nil || sum != 42 {
		t.Fatalf("Eval: %d %v", sum, err)
	}
	if err := p.Eval(ctx, `(() => { throw new Error("boom") })()`, nil); err == nil {
		t.Error("a thrown exception is not an error")
	}
	for _, key := range []string{"ArrowRight", "ArrowLeft", "End", "Backspace", "f"} {
		if err := p.Press(ctx, key); err != nil {
			t.Fatal(err)
		}
		if err := p.WaitFor(ctx, `document.getElementById('k').textContent === '`+key+`'`); err != nil {
			t.Fatal(err)
		}
	}
	if err := p.Press(ctx, "F13"); err == nil {
		t.Error("an unknown key is not an error")
	}
	png, err := p.Screenshot(ctx)
	if err != nil || !bytes.HasPrefix(png, []byte("\x89PNG")) {
		t.Fatalf("screenshot: %v (%d bytes)", err, len(png))
	}
	short, cancelShort := context.WithTimeout(ctx, 200*time.Millisecond)
	defer cancelShort()
	if err := p.WaitFor(short, `false`); err == nil {
		t.Error("WaitFor of a false expression returned")
	}
	mu.Lock()
	defer mu.Unlock()
	if len(events) != 5 {
		t.Errorf("%d console events, want 5: %q", len(events), events)
	}
	// The browser's console arrives on its own goroutine: give it a moment.
	var c []string
	for end := time.Now().Add(2 * time.Second); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if c = b.Console(); len(c) == 5 {
			break
		}
	}
	if len(c) != 5 || !strings.Contains(c[4], "tab 1 log: key f") {
		t.Errorf("the browser's console: %q, want the 5 key lines of tab 1", c)
	}
}

// TestWaitOutlastsALoadingDocumentInBrowser: a wait whose expression
// reads document.body, started as a link leads to a page whose body comes
// late, waits for the body (the expression throws while the new document
// is loading) and does not fail; an expression that throws in a loaded
// document fails at once rather than at the wait's limit.
func TestWaitOutlastsALoadingDocumentInBrowser(t *testing.T) {
	t.Parallel()
	b := start(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		if r.URL.Path != "/slow" {
			fmt.Fprint(w, `<!doctype html><body data-ready="first"><a id="go" href="/slow">go</a></body>`)
			return
		}
		// The head and some padding now, so that the browser commits the
		// new document; its body 700 ms later.
		fmt.Fprintf(w, "<!doctype html><html><head><title>slow</title><!-- %s --></head>", strings.Repeat("x", 4096))
		w.(http.Flusher).Flush()
		time.Sleep(700 * time.Millisecond)
		fmt.Fprint(w, `<body data-ready="second"></body></html>`)
	}))
	defer srv.Close()
	ctx, p := openPage(t, b, 30*time.Second, srv.URL+"/")
	if err := p.Click(ctx, "#go"); err != nil {
		t.Fatal(err)
	}
	if err := p.WaitFor(ctx, `document.body.dataset.ready === "second"`); err != nil {
		t.Fatalf("waiting through a loading document: %v", err)
	}
	began := time.Now()
	err := p.WaitFor(ctx, `document.nothing.here`)
	var werr *WaitError
	if err == nil || errors.As(err, &werr) || time.Since(began) > 5*time.Second {
		t.Errorf("an expression that throws in a loaded document: %v after %v, want an error at once", err, time.Since(began))
	}
}

// openPage opens a 400x300 page of b at url, under a context that ends
// after timeout or with the test.
func openPage(t *testing.T, b *Browser, timeout time.Duration, url string) (context.Context, *Page) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	t.Cleanup(cancel)
	p, err := b.NewPage(ctx, 400, 300)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Navigate(ctx, url); err != nil {
		t.Fatal(err)
	}
	return ctx, p
}
