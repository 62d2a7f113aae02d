package cdp

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// Page is one browser tab, attached through its own protocol session.
type Page struct {
	b       *Browser
	session string
	// WaitLimit is the longest one WaitFor waits (DefaultWaitLimit when
	// zero), so that a step that never comes fails on its own and names
	// itself rather than using up the whole test's time.
	WaitLimit time.Duration
	// OnWaitTimeout, when set, is called with the expression and the error
	// when a WaitFor runs out of WaitLimit: the place to save what the
	// page and the server looked like (a screenshot, the console, the log).
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

// NewPage opens a tab of width x height CSS pixels and enables the Page,
// Runtime, Log and Network domains (so their events reach OnEvent).
func (b *Browser) NewPage(ctx context.Context, width, height int) (*Page, error) {
	var target struct {
		TargetID string `json:"targetId"`
	}
	if err := b.Call(ctx, "", "Target.createTarget", map[string]any{"url": "about:blank"}, &target); err != nil {
		return nil, err
	}
	var att struct {
		SessionID string `json:"sessionId"`
	}
	if err := b.Call(ctx, "", "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}, &att); err != nil {
		return nil, err
	}
	p := &Page{b: b, session: att.SessionID}
	for _, domain := range []string{"Page", "Runtime", "Log", "Network"} {
		if err := p.Call(ctx, domain+".enable", nil, nil); err != nil {
			return nil, err
		}
	}
	if err := p.Call(ctx, "Emulation.setDeviceMetricsOverride", map[string]any{"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}, nil); err != nil {
		return nil, err
	}
	return p, nil
}

// Session returns the page's protocol session id (events carry it).
func (p *Page) Session() string { return p.session }

// Call sends a command to the page's session.
func (p *Page) Call(ctx context.Context, method string, params, result any) error {
	return p.b.Call(ctx, p.session, method, params, result)
}

// Navigate loads url and waits until the document has loaded.
func (p *Page) Navigate(ctx context.Context, url string) error {
	var nav struct {
		ErrorText string `json:"errorText"`
	}
	if err := p.Call(ctx, "Page.navigate", map[string]any{"url": url}, &nav); err != nil {
		return err
	}
	if nav.ErrorText != "" {
		return fmt.Errorf("navigating to %s: %s", url, nav.ErrorText)
	}
	return p.WaitFor(ctx, `document.readyState === "complete"`)
}

// Eval evaluates a JavaScript expression in the page (awaiting a promise)
// and decodes its JSON value into out (when not nil). A thrown exception
// is an error.
func (p *Page) Eval(ctx context.Context, expr string, out any) error {
	var res struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text      string `json:"text"`
			Exception struct {
				Description string `json:"description"`
			} `json:"exception"`
		} `json:"exceptionDetails"`
	}
	err := p.Call(ctx, "Runtime.evaluate", map[string]any{"expression": expr, "awaitPromise": true, "returnByValue": true}, &res)
	if err != nil {
		return err
	}
	if e := res.ExceptionDetails; e != nil {
		return fmt.Errorf("evaluating %q: %s %s", expr, e.Text, e.Exception.Description)
	}
	if out != nil && len(res.Result.Value) > 0 {
		return json.Unmarshal(res.Result.Value, out)
	}
	return nil
}

// WaitFor polls a JavaScript expression every 50 ms until it is truthy,
// ctx ends or WaitLimit runs out; then it calls OnWaitTimeout and returns
// a *WaitError.
func (p *Page) WaitFor(ctx context.Context, expr string) error {
	limit := p.WaitLimit
	if limit <= 0 {
		limit = DefaultWaitLimit
	}
	wctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	start := time.Now()
	var last error
	for {
		var ok bool
		err := p.Eval(wctx, "!!("+expr+")", &ok)
		switch {
		case err == nil:
			last = nil
		case navigating(err):
			// The page is being replaced (a reload or navigation the
			// caller started): evaluate again in the new document.
		case wctx.Err() != nil:
			last = err
		default:
			return err
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

// keyCodes are the Windows virtual key codes of the keys Press knows.
var keyCodes = map[string]int{"ArrowLeft": 37, "ArrowUp": 38, "ArrowRight": 39, "ArrowDown": 40, "Home": 36, "End": 35, "Enter": 13, "Escape": 27}

// Press sends a key press (down and up) as the keyboard would, to the
// focused element: "ArrowRight", "ArrowLeft", "Home", "End", ...
func (p *Page) Press(ctx context.Context, key string) error {
	code, ok := keyCodes[key]
	if !ok {
		return fmt.Errorf("press: unknown key %q", key)
	}
	for _, typ := range []string{"rawKeyDown", "keyUp"} {
		if err := p.Call(ctx, "Input.dispatchKeyEvent", map[string]any{"type": typ, "key": key, "code": key, "windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code}, nil); err != nil {
			return err
		}
	}
	return nil
}

// Screenshot captures the whole page (beyond the viewport) as PNG.
func (p *Page) Screenshot(ctx context.Context) ([]byte, error) {
	var shot struct {
		Data string `json:"data"`
	}
	if err := p.Call(ctx, "Page.captureScreenshot", map[string]any{"format": "png", "captureBeyondViewport": true}, &shot); err != nil {
		return nil, err
	}
	return base64.StdEncoding.DecodeString(shot.Data)
}

// navigating reports whether err is Chromium's answer to an evaluation that
// a navigation overtook: the old document or its execution context is gone.
func navigating(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "Inspected target navigated or closed") ||
		strings.Contains(msg, "Cannot find context with specified id") ||
		strings.Contains(msg, "Execution context was destroyed")
}
