package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/chromedp/chromedp"
)

// point is the centre of an element in CSS pixels of the viewport.
type point struct {
	X, Y               float64
	Found, Hit, Stable bool
}

// centre scrolls the first element matching selector into view and
// returns its centre once it has stopped moving (the same box in two
// animation frames running); an element that is missing, hidden or of
// zero size is an error naming the selector. (chromedp's Click takes the
// box once, so a board still laying itself out gets clicked in the wrong
// place.)
func (p *Page) centre(ctx context.Context, selector string) (point, error) {
	sel, _ := json.Marshal(selector)
	// Hit: the element (or one inside it) is what the browser finds at the
	// centre. Stable: its box was the same a frame earlier.
	expr := fmt.Sprintf(`(async () => { const e = document.querySelector(%s); if (!e) return {Found: false};
		e.scrollIntoView({block: "center", inline: "center"});
		const frame = () => new Promise((ok) => requestAnimationFrame(() => ok()));
		await frame(); const a = e.getBoundingClientRect(); await frame(); const r = e.getBoundingClientRect();
		const x = r.left + r.width / 2, y = r.top + r.height / 2, at = document.elementFromPoint(x, y);
		return {X: x, Y: y, Found: r.width > 0 && r.height > 0, Hit: !!at && (at === e || e.contains(at)),
			Stable: a.left === r.left && a.top === r.top && a.width === r.width && a.height === r.height}; })()`, sel)
	var pt point
	for try := 0; ; try++ {
		if err := p.Eval(ctx, expr, &pt); err != nil {
			return pt, err
		}
		if !pt.Found {
			return pt, fmt.Errorf("click: no visible element matches %s", selector)
		}
		// A covered or moving element is clicked anyway after a few tries
		// (the cover receives the click, as it would a person's).
		if (pt.Hit && pt.Stable) || try == 9 {
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
// selector, once it has stopped moving, clicks it with the left button and
// checks that the click reached it: a click the page gave to another
// element (it moved between the look and the click) is an error naming
// both, rather than a step that silently did nothing.
func (p *Page) Click(ctx context.Context, selector string) error {
	pt, err := p.centre(ctx, selector)
	if err != nil {
		return err
	}
	sel, _ := json.Marshal(selector)
	arm := fmt.Sprintf(`(() => { window.__wzClick = null; const e = document.querySelector(%s);
		document.addEventListener("click", (ev) => { window.__wzClick = {Ours: !e || !e.isConnected || ev.target === e || e.contains(ev.target),
			Target: ev.target.id || (ev.target.dataset && Object.keys(ev.target.dataset).map((k) => k + "=" + ev.target.dataset[k]).join(",")) || ev.target.tagName}; },
			{capture: true, once: true}); })()`, sel)
	if err := p.Eval(ctx, arm, nil); err != nil {
		return err
	}
	if err := p.Do(ctx, chromedp.MouseEvent(chromedp.MouseMoved, pt.X, pt.Y), chromedp.MouseClickXY(pt.X, pt.Y)); err != nil {
		return err
	}
	var got struct {
		Ours   bool
		Target string
	}
	check := fmt.Sprintf(`window.__wzClick || (() => { const e = document.querySelector(%s);
		return {Ours: !e || !e.isConnected || e.disabled === true, Target: ""}; })()`, sel)
	if err := p.Eval(ctx, check, &got); err != nil {
		if navigating(err) {
			return nil // the click navigated away, as a link's does
		}
		return err
	}
	// Only an element that was under the pointer at the look counts: a
	// covered one's click goes to its cover, as a person's would.
	switch {
	case !pt.Hit || got.Ours:
		return nil
	case got.Target != "":
		return fmt.Errorf("click on %s at (%.0f, %.0f) landed on %s: the page moved between the look and the click", selector, pt.X, pt.Y, got.Target)
	default:
		return fmt.Errorf("click on %s at (%.0f, %.0f) did not arrive: the page moved between the press and the release", selector, pt.X, pt.Y)
	}
}

// Hover moves the mouse over the centre of the first element matching
// selector.
func (p *Page) Hover(ctx context.Context, selector string) error {
	pt, err := p.centre(ctx, selector)
	if err != nil {
		return err
	}
	return p.Do(ctx, chromedp.MouseEvent(chromedp.MouseMoved, pt.X, pt.Y))
}

// Tap touches the centre of the first element matching selector with one
// finger, as on a phone; the page should emulate one (EmulatePhone).
func (p *Page) Tap(ctx context.Context, selector string) error {
	pt, err := p.centre(ctx, selector)
	if err != nil {
		return err
	}
	return p.Do(ctx, chromedp.TapXY(pt.X, pt.Y))
}
