package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// Page is one browser tab.
type Page struct {
	b   *Browser
	tab context.Context // chromedp's context of the tab (it ends with the browser)
	// WaitLimit is the longest one WaitFor waits (DefaultWaitLimit when
	// zero), so that a step that never comes fails on its own and names
	// itself rather than using up the whole test's time.
	WaitLimit time.Duration
	// OnWaitTimeout, when set, is called with the expression and the error
	// when a WaitFor runs out of WaitLimit: the place to save what the
	// page and the server looked like (SaveFailure).
	OnWaitTimeout func(expr string, err error)
}

// DefaultWaitLimit is WaitFor's limit when Page.WaitLimit is zero.
const DefaultWaitLimit = 30 * time.Second

// WaitError is WaitFor's error when its limit ran out: it names the
// expression it waited for and how long.
type WaitError struct {
	Expr   string
	Waited time.Duration
	// Last is the error of the last evaluation, if it failed (a page that
	// no longer answers shows here).
	Last error
}

func (e *WaitError) Error() string {
	msg := fmt.Sprintf("waited %s for %s", e.Waited.Round(time.Second), e.Expr)
	if e.Last != nil {
		msg += " (the last evaluation: " + e.Last.Error() + ")"
	}
	return msg
}

// Run runs a chromedp action in the page's tab until it ends or ctx does.
func Run[T any](ctx context.Context, p *Page, a chromedp.Action[T]) (T, error) {
	// chromedp's actions run on a context of the tab; this one also ends
	// with the caller's.
	c, cancel := context.WithCancel(p.tab)
	defer cancel()
	defer context.AfterFunc(ctx, cancel)()
	v, err := chromedp.Run(c, a)
	if err != nil && ctx.Err() != nil {
		err = fmt.Errorf("%w (%v)", ctx.Err(), err)
	}
	return v, err
}

// Call sends one protocol command to the page's tab: Call(ctx, p,
// input.InsertText, input.InsertTextParams{Text: "x"}).
func Call[P, R any](ctx context.Context, p *Page, cmd cdp.Command[P, R], params P) (R, error) {
	return Run(ctx, p, func(ctx context.Context, t *chromedp.Target) (R, error) { return cdp.Call(ctx, t, cmd, params) })
}

// Do runs chromedp actions in the page's tab, in order.
func (p *Page) Do(ctx context.Context, actions ...chromedp.Action[chromedp.Void]) error {
	_, err := Run(ctx, p, chromedp.Steps(actions...))
	return err
}

// Navigate loads url and waits until the document has loaded.
func (p *Page) Navigate(ctx context.Context, url string) error {
	if err := p.Do(ctx, chromedp.Navigate(url)); err != nil {
		return fmt.Errorf("navigating to %s: %w", url, err)
	}
	return p.WaitFor(ctx, `document.readyState === "complete"`)
}

// Eval evaluates a JavaScript expression in the page (awaiting a promise)
// and decodes its JSON value into out (when not nil). A thrown exception
// is an error.
func (p *Page) Eval(ctx context.Context, expr string, out any) error {
	raw, err := Run(ctx, p, chromedp.Evaluate[[]byte](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		return fmt.Errorf("evaluating %q: %w", expr, err)
	}
	if out != nil && len(raw) > 0 {
		return json.Unmarshal(raw, out)
	}
	return nil
}

// WaitFor polls a JavaScript expression every 50 ms until it is truthy,
// ctx ends or WaitLimit runs out; then it calls OnWaitTimeout and returns
// a *WaitError. It outlasts a reload or navigation: the expression is
// evaluated again in the new document (chromedp's Poll does not), and an
// exception thrown while that document is still loading (its body not
// parsed yet: document.body is null) counts as not yet true. An
// exception on two polls in a row of a loaded document is an error at
// once: the expression itself is wrong.
func (p *Page) WaitFor(ctx context.Context, expr string) error {
	limit := p.WaitLimit
	if limit <= 0 {
		limit = DefaultWaitLimit
	}
	wctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	start := time.Now()
	var last error
	thrown := false // the last evaluation threw in a loaded document
	for {
		var ok bool
		err := p.Eval(wctx, "!!("+expr+")", &ok)
		switch {
		case err == nil:
			last = nil
		case navigating(err):
			// The page is being replaced: evaluate again in the new document.
		case wctx.Err() != nil:
			last = err
		case p.loading(wctx):
			last = err
		case !thrown:
			// The document may have finished loading between the throw
			// and the look at it: one more try before it counts.
			thrown, last = true, err
		default:
			return err
		}
		if err == nil {
			thrown = false
		}
		if ok {
			return nil
		}
		select {
		case <-wctx.Done():
			if ctx.Err() != nil {
				return fmt.Errorf("waiting for %s: %w", expr, ctx.Err())
			}
			werr := &WaitError{Expr: expr, Waited: time.Since(start), Last: last}
			if p.OnWaitTimeout != nil {
				p.OnWaitTimeout(expr, werr)
			}
			return werr
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// loading reports whether the page's document is still being parsed (or
// is being replaced), where an expression may throw only because the
// elements it reads are not there yet.
func (p *Page) loading(ctx context.Context) bool {
	var state string
	err := p.Eval(ctx, `document.readyState`, &state)
	return err != nil && navigating(err) || err == nil && state == "loading"
}

// navigating reports whether err is Chromium's answer to an evaluation that
// a navigation overtook: the old document or its execution context is gone.
func navigating(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "Inspected target navigated or closed") ||
		strings.Contains(msg, "Cannot find context with specified id") ||
		strings.Contains(msg, "Execution context was destroyed")
}

// keys are the named keys Press knows, as chromedp's kb runes.
var keys = map[string]string{"ArrowLeft": kb.ArrowLeft, "ArrowUp": kb.ArrowUp, "ArrowRight": kb.ArrowRight, "ArrowDown": kb.ArrowDown,
	"Home": kb.Home, "End": kb.End, "Enter": kb.Enter, "Escape": kb.Escape, "Backspace": kb.Backspace, "Tab": kb.Tab}

// Press sends a key's press and release, as the keyboard would, to the
// focused element: a named key ("ArrowRight", "Home", "Enter",
// "Backspace", ...) or one character ("f"). It is a raw key press: the
// page's key handlers see it, but it types no text and so activates no
// focused button (chromedp's KeyEvent would, and a step's Enter on a
// button would then act twice).
func (p *Page) Press(ctx context.Context, key string) error {
	name, ok := keys[key]
	if !ok {
		name = key
	}
	r := []rune(name)
	if len(r) != 1 || kb.Keys[r[0]] == nil {
		return fmt.Errorf("press: unknown key %q", key)
	}
	k := kb.Keys[r[0]]
	for _, typ := range []input.DispatchKeyEventType{input.DispatchKeyEventTypeRawKeyDown, input.DispatchKeyEventTypeKeyUp} {
		ev := input.DispatchKeyEventParams{Type: typ, Key: k.Key, Code: k.Code, WindowsVirtualKeyCode: k.Windows, NativeVirtualKeyCode: k.Native}
		if _, err := Call(ctx, p, input.DispatchKeyEvent, ev); err != nil {
			return err
		}
	}
	return nil
}

// Screenshot captures the whole page (beyond the viewport) as PNG.
func (p *Page) Screenshot(ctx context.Context) ([]byte, error) {
	return Run(ctx, p, chromedp.FullScreenshot(100))
}

// EmulatePhone makes the page a phone's screen of width x height CSS
// pixels: the mobile viewport, device pixel ratio 2 and touch input.
func (p *Page) EmulatePhone(ctx context.Context, width, height int) error {
	return p.Do(ctx, chromedp.EmulateViewport(int64(width), int64(height), chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulatePortrait, chromedp.EmulateTouch))
}

// BringToFront makes the page the browser's foreground tab.
func (p *Page) BringToFront(ctx context.Context) error {
	_, err := Call(ctx, p, page.BringToFront, cdp.Empty{})
	return err
}
