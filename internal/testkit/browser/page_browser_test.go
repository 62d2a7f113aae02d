package browser

import (
	"bytes"
	"context"
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
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	p, err := b.NewPage(ctx, 400, 300)
	if err != nil {
		t.Fatal(err)
	}
	html := `<body><p id="k">none</p><script>document.addEventListener('keydown', e => { document.getElementById('k').textContent = e.key; console.log('key ' + e.key); });</script></body>`
	if err := p.Navigate(ctx, "data:text/html,"+url.PathEscape(html)); err != nil {
		t.Fatal(err)
	}
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
