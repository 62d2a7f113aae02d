package api

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/wallzero/wallzero/internal/testkit/browser"
)

// TestReviewExplanationsInBrowser reviews a real 51-move game (voronoi-hard
// self-play, service/analysis/testdata/selfplay-game.json) on the review page in
// headless Chromium and checks the turning points at the top, the
// explanation of each move with its two reach-difference pictures, the
// keyboard and a phone-sized screen. WALLZERO_EXPLAIN_SCREENSHOT=path saves
// a screenshot (docs/review-explanations.png).
func TestReviewExplanationsInBrowser(t *testing.T) {
	if os.Getenv("WALLZERO_BROWSER_TEST") != "1" {
		t.Skip("skipped: set WALLZERO_BROWSER_TEST=1 (make browser-test) to drive the review page in headless Chromium")
	}
	t.Parallel()
	exe, err := browser.FindChromium()
	if err != nil {
		t.Fatal(err)
	}
	record, err := os.ReadFile("../service/analysis/testdata/selfplay-game.json")
	if err != nil {
		t.Fatal(err)
	}
	var rec struct{ Moves []string }
	if err := json.Unmarshal(record, &rec); err != nil || len(rec.Moves) < 40 {
		t.Fatalf("test game: %v, %d moves", err, len(rec.Moves))
	}
	srv := startPictureServerAuth(t, true, true, false)
	b, err := browser.Start(exe)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	log := &browserLog{origin: srv.URL}
	b.OnEvent(log.event)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	page, err := b.NewPage(ctx, 1280, 1400)
	if err != nil {
		t.Fatal(err)
	}
	watchPage(t, page, &failureWatch{srv: srv})
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	eval := func(expr string) string {
		t.Helper()
		var s string
		must(page.Eval(ctx, expr, &s))
		return s
	}
	must(page.Navigate(ctx, srv.URL+"/review"))
	must(page.WaitFor(ctx, `document.body.dataset.state === "idle"`))
	must(page.Eval(ctx, `document.getElementById("record").value = `+strconvQuote(string(record))+
		`; document.getElementById("visits").value = "16"; document.getElementById("submit-button").click()`, nil))
	must(page.WaitFor(ctx, `document.body.dataset.state === "ready" || document.body.dataset.state === "error"`))
	if s := eval(`document.body.dataset.state`); s != "ready" {
		t.Fatalf("the review did not finish: %s", eval(`document.getElementById("error").textContent`))
	}

	// The review JSON, as the page got it.
	var res struct {
		Moves []struct {
			Move        string
			Explanation *struct {
				Text string
				Best *struct{ Move string }
			}
		}
		TurningPoints []struct {
			Kind, Move, Summary, Text string
			Ply                       int
			Cost                      float64
		}
	}
	var raw string
	must(page.Eval(ctx, `(async () => JSON.stringify((await (await fetch("/v1/reviews/" + location.hash.slice(8))).json()).result))()`, &raw))
	must(json.Unmarshal([]byte(raw), &res))
	if len(res.Moves) != len(rec.Moves) || len(res.TurningPoints) == 0 {
		t.Fatalf("review: %d moves, %d turning points", len(res.Moves), len(res.TurningPoints))
	}
	decided := 0
	for _, tp := range res.TurningPoints {
		if tp.Kind == "decided" {
			decided++
		}
	}
	if decided != 1 {
		t.Errorf("%d decided turning points, want 1", decided)
	}

	// The turning points at the top: one item per point, in order, each
	// with its summary and explanation.
	var shown []struct{ Ply, Kind, Summary, Why, Cost string }
	must(page.Eval(ctx, `[...document.querySelectorAll("#turning-list li")].map(li => ({Ply: li.dataset.ply, Kind: li.dataset.kind,
		Summary: li.querySelector(".summary").textContent, Why: (li.querySelector(".why") || {}).textContent || "",
		Cost: (li.querySelector(".cost") || {}).textContent || ""}))`, &shown))
	if len(shown) != len(res.TurningPoints) || eval(`String(document.getElementById("turning").hidden)`) != "false" {
		t.Fatalf("%d turning points shown, want %d", len(shown), len(res.TurningPoints))
	}
	for i, tp := range res.TurningPoints {
		s := shown[i]
		if s.Ply != fmt.Sprint(tp.Ply) || s.Kind != tp.Kind || s.Summary != tp.Summary || s.Why != tp.Text || tp.Text == "" {
			t.Errorf("turning point %d shown as %+v, want %+v", i, s, tp)
		}
		// What it cost, in the API's order (by cost, largest first).
		if !regexp.MustCompile(`^cost \d+\.\d%(, \d+\.\d points lost)?$`).MatchString(s.Cost) {
			t.Errorf("turning point %d says it cost %q", i, s.Cost)
		}
		if i > 0 && tp.Cost > res.TurningPoints[i-1].Cost {
			t.Errorf("turning point %d costs %v, more than the one before (%v)", i, tp.Cost, res.TurningPoints[i-1].Cost)
		}
	}
	top := eval(`String(document.getElementById("turning").getBoundingClientRect().top < document.getElementById("moves").getBoundingClientRect().top)`)
	if top != "true" {
		t.Error("the turning points are not above the move list")
	}

	// atPly checks the explanation shown before move ply and its pictures.
	atPly := func(ply int) {
		t.Helper()
		must(page.WaitFor(ctx, fmt.Sprintf(`document.getElementById("ply").dataset.ply === "%d"`, ply)))
		e := res.Moves[ply].Explanation
		if e == nil {
			t.Fatalf("move %d has no explanation", ply)
		}
		if got := eval(`document.getElementById("explanation-text").textContent`); got != e.Text {
			t.Errorf("ply %d: explanation %q, want %q", ply, got, e.Text)
		}
		ids := `["diff-played"]`
		if e.Best != nil {
			ids = `["diff-played", "diff-best"]`
		}
		must(page.WaitFor(ctx, ids+`.every(id => { const i = document.getElementById(id); return i.complete && i.naturalWidth > 0; })`))
		var diff struct{ Played, Best string }
		must(page.Eval(ctx, `(async () => {
			const get = async id => { const i = document.getElementById(id); return i.closest("figure").hidden ? "" : await (await fetch(i.dataset.url)).text(); };
			return {Played: await get("diff-played"), Best: await get("diff-best")};
		})()`, &diff))
		if !strings.Contains(diff.Played, `class="reach-diff" data-move="`+res.Moves[ply].Move+`"`) {
			t.Errorf("ply %d: the played picture does not show the reach difference of %s", ply, res.Moves[ply].Move)
		}
		if e.Best != nil && !strings.Contains(diff.Best, `class="reach-diff" data-move="`+e.Best.Move+`"`) {
			t.Errorf("ply %d: the best picture does not show the reach difference of %s", ply, e.Best.Move)
		}
		if e.Best == nil && diff.Best != "" {
			t.Errorf("ply %d: a best-move picture for the best move played", ply)
		}
	}
	atPly(0)
	// Keyboard: tab to the first turning point and press Enter, then step.
	must(page.Eval(ctx, `document.activeElement.blur(); document.querySelector("#turning-list .jump").focus()`, nil))
	must(page.Press(ctx, "Enter"))
	first := res.TurningPoints[0].Ply
	atPly(first)
	must(page.Eval(ctx, `document.activeElement.blur()`, nil))
	// The turning points are listed by cost, so the first may be the
	// last move, with no move after it to explain: step back then.
	if first+1 < len(res.Moves) {
		must(page.Press(ctx, "ArrowRight"))
		atPly(first + 1)
	} else {
		must(page.Press(ctx, "ArrowLeft"))
		atPly(first - 1)
	}
	// Every turning point, by click.
	for i, tp := range res.TurningPoints {
		must(page.Eval(ctx, fmt.Sprintf(`document.querySelectorAll("#turning-list .jump")[%d].click()`, i), nil))
		atPly(tp.Ply)
	}
	if path := os.Getenv("WALLZERO_EXPLAIN_SCREENSHOT"); path != "" {
		// Show the last missed chance: both pictures, both lines played out.
		shot := len(res.TurningPoints) - 1
		for i, tp := range res.TurningPoints {
			if tp.Kind == "missed-chance" {
				shot = i
			}
		}
		must(page.Eval(ctx, fmt.Sprintf(`document.querySelectorAll("#turning-list .jump")[%d].click()`, shot), nil))
		atPly(res.TurningPoints[shot].Ply)
		must(page.Eval(ctx, `window.scrollTo(0, document.getElementById("review").offsetTop)`, nil))
		png, err := page.Screenshot(ctx)
		must(err)
		must(os.WriteFile(path, png, 0o644))
		t.Logf("screenshot: %s", path)
	}

	// A phone-sized screen: nothing wider than the screen.
	phone := page
	must(phone.Do(ctx, chromedp.EmulateViewport(390, 844)))
	must(phone.WaitFor(ctx, `window.innerWidth <= 400`))
	var wide string
	must(phone.Eval(ctx, `String(document.documentElement.scrollWidth <= window.innerWidth + 1) + " " + document.documentElement.scrollWidth`, &wide))
	if !strings.HasPrefix(wide, "true") {
		var culprits string
		must(phone.Eval(ctx, `[...document.querySelectorAll("body *")].filter(e => e.getBoundingClientRect().right > window.innerWidth + 1).slice(0, 8).map(e => e.tagName + "#" + e.id + "." + e.className + ":" + Math.round(e.getBoundingClientRect().right)).join(" ")`, &culprits))
		t.Errorf("on a 390px screen the page is %s px wide: %s", strings.Fields(wide)[1], culprits)
	}

	log.mu.Lock()
	defer log.mu.Unlock()
	for _, p := range log.problems {
		t.Errorf("browser: %s", p)
	}
}
