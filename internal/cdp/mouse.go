package cdp

import (
	"context"
	"encoding/json"
	"fmt"
)

// point is the centre of an element in CSS pixels of the viewport.
type point struct {
	X, Y  float64
	Found bool
}

// centre scrolls the first element matching selector into view and
// returns its centre; an element that is missing, hidden or of zero size
// is an error naming the selector.
func (p *Page) centre(ctx context.Context, selector string) (point, error) {
	sel, _ := json.Marshal(selector)
	expr := fmt.Sprintf(`(() => { const e = document.querySelector(%s); if (!e) return {Found: false};
		e.scrollIntoView({block: "center", inline: "center"}); const r = e.getBoundingClientRect();
		return {X: r.left + r.width / 2, Y: r.top + r.height / 2, Found: r.width > 0 && r.height > 0}; })()`, sel)
	var pt point
	if err := p.Eval(ctx, expr, &pt); err != nil {
		return pt, err
	}
	if !pt.Found {
		return pt, fmt.Errorf("click: no visible element matches %s", selector)
	}
	return pt, nil
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
