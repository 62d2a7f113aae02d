package api

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/internal/testkit/browser"
	"github.com/wallzero/wallzero/service/explorer"
)

// TestOpeningsPageInBrowser drives the opening explorer page in headless
// Chromium against the API on a real PostgreSQL: two placements made with
// the keyboard (arrow keys and Enter), the heat map's values checked
// against GET /v1/openings/explorer, back and forward with the keys, a
// frequent opening state opened from its list, and no horizontal
// scrolling on a phone-sized screen. $WALLZERO_OPENINGS_SCREENSHOT, when
// set, receives a PNG of the page, and $WALLZERO_OPENINGS_PHONE_SCREENSHOT
// one of the phone-sized screen. Runs under WALLZERO_BROWSER_TEST=1.
func TestOpeningsPageInBrowser(t *testing.T) {
	if os.Getenv("WALLZERO_BROWSER_TEST") != "1" {
		t.Skip("skipped: set WALLZERO_BROWSER_TEST=1 (make browser-test) to drive the explorer page in headless Chromium")
	}
	t.Parallel()
	exe, err := browser.FindChromium()
	if err != nil {
		t.Fatal(err)
	}
	srv := startPictureServerAuth(t, true, false, false)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	// Some frequent opening states to list.
	var games []explorer.SelfplayOpening
	for _, g := range [][]string{{"C3", "D3", "E3", "C4"}, {"C3", "D3", "E3", "C4"}, {"D4", "C5", "E3", "A1"}} {
		var sg explorer.SelfplayOpening
		for _, m := range g {
			mv, _, err := grid.ParseMove(m)
			must(err)
			sg.Moves = append(sg.Moves, mv)
		}
		games = append(games, sg)
	}
	must(srv.svc.Explorer().RecordSelfplayOpenings(ctx, "four-stone", 16, games))

	b, err := browser.Start(exe)
	must(err)
	defer b.Close()
	log := &browserLog{origin: srv.URL}
	b.OnEvent(log.event)
	page, err := b.NewPage(ctx, 1100, 900)
	must(err)
	watchPage(t, page, &failureWatch{srv: srv})
	must(page.Navigate(ctx, srv.URL+"/openings?opening=four-stone"))
	ready := func(moves string) {
		t.Helper()
		wctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		defer cancel()
		if err := page.WaitFor(wctx, fmt.Sprintf(`document.body.dataset.state === "ready" && new URLSearchParams(location.search).get("moves") === %s`, strconvQuote(moves))); err != nil {
			var where string
			page.Eval(ctx, `location.search + " | state " + document.body.dataset.state + " | focus " + (document.activeElement && document.activeElement.outerHTML.slice(0, 120)) + " | error " + document.getElementById("error").textContent`, &where)
			t.Fatalf("waiting for moves %q: %v; the page: %s", moves, err, where)
		}
	}
	must(page.WaitFor(ctx, `document.body.dataset.state === "ready"`))
	// Step 1: from the cursor (the best placement), one square right, Enter.
	must(page.Eval(ctx, `document.querySelector('#grid [tabindex="0"]').focus()`, nil))
	var first string
	must(page.Eval(ctx, `(() => { const i = Number(document.activeElement.dataset.index) + 1; return "ABCDEFG"[i % 7] + (Math.floor(i / 7) + 1); })()`, &first))
	must(page.Press(ctx, "ArrowRight"))
	must(page.Press(ctx, "Enter"))
	ready(first)
	// Step 2: an arrow key towards a free square, then Enter.
	var dir, second string
	must(page.Eval(ctx, `(() => {
		const at = Number(document.activeElement.dataset.index);
		for (const [key, d] of [["ArrowUp", 7], ["ArrowDown", -7], ["ArrowLeft", -1], ["ArrowRight", 1]]) {
			const j = at + d;
			if (j < 0 || j > 48 || (d === 1 && at % 7 === 6) || (d === -1 && at % 7 === 0)) continue;
			const c = document.querySelector('#grid [data-index="' + j + '"]');
			if (c.dataset.prior !== undefined) return key + " " + c.dataset.move;
		}
		return "";
	})()`, &dir))
	if dir == "" {
		t.Fatal("no free square next to the cursor")
	}
	dir, second, _ = strings.Cut(dir, " ")
	must(page.Press(ctx, dir))
	must(page.Press(ctx, "Enter"))
	ready(first + "," + second)

	// The heat map against the API.
	var cells []struct{ Move, Prior, Winrate string }
	must(page.Eval(ctx, `[...document.querySelectorAll('#grid .cell[data-prior]')].map(c => ({Move: c.dataset.move, Prior: c.dataset.prior, Winrate: c.dataset.winrate}))`, &cells))
	res, err := http.Get(srv.URL + "/v1/openings/explorer?opening=four-stone&moves=" + first + "," + second)
	must(err)
	var api explorer.Result
	must(json.NewDecoder(res.Body).Decode(&api))
	res.Body.Close()
	step := api.Steps[2]
	if len(cells) != len(step.Placements) || len(cells) != 43 {
		t.Fatalf("%d cells, the API has %d placements (want 43)", len(cells), len(step.Placements))
	}
	for _, p := range step.Placements {
		found := false
		for _, c := range cells {
			if c.Move != p.Move {
				continue
			}
			found = true
			prior, _ := strconv.ParseFloat(c.Prior, 32)
			if float32(prior) != p.Prior {
				t.Errorf("%s: the page shows prior %s, the API %v", p.Move, c.Prior, p.Prior)
			}
			w, err := strconv.ParseFloat(c.Winrate, 32)
			if p.RedWinrate == nil && c.Winrate != "" || p.RedWinrate != nil && (err != nil || float32(w) != *p.RedWinrate) {
				t.Errorf("%s: the page shows win rate %q, the API %v", p.Move, c.Winrate, p.RedWinrate)
			}
		}
		if !found {
			t.Errorf("%s is missing from the heat map", p.Move)
		}
	}
	if !eval2bool(t, page, ctx, fmt.Sprintf(`document.querySelectorAll('#path li').length === 2 && Math.abs(parseFloat(document.getElementById("red-winrate").textContent) - %f) < 0.051`,
		*step.RedWinrate*100)) {
		t.Error("the path or the win rate shown does not match the API")
	}

	// Back and forward with the keys.
	must(page.Eval(ctx, `document.activeElement.blur()`, nil))
	must(page.Press(ctx, "Backspace"))
	ready(first)
	must(page.Press(ctx, "f"))
	ready(first + "," + second)
	must(page.Press(ctx, "Home"))
	must(page.WaitFor(ctx, `document.body.dataset.state === "ready" && !new URLSearchParams(location.search).get("moves")`))

	// The frequent states: listed with their frequency, opened by Enter.
	if !eval2bool(t, page, ctx, `document.querySelectorAll('#frequent tbody tr').length === 2 && document.querySelector('#frequent tbody tr td:nth-child(3)').textContent.startsWith("66.7%")`) {
		t.Error("the frequent opening states are not listed as counted")
	}
	must(page.Eval(ctx, `document.querySelector('#frequent tbody tr').focus()`, nil))
	must(page.Press(ctx, "Enter"))
	ready("C3,D3,E3,C4")
	if !eval2bool(t, page, ctx, `document.querySelectorAll('#grid .cell[data-prior]').length === 0 && document.querySelectorAll('#grid .cell.stone').length === 8`) {
		t.Error("the end of the placement phase should show 8 stones and no placements")
	}
	must(page.Navigate(ctx, srv.URL+"/openings?opening=four-stone&moves="+first+","+second))
	ready(first + "," + second)
	if path := os.Getenv("WALLZERO_OPENINGS_SCREENSHOT"); path != "" {
		png, err := page.Screenshot(ctx)
		must(err)
		must(os.WriteFile(path, png, 0o644))
	}

	// A phone-sized screen: no horizontal scrolling, the board fits.
	phone, err := b.NewPage(ctx, 390, 844)
	must(err)
	watchPage(t, phone, &failureWatch{srv: srv})
	must(phone.Navigate(ctx, srv.URL+"/openings?opening=empty&moves=D4"))
	must(phone.WaitFor(ctx, `document.body.dataset.state === "ready"`))
	if !eval2bool(t, phone, ctx, `document.documentElement.scrollWidth <= window.innerWidth && document.getElementById("grid").getBoundingClientRect().right <= window.innerWidth`) {
		t.Error("the page scrolls sideways on a phone-sized screen")
	}
	if path := os.Getenv("WALLZERO_OPENINGS_PHONE_SCREENSHOT"); path != "" {
		png, err := phone.Screenshot(ctx)
		must(err)
		must(os.WriteFile(path, png, 0o644))
	}
	log.mu.Lock()
	defer log.mu.Unlock()
	if len(log.problems) > 0 {
		t.Fatalf("the page misbehaved:\n%s", strings.Join(log.problems, "\n"))
	}
}
