package api

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"

	"github.com/wallzero/wallzero/internal/testkit/browser"
)

// browserLog collects what the page must not do: throw, log errors, break
// its content security policy, fail a request or reach another host.
type browserLog struct {
	mu       sync.Mutex
	origin   string
	problems []string
	requests int
	// refusals counts the error responses a test provokes on purpose,
	// by status and URL ("400 http://host/v1/position"); logged counts
	// Chromium's log line for each, by URL.
	refusals map[string]int
	logged   map[string]int
}

// expect lets the next n responses of status for the origin's path pass,
// with Chromium's "Failed to load resource" line for each: a refusal the
// test provokes on purpose is not a problem of the page.
func (l *browserLog) expect(n, status int, path string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.refusals == nil {
		l.refusals, l.logged = map[string]int{}, map[string]int{}
	}
	l.refusals[fmt.Sprintf("%d %s%s", status, l.origin, path)] += n
}

// expected reports whether key is a provoked refusal still to come, and
// counts it off.
func expected(m map[string]int, key string) bool {
	if m[key] == 0 {
		return false
	}
	m[key]--
	return true
}

// event notes a protocol event of the page (Browser.OnEvent).
func (l *browserLog) event(ev any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch ev := ev.(type) {
	case *runtime.EventExceptionThrown:
		l.problems = append(l.problems, "exception: "+ev.ExceptionDetails.Text+" "+exceptionDescription(ev.ExceptionDetails))
	case *runtime.EventConsoleAPICalled:
		if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeWarning {
			var args []string
			for _, a := range ev.Args {
				args = append(args, string(a.Value)+a.Description)
			}
			l.problems = append(l.problems, fmt.Sprintf("console.%s: %s", ev.Type, strings.Join(args, " ")))
		}
	case *cdplog.EventEntryAdded:
		if ev.Entry.Level == cdplog.EntryLevelError && !expected(l.logged, ev.Entry.URL) {
			l.problems = append(l.problems, "log: "+ev.Entry.Text+" "+ev.Entry.URL)
		}
	case *network.EventRequestWillBeSent:
		l.requests++
		// blob: URLs of the page's own origin hold pictures fetched with
		// the API key.
		if u := ev.Request.URL; !strings.HasPrefix(u, l.origin+"/") && !strings.HasPrefix(u, "data:") && !strings.HasPrefix(u, "blob:"+l.origin+"/") {
			l.problems = append(l.problems, "request to another origin: "+u)
		}
	case *network.EventResponseReceived:
		switch r := ev.Response; {
		case expected(l.refusals, fmt.Sprintf("%d %s", r.Status, r.URL)):
			if l.logged == nil {
				l.logged = map[string]int{}
			}
			l.logged[r.URL]++
		case r.Status >= 400:
			l.problems = append(l.problems, fmt.Sprintf("HTTP %d for %s", r.Status, r.URL))
		}
	}
}

// exceptionDescription is the thrown value's description ("Error: ..."
// with its stack), when there is one.
func exceptionDescription(d *runtime.ExceptionDetails) string {
	if d.Exception == nil {
		return ""
	}
	return d.Exception.Description
}

// TestReviewPageInBrowser drives the review page in headless Chromium
// against the API on a real PostgreSQL with a job worker: load an example
// record, submit it, wait for the review, step through the moves with the
// arrow keys and check the board, the curve, the best alternative and the
// classifications shown. $WALLZERO_SCREENSHOT, when set, receives a PNG of
// the finished review. Runs under WALLZERO_BROWSER_TEST=1 (make
// browser-test), which also makes a missing Chromium an error.
//
// It runs twice: against a server with -auth off, and against one with
// -auth required where the reader types an API key into the page (the
// pictures are then fetched with the key and shown as blobs).
func TestReviewPageInBrowser(t *testing.T) {
	if os.Getenv("WALLZERO_BROWSER_TEST") != "1" {
		t.Skip("skipped: set WALLZERO_BROWSER_TEST=1 (make browser-test) to drive the review page in headless Chromium")
	}
	t.Parallel()
	exe, err := browser.FindChromium()
	if err != nil {
		t.Fatal(err)
	}
	for _, auth := range []bool{false, true} {
		t.Run(map[bool]string{false: "auth off", true: "auth required"}[auth], func(t *testing.T) {
			t.Parallel()
			reviewPageFlow(t, exe, auth)
		})
	}
}

// reviewPageFlow is TestReviewPageInBrowser against one server.
func reviewPageFlow(t *testing.T, exe string, auth bool) {
	srv := startPictureServerAuth(t, true, true, auth)
	b, err := browser.Start(exe)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	log := &browserLog{origin: srv.URL}
	b.OnEvent(log.event)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	page, err := b.NewPage(ctx, 1200, 1000)
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
	text := func(id string) string { return eval(`document.getElementById("` + id + `").textContent`) }

	must(page.Navigate(ctx, srv.URL+"/review"))
	if got := eval(`document.title`); got != "WallZero: game review" {
		t.Errorf("title %q", got)
	}
	must(page.WaitFor(ctx, `document.body.dataset.state === "idle"`))
	if auth {
		// Without the key the server refuses the review (401), and the
		// page shows why; with it, everything below works.
		must(page.Eval(ctx, `document.getElementById("example").click(); document.getElementById("submit-button").click()`, nil))
		must(page.WaitFor(ctx, `!document.getElementById("error").hidden`))
		if msg := text("error"); !strings.Contains(msg, "Authorization") {
			t.Errorf("error shown without a key: %q", msg)
		}
		log.mu.Lock()
		log.problems = nil // the expected 401
		log.mu.Unlock()
		must(page.Eval(ctx, `const k = document.getElementById("api-key"); k.value = `+strconvQuote(srv.key)+`; k.dispatchEvent(new Event("change"))`, nil))
	}

	// Submit a record that is not JSON: the page says so and sends nothing.
	must(page.Eval(ctx, `document.getElementById("record").value = "{moves: oops"; document.getElementById("submit-button").click()`, nil))
	must(page.WaitFor(ctx, `!document.getElementById("error").hidden`))
	if msg := text("error"); !strings.Contains(msg, "not valid JSON") {
		t.Errorf("error shown for bad JSON: %q", msg)
	}

	// Load the example, submit it, watch the progress, wait for the review.
	must(page.Eval(ctx, `document.getElementById("example").click(); document.getElementById("visits").value = "32"; document.getElementById("submit-button").click()`, nil))
	must(page.WaitFor(ctx, `document.body.dataset.state === "running" || document.body.dataset.state === "ready"`))
	if !strings.HasPrefix(eval(`location.hash`), "#review=") {
		t.Error("the page does not record the review id in its address")
	}
	must(page.WaitFor(ctx, `document.body.dataset.state === "ready" || document.body.dataset.state === "error"`))
	if eval(`document.body.dataset.state`) != "ready" {
		t.Fatalf("the review did not finish: %s", text("error"))
	}
	if !eval2bool(t, page, ctx, `document.getElementById("progress-box").hidden && document.getElementById("error").hidden`) {
		t.Error("progress or an error still shown after the review finished")
	}

	// The move table: 20 moves, each classified.
	classes := eval(`[...document.querySelectorAll("#moves tbody tr")].map(r => r.cells[3].textContent).join(",")`)
	if n := len(strings.Split(classes, ",")); n != 20 {
		t.Fatalf("%d moves listed, want 20 (%s)", n, classes)
	}
	for _, c := range strings.Split(classes, ",") {
		switch c {
		case "best", "good", "inaccuracy", "mistake", "blunder":
		default:
			t.Errorf("move classified %q", c)
		}
	}
	if acc := text("accuracy"); !strings.Contains(acc, "red ") || !strings.Contains(acc, "blue ") {
		t.Errorf("accuracy %q does not name both players", acc)
	}
	// The table's points column is each move's points lost as the API
	// gives them (one decimal, empty under 0.05), and some move of the
	// game lost points. JavaScript formats the API's numbers, so that a
	// tie is rounded as the page rounds it.
	var pointsLoss []string
	must(page.Eval(ctx, `(async () => {
		const key = document.getElementById("api-key").value;
		const id = decodeURIComponent(location.hash.match(/review=([^&]+)/)[1]);
		const res = await fetch("/v1/reviews/" + encodeURIComponent(id), { headers: key ? { Authorization: "Bearer " + key } : {} });
		return (await res.json()).result.moves.map(m => m.pointsLoss >= 0.05 ? m.pointsLoss.toFixed(1) : "");
	})()`, &pointsLoss))
	if h := eval(`document.querySelector("#moves thead tr").cells[5].textContent`); h != "points" {
		t.Errorf("the move table's sixth column is %q, want points", h)
	}
	var cells []string
	must(page.Eval(ctx, `[...document.querySelectorAll("#moves tbody tr")].map(r => r.cells[5].textContent)`, &cells))
	lost := 0
	for i, want := range pointsLoss {
		if want != "" {
			lost++
		}
		if i >= len(cells) || cells[i] != want {
			t.Errorf("move %d: points cell %q, want %q", i+1, cells[min(i, len(cells)-1)], want)
		}
	}
	if lost == 0 || len(pointsLoss) != 20 {
		t.Errorf("the review's %d moves lose points %v: none lost any, so the page's points are not tested", len(pointsLoss), pointsLoss)
	}

	// state checks what the page shows at a ply.
	moves := []string{"D4", "A1", "A2", "D2", "D4-D4:N", "A2-A2:N", "D4-D4:E", "B2-B2:N", "D4-D4:W", "B2-B2:E",
		"D2-D2:N", "B2-B1:E", "D2-D2:E", "F6-F6:S", "D2-D2:W", "F6-F6:W", "F2-F2:N", "F6-G6:S", "F2-F2:E", "G6-F7:W"}
	state := func(ply int) {
		t.Helper()
		must(page.WaitFor(ctx, fmt.Sprintf(`document.getElementById("ply").dataset.ply === "%d"`, ply)))
		if got, want := text("ply"), fmt.Sprintf("Ply %d of 20", ply); got != want {
			t.Errorf("ply label %q, want %q", got, want)
		}
		// Both pictures load, and the board is the position after ply moves.
		must(page.WaitFor(ctx, `["board", "curve"].every(id => { const i = document.getElementById(id); return i.complete && i.naturalWidth > 0; })`))
		src := eval(`document.getElementById("board").dataset.url`)
		if !strings.Contains(src, fmt.Sprintf("turn=%d", ply)) {
			t.Errorf("board %s is not the position after %d moves", src, ply)
		}
		stones := 4 + min(ply, 4)
		var counts struct{ Stones, Walls, Played, Last, Fifty, Current int }
		must(page.Eval(ctx, `(async () => {
			const key = document.getElementById("api-key").value;
			const init = { headers: key ? { Authorization: "Bearer " + key } : {} };
			const board = await (await fetch(document.getElementById("board").dataset.url, init)).text();
			const curve = await (await fetch(document.getElementById("curve").dataset.url, init)).text();
			const n = (s, re) => (s.match(re) || []).length;
			return {Stones: n(board, /class="stone /g), Walls: n(board, /class="wall /g), Played: n(board, /class="candidate played"/g),
				Last: n(board, /class="last-move"/g), Fifty: n(curve, /class="fifty"/g), Current: n(curve, /class="current"/g)};
		})()`, &counts))
		walls := max(0, ply-4)
		wantPlayed, wantLast := 0, 0
		if ply < 20 {
			wantPlayed = 1
		}
		if ply > 0 {
			wantLast = 1
		}
		if counts.Stones != stones || counts.Walls != walls || counts.Played != wantPlayed || counts.Last != wantLast || counts.Fifty != 1 || counts.Current != 1 {
			t.Errorf("ply %d: board and curve show %+v, want %d stones, %d walls, %d played arrows, %d last-move marks, the 50%% line and the current ply",
				ply, counts, stones, walls, wantPlayed, wantLast)
		}
		if ply > 0 && !strings.Contains(text("last-move"), moves[ply-1]) {
			t.Errorf("ply %d: last move %q, want %s", ply, text("last-move"), moves[ply-1])
		}
		if ply < 20 {
			if next := text("next-move"); !strings.Contains(next, moves[ply]) {
				t.Errorf("ply %d: next move %q, want %s", ply, next, moves[ply])
			}
			if p := pointsLoss[ply]; p != "" {
				if next, want := text("next-move"), p+" points"; !strings.Contains(next, want) {
					t.Errorf("ply %d: next move %q does not say it loses %s", ply, next, want)
				}
			}
			if best := text("best-move"); !strings.Contains(best, "%") {
				t.Errorf("ply %d: best alternative %q has no win rate", ply, best)
			}
			if row := eval(`(document.querySelector("#moves tr.current") || {}).dataset?.ply || ""`); row != fmt.Sprint(ply) {
				t.Errorf("ply %d: table highlights row %q", ply, row)
			}
		} else if next := text("next-move"); !strings.Contains(next, "end of the game") {
			t.Errorf("final ply: next move %q", next)
		}
		if wr := text("winrate"); !strings.HasSuffix(wr, "%") {
			t.Errorf("ply %d: Red's win rate %q", ply, wr)
		}
	}

	state(0)
	// Step with the keyboard (focus off the form, as a reader would).
	must(page.Eval(ctx, `document.activeElement.blur()`, nil))
	for i := 1; i <= 6; i++ {
		must(page.Press(ctx, "ArrowRight"))
		state(i)
	}
	for i := 5; i >= 4; i-- {
		must(page.Press(ctx, "ArrowLeft"))
		state(i)
	}
	must(page.Press(ctx, "End"))
	state(20)
	must(page.Press(ctx, "ArrowRight"))
	state(20)
	must(page.Press(ctx, "Home"))
	state(0)
	must(page.Press(ctx, "ArrowLeft"))
	state(0)
	// Clicking a move in the table shows it.
	must(page.Eval(ctx, `document.querySelector('#moves tr[data-ply="12"]').click()`, nil))
	state(12)
	// Reloading the page resumes the review from its address.
	must(page.Eval(ctx, `window.wzBeforeReload = true; setTimeout(() => location.reload(), 0)`, nil))
	must(page.WaitFor(ctx, `!window.wzBeforeReload && document.readyState === "complete" && document.body.dataset.state === "ready"`))
	state(0)
	for range 13 {
		must(page.Press(ctx, "ArrowRight"))
	}
	state(13)
	// A review opened by its id alone (a link, or a review submitted with
	// curl): nothing of it is in this tab's storage, and the page takes
	// the record from the review's result.
	must(page.Eval(ctx, `Object.keys(sessionStorage).filter(k => k.startsWith("wz-record-")).forEach(k => sessionStorage.removeItem(k));
		document.getElementById("record").value = ""; window.wzBeforeReload = true; setTimeout(() => location.reload(), 0)`, nil))
	must(page.WaitFor(ctx, `!window.wzBeforeReload && document.readyState === "complete" && document.body.dataset.state === "ready"`))
	state(0)
	if rec := eval(`document.getElementById("record").value`); !strings.Contains(rec, `"G6-F7:W"`) {
		t.Errorf("the record shown for a review opened by id: %q", rec)
	}
	must(page.Press(ctx, "End"))
	state(20)

	if path := os.Getenv("WALLZERO_SCREENSHOT"); path != "" && !auth {
		png, err := page.Screenshot(ctx)
		must(err)
		must(os.WriteFile(path, png, 0o644))
		t.Logf("screenshot of the finished review: %s", path)
	}
	log.mu.Lock()
	defer log.mu.Unlock()
	for _, p := range log.problems {
		t.Errorf("browser: %s", p)
	}
	if log.requests == 0 {
		t.Error("no requests seen: the network log is not working")
	}
}

// strconvQuote quotes s as a JavaScript string literal.
func strconvQuote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func eval2bool(t *testing.T, p *browser.Page, ctx context.Context, expr string) bool {
	t.Helper()
	var ok bool
	if err := p.Eval(ctx, "!!("+expr+")", &ok); err != nil {
		t.Fatal(err)
	}
	return ok
}
