package api

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/wallzero/wallzero/api/workspace"
)

// slowReviewVisits is the visits a position of the cancel test's reviews:
// enough that a game takes seconds, so the reviews are still running when
// the coach cancels them.
const slowReviewVisits = 3000

// TestWorkspaceCancelInBrowser drives the dashboard in headless Chromium
// against the API on a real PostgreSQL with a job worker: the coach makes
// a collection, pastes six games whose reviews are slow, cancels the
// reviews with the dashboard's button once one is running mid-game, and
// sees the collection's reviews ended: the progress finished, the words,
// the progress box's counts, the cancel's message and each game's status
// all match the collection as the API reads it (done and cancelled).
// Every wait is the test kit's (at most 30 s, with artifacts when it runs
// out).
func TestWorkspaceCancelInBrowser(t *testing.T) {
	if os.Getenv("WALLZERO_BROWSER_TEST") != "1" {
		t.Skip("skipped: set WALLZERO_BROWSER_TEST=1 (make browser-test) to drive the workspace's cancel in headless Chromium")
	}
	t.Parallel()
	srv, br, log, ctx := startWorkspaceBrowser(t, slowReviewVisits, 4*time.Minute)

	// A collection, and six games pasted: their reviews start.
	d := newBoardPage(t, ctx, br, srv.URL+"/workspace", 1200, 1000)
	d.typeText("#collection-name", "Friday class")
	d.must(d.page.Do(ctx, chromedp.KeyEvent(kb.Enter)))
	d.wait(`!document.getElementById("collection-box").hidden && document.getElementById("collection-title").textContent === "Friday class"`)
	coll := d.str(`new URLSearchParams(location.search).get("collection")`)
	d.typeText("#import-text", classGames(t, 6))
	d.wait(`document.getElementById("import-preview").textContent.startsWith("6 games as JSON lines")`)
	d.click("#import-submit")
	d.wait(`document.body.dataset.import === "done"`)
	d.wait(`document.body.dataset.progress === "running" && !document.getElementById("cancel-reviews").disabled`)
	// A position analysed (the event stream's progress): a review is
	// running mid-game when the cancel comes, not only queued ones.
	d.wait(`document.getElementById("progress").value > 0`)

	// Cancel while they run: the page shows them ended, as the API does.
	d.click("#cancel-reviews")
	d.wait(`/^\d+ reviews? cancelled\.$/.test(document.getElementById("import-result").textContent)`)
	d.wait(`document.body.dataset.progress === "finished" && document.getElementById("cancel-reviews").disabled &&
		![...document.querySelectorAll("#game-table tbody tr")].some(tr => tr.dataset.status === "queued" || tr.dataset.status === "running")`)
	var c workspace.Collection
	getJSON(t, srv.URL+"/v1/collections/"+coll, &c)
	p := c.Progress
	if !p.Finished || p.Total != 6 || p.Cancelled == 0 || p.Done+p.Failed+p.Cancelled != 6 {
		t.Fatalf("the API's progress after the cancel: %+v, want 6 games ended, some cancelled", p)
	}
	words := fmt.Sprintf("%d of 6 games reviewed", p.Done)
	var ended []string
	if p.Failed > 0 {
		ended = append(ended, fmt.Sprintf("%d failed", p.Failed))
	}
	ended = append(ended, fmt.Sprintf("%d cancelled", p.Cancelled))
	words += "; " + strings.Join(ended, ", ") + "."
	// The page reads the collection again after the cancel, and its event
	// stream ends with the same progress: wait for the words to settle.
	d.wait(`document.getElementById("progress-text").textContent === ` + jsQuote(words))
	var page struct {
		Done, Total, Cancelled, Succeeded int
		Message                           string
	}
	d.eval(`({done: Number(document.getElementById("progress-box").dataset.done),
		total: Number(document.getElementById("progress-box").dataset.total),
		cancelled: document.querySelectorAll('#game-table tbody tr[data-status="cancelled"]').length,
		succeeded: document.querySelectorAll('#game-table tbody tr[data-status="succeeded"]').length,
		message: document.getElementById("import-result").textContent})`, &page)
	if page.Done != p.Done || page.Total != p.Total {
		t.Errorf("the page's progress box: %d of %d done, the API's %d of %d", page.Done, page.Total, p.Done, p.Total)
	}
	if page.Cancelled != p.Cancelled || page.Succeeded != p.Done {
		t.Errorf("the games table: %d cancelled and %d reviewed, the API's %d and %d", page.Cancelled, page.Succeeded, p.Cancelled, p.Done)
	}
	// The cancel stopped every review not done by then: its count is the
	// collection's cancelled.
	want := fmt.Sprintf("%d review%s cancelled.", p.Cancelled, map[bool]string{true: "", false: "s"}[p.Cancelled == 1])
	if page.Message != want {
		t.Errorf("the cancel's message %q, want %q", page.Message, want)
	}
	t.Logf("cancelled with %d of 6 reviewed, %d cancelled", p.Done, p.Cancelled)
	if p := log.problems; len(p) > 0 {
		t.Errorf("the page logged problems: %v", p)
	}
}
