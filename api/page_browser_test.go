package api

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

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

// TestReviewPageInBrowser drives /review, the board's review mode, in
// headless Chromium against the API on a real PostgreSQL with a job
// worker: a record that is not JSON is refused; the example record is
// submitted, its review waited for and stepped through with the arrow
// keys and the move list, checking at each ply the board, the curve, the
// line of the move that led there (its loss in points and the best
// alternative) and the classifications on the move list; a reload reopens
// the review from its address. $WALLZERO_SCREENSHOT, when set, receives a
// PNG of the finished review. Runs under WALLZERO_BROWSER_TEST=1 (make
// browser-test), which also makes a missing Chromium an error.
//
// It runs twice: against a server with -auth off, and against one with
// -auth required where the reader types an API key into the page (the
// pictures are then fetched with the key and shown as blobs).
func TestReviewPageInBrowser(t *testing.T) {
	if os.Getenv("WALLZERO_BROWSER_TEST") != "1" {
		t.Skip("skipped: set WALLZERO_BROWSER_TEST=1 (make browser-test) to drive the review mode in headless Chromium")
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

// exampleMoves are the moves of the review panel's example record.
var exampleMoves = []string{"D4", "A1", "A2", "D2", "D4-D4:N", "A2-A2:N", "D4-D4:E", "B2-B2:N", "D4-D4:W", "B2-B2:E",
	"D2-D2:N", "B2-B1:E", "D2-D2:E", "F6-F6:S", "D2-D2:W", "F6-F6:W", "F2-F2:N", "F6-G6:S", "F2-F2:E", "G6-F7:W"}

// reviewPageFlow is TestReviewPageInBrowser against one server.
func reviewPageFlow(t *testing.T, exe string, auth bool) {
	srv := startPictureServerAuth(t, true, true, auth)
	br, err := browser.Start(exe)
	if err != nil {
		t.Fatal(err)
	}
	defer br.Close()
	log := &browserLog{origin: srv.URL}
	br.OnEvent(log.event)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	b := openReviewMode(t, ctx, br, srv, 1200, 1000)
	text := func(id string) string { return b.str(`document.getElementById("` + id + `").textContent`) }
	if auth {
		// Without the key the server refuses the review (401), and the
		// page shows why; with it, everything below works.
		b.click("#review-example")
		b.click("#review-submit")
		b.wait(`document.body.dataset.review === "error"`)
		if msg := text("error") + " " + text("review-state"); !strings.Contains(msg, "Authorization") {
			t.Errorf("what the page says without a key: %q", msg)
		}
		log.mu.Lock()
		log.problems = nil // the expected 401s
		log.mu.Unlock()
		b.typeText("#api-key", srv.key)
	}
	b.liveOff()

	// Submit a record that is not JSON: the page says so and sends nothing.
	b.typeText("#review-record", "{moves: oops")
	b.click("#review-submit")
	b.wait(`document.getElementById("error").textContent.includes("not valid JSON")`)

	// Load the example, submit it, wait for the review.
	b.click("#review-example")
	b.typeText("#review-visits", "32")
	b.click("#review-submit")
	b.waitReview()
	id := b.str(`document.body.dataset.reviewId`)
	if hash := b.str(`location.hash`); hash != "#review="+id {
		t.Errorf("the address %q does not name the review %q", hash, id)
	}
	if !eval2bool(t, b.page, ctx, `document.getElementById("review-progress").hidden && document.getElementById("error").hidden`) {
		t.Error("progress or an error still shown after the review finished")
	}

	// The move list: 20 moves, each classified.
	var classes []string
	b.eval(`[...document.querySelectorAll('#move-list > [data-line="main"]')].map((e) => (e.querySelector(".badge") || {}).textContent || "")`, &classes)
	if len(classes) != 20 {
		t.Fatalf("%d moves listed, want 20 (%q)", len(classes), classes)
	}
	for i, c := range classes {
		switch c {
		case "best", "good", "inaccuracy", "mistake", "blunder":
		default:
			t.Errorf("move %d classified %q", i+1, c)
		}
	}
	if acc := text("review-accuracy"); !regexp.MustCompile(`^Accuracy: red \d+\.\d%, blue \d+\.\d%`).MatchString(acc) {
		t.Errorf("accuracy %q does not name both players", acc)
	}
	// Each move's points lost as the API gives them (one decimal, none
	// under 0.05), and some move of the game lost points. JavaScript
	// formats the API's numbers, so that a tie is rounded as the page
	// rounds it.
	var pointsLoss []string
	b.reviewed(`r.moves.map((m) => m.pointsLoss >= 0.05 ? m.pointsLoss.toFixed(1) : "")`, &pointsLoss)
	if lost := slices.IndexFunc(pointsLoss, func(p string) bool { return p != "" }); lost < 0 || len(pointsLoss) != 20 {
		t.Errorf("the review's %d moves lose points %v: none lost any, so the page's points are not tested", len(pointsLoss), pointsLoss)
	}

	// state checks what the page shows after ply moves.
	state := func(ply int) {
		t.Helper()
		b.ready(ply)
		if got, want := text("ply"), fmt.Sprintf("Ply %d", ply); got != want {
			t.Errorf("ply label %q, want %q", got, want)
		}
		// The board is the position after ply moves: the four first
		// stones, the four placed, a wall a turn; the last move marked.
		var board struct{ Stones, Walls, Last int }
		b.eval(`({Stones: document.querySelectorAll("#board .stone").length, Walls: document.querySelectorAll("#slots .wall.built").length,
			Last: document.querySelectorAll("#board .sq.last").length})`, &board)
		if board.Stones != 4+min(ply, 4) || board.Walls != max(0, ply-4) || (board.Last > 0) != (ply > 0) {
			t.Errorf("ply %d: the board shows %+v, want %d stones, %d walls and the last move marked when there is one", ply, board, 4+min(ply, 4), max(0, ply-4))
		}
		// The curve loads, marking the ply, with the 50% line.
		b.wait(fmt.Sprintf(`(() => { const i = document.getElementById("review-curve");
			return i.complete && i.naturalWidth > 0 && (i.dataset.url || "").endsWith("?current=%d"); })()`, ply))
		var curve struct{ Fifty, Current int }
		b.eval(`(async () => {
			const key = document.getElementById("api-key").value.trim();
			const svg = await (await fetch(document.getElementById("review-curve").dataset.url, {headers: key ? {Authorization: "Bearer " + key} : {}})).text();
			const n = (re) => (svg.match(re) || []).length;
			return {Fifty: n(/class="fifty"/g), Current: n(/class="current"/g)};
		})()`, &curve)
		if curve.Fifty != 1 || curve.Current != 1 {
			t.Errorf("ply %d: the curve shows %+v, want the 50%% line and the current ply", ply, curve)
		}
		line := text("review-move")
		if ply == 0 {
			if line != "The start of the reviewed game." {
				t.Errorf("at the start the review line is %q", line)
			}
			return
		}
		// The line of the move that led here: its number, mover and
		// move, its points lost, the best alternative with its win rate.
		if !strings.HasPrefix(line, fmt.Sprintf("%d. ", ply)) || !strings.Contains(line, " "+exampleMoves[ply-1]+": ") {
			t.Errorf("ply %d: review line %q, want move %s", ply, line, exampleMoves[ply-1])
		}
		if p := pointsLoss[ply-1]; p != "" && (!strings.Contains(line, "loses ") || !strings.Contains(line, p+" points")) {
			t.Errorf("ply %d: review line %q does not say it loses %s points", ply, line, p)
		}
		if best, ok := strings.CutPrefix(line[strings.Index(line, ";")+1:], " best was "); ok && !strings.Contains(best, "%") {
			t.Errorf("ply %d: best alternative %q has no win rate", ply, best)
		}
		if cur := b.str(`(document.querySelector("#move-list .current") || {dataset: {}}).dataset.ply || ""`); cur != fmt.Sprint(ply) {
			t.Errorf("ply %d: the move list marks ply %q", ply, cur)
		}
	}

	state(0)
	// Step with the keyboard (focus off the form, as a reader would).
	b.click("#ply")
	for i := 1; i <= 6; i++ {
		b.must(b.page.Press(ctx, "ArrowRight"))
		state(i)
	}
	for i := 5; i >= 4; i-- {
		b.must(b.page.Press(ctx, "ArrowLeft"))
		state(i)
	}
	b.must(b.page.Press(ctx, "End"))
	state(20)
	b.must(b.page.Press(ctx, "ArrowRight"))
	state(20)
	b.must(b.page.Press(ctx, "Home"))
	state(0)
	b.must(b.page.Press(ctx, "ArrowLeft"))
	state(0)
	// Clicking a move in the list shows it.
	b.click(`#move-list [data-line="main"][data-ply="12"]`)
	state(12)
	// Reloading the page reopens the review from its address alone: the
	// game comes from the review's record.
	b.eval(`window.wzBeforeReload = true`, nil)
	b.must(b.page.Do(ctx, chromedp.Reload()))
	b.wait(`!window.wzBeforeReload && document.readyState === "complete" && document.body.dataset.review === "ready"`)
	b.liveOff()
	state(0)
	if got := b.mainLine(); !slices.Equal(got, exampleMoves) {
		t.Errorf("the reopened review's game: %v", got)
	}
	b.click("#ply")
	for range 13 {
		b.must(b.page.Press(ctx, "ArrowRight"))
	}
	state(13)
	b.must(b.page.Press(ctx, "End"))
	state(20)

	if path := os.Getenv("WALLZERO_SCREENSHOT"); path != "" && !auth {
		png, err := b.page.Screenshot(ctx)
		b.must(err)
		b.must(os.WriteFile(path, png, 0o644))
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
