// Package browser drives a headless Chromium for the end-to-end tests of
// the pages through chromedp (github.com/chromedp/chromedp), with the few
// conveniences those tests share: a wait for a JavaScript condition that
// names it and gives up after 30 s, clicks and taps that check they
// landed, the console of every tab, and the artifacts of a failed wait (a
// screenshot, the page's state, the console and what the test adds).
package browser

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"time"

	"github.com/chromedp/chromedp"
)

// FindChromium returns the browser to run: $WALLZERO_CHROMIUM if set,
// else the first of chromium, chromium-browser, google-chrome on PATH.
func FindChromium() (string, error) {
	if p := os.Getenv("WALLZERO_CHROMIUM"); p != "" {
		return p, nil
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", errors.New("no Chromium found: install Debian's chromium package (scripts/chromium.sh) or set WALLZERO_CHROMIUM")
}

// Browser is one running Chromium with an empty profile of its own, so
// that tests in parallel share nothing.
type Browser struct {
	ctx         context.Context // chromedp's context of the browser (its first tab)
	cancel      context.CancelFunc
	allocCancel context.CancelFunc
	dataDir     string

	mu        sync.Mutex
	listeners []func(ev any)
	console   []string
	tabs      int
}

// maxConsole is how many console lines a Browser keeps.
const maxConsole = 500

// Start runs the browser at exe headless, without the sandbox or the GPU,
// with an empty profile in a new temporary folder, and waits until it
// answers.
func Start(exe string) (*Browser, error) {
	dir, err := os.MkdirTemp("", "wallzero-chromium-")
	if err != nil {
		return nil, err
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.UserDataDir(filepath.Join(dir, "profile")), chromedp.Flag("disable-component-update", true))
	allocCtx, allocCancel := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(allocCtx)
	b := &Browser{ctx: ctx, cancel: cancel, allocCancel: allocCancel, dataDir: dir}
	if err := chromedp.Do(ctx); err != nil {
		b.Close()
		return nil, fmt.Errorf("starting %s: %w", exe, err)
	}
	return b, nil
}

// OnEvent adds a handler for the protocol events of every tab, as
// cdproto's types (*runtime.EventConsoleAPICalled,
// *network.EventResponseReceived, ...). Handlers run in the loop that
// reads the tab's messages: they must return fast and send no command.
func (b *Browser) OnEvent(h func(ev any)) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.listeners = append(b.listeners, h)
}

// event hands ev to every handler.
func (b *Browser) event(ev any) {
	b.mu.Lock()
	hs := b.listeners
	b.mu.Unlock()
	for _, h := range hs {
		h(ev)
	}
}

// Console returns the console messages, uncaught exceptions and browser
// log entries of every tab so far (the last 500), each with its time and
// tab.
func (b *Browser) Console() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]string(nil), b.console...)
}

// collect keeps the console of the tab ctx until the tab closes.
func (b *Browser) collect(ctx context.Context, tab int) {
	messages := chromedp.Console(ctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			line := fmt.Sprintf("%s tab %d %s", m.Time.UTC().Format("15:04:05.000"), tab, m)
			if m.URL != "" {
				line += fmt.Sprintf(" (%s:%d)", m.URL, m.Line+1)
			}
			b.mu.Lock()
			b.console = append(b.console, line)
			if len(b.console) > maxConsole {
				b.console = b.console[len(b.console)-maxConsole:]
			}
			b.mu.Unlock()
		}
	}()
}

// NewPage opens a tab of width x height CSS pixels in a window of its own
// (a background tab gets no animation frames).
func (b *Browser) NewPage(ctx context.Context, width, height int) (*Page, error) {
	tab, cancel := chromedp.NewContext(b.ctx, chromedp.WithListener(b.event))
	// The first action opens the tab for the tab's whole life, so it runs
	// on the tab's own context; ctx only bounds the wait.
	opened := make(chan error, 1)
	go func() { opened <- chromedp.Do(tab) }()
	select {
	case err := <-opened:
		if err != nil {
			cancel()
			return nil, fmt.Errorf("opening a tab: %w", err)
		}
	case <-ctx.Done():
		cancel()
		return nil, fmt.Errorf("opening a tab: %w", ctx.Err())
	}
	b.mu.Lock()
	b.tabs++
	n := b.tabs
	b.mu.Unlock()
	b.collect(tab, n)
	p := &Page{b: b, tab: tab}
	if err := p.Do(ctx, chromedp.EmulateViewport(int64(width), int64(height))); err != nil {
		cancel()
		return nil, err
	}
	return p, nil
}

// Close closes the browser (killing it if it does not quit within a few
// seconds) and removes its profile.
func (b *Browser) Close() error {
	ctx, cancel := context.WithTimeout(b.ctx, 5*time.Second)
	_ = chromedp.Cancel(ctx) // its errors say nothing of the tests
	cancel()
	b.cancel()
	b.allocCancel()
	return os.RemoveAll(b.dataDir)
}
