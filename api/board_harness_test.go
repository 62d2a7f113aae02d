package api

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"github.com/wallzero/wallzero/engine/player"
	"github.com/wallzero/wallzero/internal/testkit/browser"
	"github.com/wallzero/wallzero/service"
	"github.com/wallzero/wallzero/service/levels"
	"github.com/wallzero/wallzero/service/rating"
)

// boardPage drives the analysis board in one tab with clicks, as a
// person would, and fails the test on the first step that does not work.
type boardPage struct {
	t    *testing.T
	ctx  context.Context
	page *browser.Page
}

func (b *boardPage) must(err error) {
	b.t.Helper()
	if err != nil {
		b.t.Fatal(err)
	}
}

// eval evaluates expr and decodes its value into out (nil: discarded).
func (b *boardPage) eval(expr string, out any) {
	b.t.Helper()
	b.must(b.page.Eval(b.ctx, expr, out))
}

// str evaluates a JavaScript expression of string value.
func (b *boardPage) str(expr string) string {
	b.t.Helper()
	var s string
	b.eval(expr, &s)
	return s
}

// num evaluates a JavaScript expression of numeric value.
func (b *boardPage) num(expr string) int {
	b.t.Helper()
	var n int
	b.eval(expr, &n)
	return n
}

func (b *boardPage) wait(expr string) {
	b.t.Helper()
	b.must(b.page.WaitFor(b.ctx, expr))
}

func (b *boardPage) click(selector string) {
	b.t.Helper()
	b.must(b.page.Click(b.ctx, selector))
}

// front makes the tab the foreground one again after another was opened.
func (b *boardPage) front() {
	b.t.Helper()
	b.must(b.page.BringToFront(b.ctx))
}

// sel quotes a value for an attribute selector.
func sel(attr, value string) string { return fmt.Sprintf(`[%s=%q]`, attr, value) }

// ready waits until the board shows the position after ply moves.
func (b *boardPage) ready(ply int) {
	b.t.Helper()
	b.waitOr(fmt.Sprintf(`document.body.dataset.state === "ready" && document.body.dataset.ply === "%d"`, ply), "")
}

// ply is the number of moves to the position shown.
func (b *boardPage) ply() int {
	b.t.Helper()
	return b.num(`Number(document.body.dataset.ply)`)
}

// play enters one move with clicks: a placement is one square; a turn is
// the stone, its destination (the stone again to stay) and a wall slot; a
// break is the break button and the wall. It waits until the board has
// played the move (an engine may answer at once, so the board may be
// further on).
func (b *boardPage) play(move string) {
	b.t.Helper()
	before := b.ply()
	b.clickMove(move)
	b.waitOr(fmt.Sprintf(`document.body.dataset.state === "ready" && Number(document.body.dataset.ply) >= %d`, before+1), move)
	if got := b.pathMove(before + 1); got != move {
		b.t.Fatalf("clicked %s, the board played %q", move, got)
	}
}

// pathMove is the move at ply on the way to the position shown, from the
// move list (each entry names its move and the entry before it).
func (b *boardPage) pathMove(ply int) string {
	b.t.Helper()
	return b.str(fmt.Sprintf(`(() => { let e = document.querySelector("#move-list .current");
		while (e && Number(e.dataset.ply) > %d) e = document.querySelector('#move-list [data-node="' + e.dataset.parent + '"]');
		return e && Number(e.dataset.ply) === %d ? e.dataset.move : ""; })()`, ply, ply))
}

// clickMove makes the clicks of one move (see play) without waiting for
// the board to show it: for a page that may take the move back at once.
func (b *boardPage) clickMove(move string) {
	b.t.Helper()
	step := func(selector, done string) {
		b.t.Helper()
		b.click(selector)
		if done != "" {
			b.waitOr(done, move)
		}
	}
	switch {
	case strings.HasPrefix(move, "x"):
		step("#break-toggle", `document.getElementById("break-toggle").getAttribute("aria-pressed") === "true"`)
		step(sel("data-wall", move[1:]), "")
	case strings.Contains(move, "-"):
		from, rest, _ := strings.Cut(move, "-")
		to, side, _ := strings.Cut(rest, ":")
		// The stone chosen is marked; its destination offers the walls.
		step(sel("data-square", from), `document.querySelector(`+jsQuote(sel("data-square", from)+".selected")+`)`)
		step(sel("data-square", to), `document.querySelector(`+jsQuote(`#slots [data-wall^="`+to+`:"]`)+`)`)
		step(sel("data-wall", to+":"+side), "")
	default:
		step(sel("data-square", move), "")
	}
}

// waitOr waits up to 20 s for expr, and otherwise fails with what the
// page shows.
func (b *boardPage) waitOr(expr, move string) {
	b.t.Helper()
	short, cancel := context.WithTimeout(b.ctx, 20*time.Second)
	defer cancel()
	if err := b.page.WaitFor(short, expr); err != nil {
		var state string
		_ = b.page.Eval(b.ctx, `JSON.stringify({body: Object.assign({}, document.body.dataset), events: window.wzEvents, redoOff: document.getElementById("redo").disabled, cur: (document.querySelector("#move-list .current") || {dataset: {}}).dataset.move, undoOff: document.getElementById("undo").disabled, hit: (() => { const r = document.getElementById("undo").getBoundingClientRect(); const e = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2); return e && (e.id || e.className); })(), selected: [...document.querySelectorAll("#board .selected")].map(e => e.dataset.square), breaking: document.getElementById("break-toggle").getAttribute("aria-pressed"), busy: document.getElementById("board").getAttribute("aria-busy"), error: document.getElementById("error").textContent, slots: [...document.querySelectorAll("[data-wall]")].map(e => e.dataset.wall), legal: (document.getElementById("board").dataset.legal || "").split(" ").filter(m => m.startsWith(`+jsQuote(strings.SplitN(move, "-", 2)[0])+`))})`, &state)
		b.t.Fatalf("playing %s: %v; the page: %s", move, err, state)
	}
}

// legal is the legal moves of the position shown, as the board takes them.
func (b *boardPage) legal() []string {
	b.t.Helper()
	return strings.Fields(b.str(`document.getElementById("board").dataset.legal || ""`))
}

// otherThan returns a legal move of the position shown that is not move
// ("" when there is none).
func (b *boardPage) otherThan(move string) string {
	b.t.Helper()
	for _, m := range b.legal() {
		if m != move {
			return m
		}
	}
	return ""
}

// mainLine is the main line's moves as the move list shows them.
func (b *boardPage) mainLine() []string {
	b.t.Helper()
	var m []string
	b.eval(`[...document.querySelectorAll('#move-list > [data-line="main"]')].map(e => e.dataset.move)`, &m)
	return m
}

// reviewed evaluates expr over the review the page shows (its body's
// data-review-id), r being its result as GET /v1/reviews/{id} gives it
// (with the page's API key), and decodes the value into out.
func (b *boardPage) reviewed(expr string, out any) {
	b.t.Helper()
	b.eval(`(async () => { const key = document.getElementById("api-key").value.trim();
		const res = await fetch("/v1/reviews/" + encodeURIComponent(document.body.dataset.reviewId), {headers: key ? {Authorization: "Bearer " + key} : {}});
		const r = (await res.json()).result; return `+expr+`; })()`, out)
}

// reviewedStr is reviewed of a string expression.
func (b *boardPage) reviewedStr(expr string) string {
	b.t.Helper()
	var s string
	b.reviewed(expr, &s)
	return s
}

// shareLink is the share link the page makes of its tree (moves and
// variations): the records panel's, as a person gets it.
func (b *boardPage) shareLink() string {
	b.t.Helper()
	b.click(`[data-mode-button="records"]`)
	b.click("#share-button")
	b.wait(`document.getElementById("share-link").value !== ""`)
	return b.str(`document.getElementById("share-link").value`)
}

// typeText focuses a text field by clicking it and types text into it.
func (b *boardPage) typeText(selector, text string) {
	b.t.Helper()
	b.click(selector)
	b.eval(`document.querySelector(`+jsQuote(selector)+`).select()`, nil)
	_, err := browser.Call(b.ctx, b.page, input.InsertText, input.InsertTextParams{Text: text})
	b.must(err)
}

// shoot writes a PNG of the page to $WALLZERO_SCREENSHOT_DIR/name, when
// that is set.
func (b *boardPage) shoot(name string) {
	b.t.Helper()
	dir := os.Getenv("WALLZERO_SCREENSHOT_DIR")
	if dir == "" {
		return
	}
	png, err := b.page.Screenshot(b.ctx)
	b.must(err)
	b.must(os.WriteFile(dir+"/"+name, png, 0o644))
}

func jsQuote(s string) string {
	q, _ := json.Marshal(s)
	return string(q)
}

// agentGame reads game n (0-based) of the agent games the solver tests use:
// complete two-player four-stone games of the shipped network.
func agentGame(t *testing.T, n int) []string {
	t.Helper()
	data, err := os.ReadFile("../engine/solver/endgames/testdata/agent-games.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	var g struct {
		Rules struct {
			Opening string `json:"opening"`
		} `json:"rules"`
		Moves []string `json:"moves"`
	}
	if err := json.Unmarshal([]byte(lines[n]), &g); err != nil {
		t.Fatal(err)
	}
	if g.Rules.Opening != "four-stone" {
		t.Fatalf("game %d is not a four-stone game", n)
	}
	return g.Moves
}

// newBoardPage opens the board in a new tab of b.
func newBoardPage(t *testing.T, ctx context.Context, b *browser.Browser, url string, w, h int) *boardPage {
	t.Helper()
	p, err := b.NewPage(ctx, w, h)
	if err != nil {
		t.Fatal(err)
	}
	bp := &boardPage{t: t, ctx: ctx, page: p}
	if w, ok := watched.Load(b); ok {
		watchPage(t, p, w.(*failureWatch))
	}
	bp.must(p.Navigate(ctx, url))
	bp.wait(`document.body.dataset.state === "ready"`)
	// What the page received, for the message of a failed step.
	bp.eval(`for (const k of ["mousedown", "mouseup", "click"]) document.addEventListener(k, (e) => {
		window.wzEvents = (window.wzEvents || []).concat([k + ":" + (e.target.id || e.target.dataset.square || e.target.dataset.wall || e.target.className || e.target.tagName) + "@" + Math.round(e.clientX) + "," + Math.round(e.clientY)]).slice(-9); }, true)`, nil)
	return bp
}

// waitAnalysis waits for the live analysis of the position shown to end
// and returns its candidates.
func (b *boardPage) waitAnalysis(turn int) []string {
	b.t.Helper()
	b.wait(fmt.Sprintf(`document.body.dataset.analysis === "done" && document.body.dataset.analysisTurn === "%d"`, turn))
	var c []string
	b.eval(`[...document.querySelectorAll("#candidates li[data-move]")].map(e => e.dataset.move)`, &c)
	return c
}

// boardLevels are the board test's engine levels: two Voronoi players,
// which need no network (the test server has none).
const boardLevels = `{"levels": [
 {"id": "beginner", "name": "Beginner", "spec": "voronoi-easy", "player": "voronoi-easy",
  "rating": {"elo": -560, "ci95": [-640, -480], "games": 200, "anchorGames": 200}, "maxMoveMs": 1000, "players": [2, 3, 4]},
 {"id": "casual", "name": "Casual", "spec": "voronoi-medium", "player": "voronoi-medium",
  "rating": {"elo": -180, "ci95": [-210, -140], "games": 2100, "anchorGames": 200}, "maxMoveMs": 1000, "players": [2, 3, 4]}
], "anchor": "voronoi-hard", "anchors": ["voronoi-hard"], "fitted": "2026-12-02", "command": "test"}`

// boardRatings is a rating calibration for the heuristic evaluator's
// reviews at the service's default 200 visits (the board's), so that the pages show an estimate:
// the shipped calibrations cover the network's reviews only, and the
// estimate's accuracy is tested in service/rating and service/jobs.
const boardRatings = `{"calibrations": [{"model": "heuristic-voronoi-v1", "visits": 200, "inaccuracyPoints": 0.9, "terms": ["const", "logLoss"],
 "coef": [-1800, -750], "minOpen": 3, "range": [-670, 1850], "within": 300, "between": 150, "z": 2}]}`

// startBoardServer is the whole API for the board's browser test: the
// heuristic evaluator, a real PostgreSQL, a job worker, two levels and a
// rating calibration.
func startBoardServer(t *testing.T) *pictureServer {
	t.Helper()
	f, err := levels.Parse([]byte(boardLevels))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), rating.FileName)
	if err := os.WriteFile(path, []byte(boardRatings), 0o600); err != nil {
		t.Fatal(err)
	}
	ratings, err := rating.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return startPictureServerWith(t, true, true, false, func(d *service.Deps) {
		d.Levels = f
		d.NewPlayer = player.New
		d.Ratings = ratings
	})
}

// printPDF prints the page to PDF as Chromium's print dialog would (A4 by
// the page's own @page rule, backgrounds on).
func printPDF(t *testing.T, ctx context.Context, p *browser.Page) []byte {
	t.Helper()
	pdf, err := browser.Run(ctx, p, chromedp.PrintToPDF(chromedp.PDFPrintBackground(), chromedp.PDFPreferCSSPageSize()))
	if err != nil {
		t.Fatalf("print to PDF: %v", err)
	}
	return pdf
}

// savePDF writes pdf as name into $WALLZERO_SCREENSHOT_DIR, with its first
// page as png.png (pdftoppm, from Debian's poppler-utils), for docs/.
func savePDF(t *testing.T, pdf []byte, name, png string) {
	t.Helper()
	dir := os.Getenv("WALLZERO_SCREENSHOT_DIR")
	if dir == "" {
		return
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("pdftoppm", "-png", "-r", "70", "-f", "1", "-l", "1", "-singlefile", path, filepath.Join(dir, png)).CombinedOutput(); err != nil {
		t.Errorf("pdftoppm (apt-get install poppler-utils): %v: %s", err, out)
	}
}

// openReport opens the printable report of the review behind hash
// ("#review=ID") in a new tab and waits until it is drawn, failing the
// test with the page's state when it does not finish or shows an error.
func openReport(t *testing.T, ctx context.Context, br *browser.Browser, srv *pictureServer, hash string) *boardPage {
	t.Helper()
	rp, err := br.NewPage(ctx, 900, 1200)
	if err != nil {
		t.Fatal(err)
	}
	report := &boardPage{t: t, ctx: ctx, page: rp}
	watchPage(t, rp, &failureWatch{srv: srv})
	report.must(rp.Navigate(ctx, srv.URL+"/report"+hash))
	short, cancel := context.WithTimeout(ctx, 30*time.Second)
	err = report.page.WaitFor(short, `document.body.dataset.report === "ready" || document.body.dataset.report === "error"`)
	cancel()
	if err != nil {
		var state string
		_ = report.page.Eval(ctx, `JSON.stringify({report: document.body.dataset.report, error: document.getElementById("error").textContent, imgs: [...document.images].map((i) => [i.alt, i.complete, i.naturalWidth, (i.src || "").slice(0, 30)])})`, &state)
		t.Fatalf("the report did not finish: %v; the page: %s", err, state)
	}
	if msg := report.str(`document.getElementById("error").textContent`); msg != "" {
		t.Fatalf("the report says: %s", msg)
	}
	return report
}
