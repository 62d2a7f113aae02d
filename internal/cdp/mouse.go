package cdp

import (
	"context"
	"encoding/json"
	"fmt"
	"time"
)

// point is the centre of an element in CSS pixels of the viewport.
type point struct {
	X, Y       float64
	Found, Hit bool
}

// centre scrolls the first element matching selector into view and
// returns its centre; an element that is missing, hidden or of zero size
// is an error naming the selector.
func (p *Page) centre(ctx context.Context, selector string) (point, error) {
	sel, _ := json.Marshal(selector)
	// Hit says whether the element (or one inside it) is what the browser
	// finds at the centre: not covered, not scrolled away meanwhile.
	expr := fmt.Sprintf(`(() => { const e = document.querySelector(%s); if (!e) return {Found: false};
		e.scrollIntoView({block: "center", inline: "center"}); const r = e.getBoundingClientRect();
		const x = r.left + r.width / 2, y = r.top + r.height / 2, at = document.elementFromPoint(x, y);
		return {X: x, Y: y, Found: r.width > 0 && r.height > 0, Hit: !!at && (at === e || e.contains(at))}; })()`, sel)
	var pt point
	for try_ := 0; ; try_++ {
		if err := p.Eval(ctx, expr, &pt); err != nil {
			return pt, err
		}
		if !pt.Found {
			return pt, fmt.Errorf("click: no visible element matches %s", selector)
		}
		// A covered element is clicked anyway after a few tries (the
		// cover receives the click, as it would a person's), but a page
		// still moving gets a moment to settle first.
		if pt.Hit || try_ == 4 {
			return pt, nil
		}
		select {
		case <-ctx.Done():
			return pt, ctx.Err()
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// Click moves the mouse to the centre of the first element matching
// selector and clicks it with the left button, as a person would: the
// browser decides which element receives the events (an element covered
// by another one is not clicked).
func (p *Page) Click(ctx context.Context, selector string) error {
	pt, err := p.centre(ctx, selector)
	if err != nil {
		return err
	}
	for _, typ := range []string{"mouseMoved", "mousePressed", "mouseReleased"} {
		ev := map[string]any{"type": typ, "x": pt.X, "y": pt.Y, "button": "left", "clickCount": 1}
		if typ == "mouseMoved" {
			ev["button"] = "none"
			ev["clickCount"] = 0
		}
		if err := p.Call(ctx, "Input.dispatchMouseEvent", ev, nil); err != nil {
			return err
		}
	}
	return nil
}

// Hover moves the mouse over the centre of the first element matching
// selector.
func (p *Page) Hover(ctx context.Context, selector string) error {
	pt, err := p.centre(ctx, selector)
	if err != nil {
		return err
	}
	return p.Call(ctx, "Input.dispatchMouseEvent", map[string]any{"type": "mouseMoved", "x": pt.X, "y": pt.Y}, nil)
}

// Tap touches the centre of the first element matching selector with one
// finger (touchStart, touchEnd), as on a phone; the page should have touch
// emulation on (EmulatePhone).
func (p *Page) Tap(ctx context.Context, selector string) error {
	pt, err := p.centre(ctx, selector)
	if err != nil {
		return err
	}
	touch := []map[string]any{{"x": pt.X, "y": pt.Y}}
	if err := p.Call(ctx, "Input.dispatchTouchEvent", map[string]any{"type": "touchStart", "touchPoints": touch}, nil); err != nil {
		return err
	}
	return p.Call(ctx, "Input.dispatchTouchEvent", map[string]any{"type": "touchEnd", "touchPoints": []any{}}, nil)
}

// EmulatePhone makes the page a phone's screen of width x height CSS
// pixels: the mobile viewport, device pixel ratio 2 and touch input.
func (p *Page) EmulatePhone(ctx context.Context, width, height int) error {
	if err := p.Call(ctx, "Emulation.setDeviceMetricsOverride", map[string]any{"width": width, "height": height, "deviceScaleFactor": 2, "mobile": true}, nil); err != nil {
		return err
	}
	return p.Call(ctx, "Emulation.setTouchEmulationEnabled", map[string]any{"enabled": true, "maxTouchPoints": 1}, nil)
}

// BringToFront makes the page the browser's foreground tab: a background
// tab is throttled, and its input events wait for frames it does not draw.
func (p *Page) BringToFront(ctx context.Context) error {
	return p.Call(ctx, "Page.bringToFront", nil, nil)
}
