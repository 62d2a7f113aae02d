package browser

import (
	"net/url"
	"strings"
	"testing"
	"time"
)

// TestClickAndHoverInBrowser clicks and hovers elements by selector through real
// mouse events: the element under the pointer receives them, a covered
// element does not, and a missing or hidden one is an error.
func TestClickAndHoverInBrowser(t *testing.T) {
	t.Parallel()
	b := start(t)
	html := `<body style="height:2000px"><p id="log"></p>
<button id="a" onclick="log.textContent += 'a'">a</button>
<button id="far" style="position:absolute;top:1500px" onclick="log.textContent += 'f'">far</button>
<div style="position:relative"><button id="under" onclick="log.textContent += 'u'">under</button>
<div id="cover" style="position:absolute;inset:0;background:#fff" onclick="log.textContent += 'c'"></div></div>
<span id="h" onmouseenter="log.textContent += 'h'">hover me</span>
<button id="hidden" hidden>x</button>
<div><button id="jump" onmousemove="this.style.marginLeft = '300px'" onclick="log.textContent += 'j'">jump</button></div></body>`
	ctx, p := openPage(t, b, 30*time.Second, "data:text/html,"+url.PathEscape(html))
	for _, sel := range []string{"#a", "#far", "#under"} {
		if err := p.Click(ctx, sel); err != nil {
			t.Fatalf("click %s: %v", sel, err)
		}
	}
	if err := p.Hover(ctx, "#h"); err != nil {
		t.Fatal(err)
	}
	var log string
	if err := p.Eval(ctx, `document.getElementById("log").textContent`, &log); err != nil {
		t.Fatal(err)
	}
	if log != "afch" {
		t.Errorf("events %q, want %q (a, the far button scrolled to, the cover over 'under', the hover)", log, "afch")
	}
	// A tap on a phone screen clicks too.
	if err := p.EmulatePhone(ctx, 390, 700); err != nil {
		t.Fatal(err)
	}
	if err := p.Tap(ctx, "#a"); err != nil {
		t.Fatal(err)
	}
	if err := p.WaitFor(ctx, `document.getElementById("log").textContent === "afcha"`); err != nil {
		t.Error(err)
	}
	for _, sel := range []string{"#missing", "#hidden"} {
		if err := p.Click(ctx, sel); err == nil {
			t.Errorf("click %s: no error", sel)
		}
	}
	// A button that moves away when the pointer arrives: the click lands
	// elsewhere, and Click says so instead of reporting a click it did not
	// make.
	if err := p.Click(ctx, "#jump"); err == nil || !strings.Contains(err.Error(), "click on #jump") || !strings.Contains(err.Error(), "the page moved") {
		t.Errorf("click on a button that moves away: %v, want an error saying the page moved", err)
	}
}
