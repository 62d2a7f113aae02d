package api

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/wallzero/wallzero/internal/testkit/browser"
)

// TestReviewExplanationsInBrowser reviews a real 51-move game (voronoi-hard
// self-play, service/analysis/testdata/selfplay-game.json) in the board's
// review mode in headless Chromium and checks the turning points above
// the move list (in the API's order, each with its kind, summary, cost
// and level), the explanation of each move with its two reach-difference
// pictures, the keyboard and a phone-sized screen.
// WALLZERO_EXPLAIN_SCREENSHOT=path saves a screenshot
// (docs/review-explanations.png).
func TestReviewExplanationsInBrowser(t *testing.T) {
	if os.Getenv("WALLZERO_BROWSER_TEST") != "1" {
		t.Skip("skipped: set WALLZERO_BROWSER_TEST=1 (make browser-test) to drive the review mode in headless Chromium")
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
	br, err := browser.Start(exe)
	if err != nil {
		t.Fatal(err)
	}
	defer br.Close()
	log := &browserLog{origin: srv.URL}
	br.OnEvent(log.event)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	b := openReviewMode(t, ctx, br, srv, 1280, 1400)
	b.liveOff()
	b.submitReview(string(record), "16")

	// The review JSON, as the API gives it.
	var res struct {
		Moves []struct {
			Move        string
			Explanation *struct {
				Text string
				Best *struct{ Move string }
			}
		}
		TurningPoints []struct {
			Kind, Move, Summary string
			Ply                 int
			Cost                float64
			Level               *struct{ LowestName string }
		}
	}
	b.must(json.Unmarshal([]byte(b.reviewedStr(`JSON.stringify(r)`)), &res))
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

	// The turning points: one item per point, in the API's order (by
	// cost, largest first), each with its kind, summary, cost and level.
	var shown []struct{ Ply, Kind, Cost, Level, Summary, CostText string }
	b.eval(`[...document.querySelectorAll("#review-turning li")].map((li) => ({Ply: li.querySelector(".jump").dataset.ply,
		Kind: li.dataset.kind, Cost: li.dataset.cost || "", Level: li.dataset.level || "",
		Summary: li.querySelector(".summary").textContent, CostText: (li.querySelector(".cost") || {}).textContent || ""}))`, &shown)
	if len(shown) != len(res.TurningPoints) {
		t.Fatalf("%d turning points shown, want %d", len(shown), len(res.TurningPoints))
	}
	for i, tp := range res.TurningPoints {
		s := shown[i]
		cost, err := strconv.ParseFloat(s.Cost, 64)
		if s.Ply != fmt.Sprint(tp.Ply) || s.Kind != tp.Kind || s.Summary != tp.Summary || err != nil || cost != tp.Cost {
			t.Errorf("turning point %d shown as %+v, want %+v", i, s, tp)
		}
		if !regexp.MustCompile(`^cost \d+\.\d%(, \d+\.\d points lost)?$`).MatchString(s.CostText) {
			t.Errorf("turning point %d says it cost %q", i, s.CostText)
		}
		if (s.Level != "") != (tp.Level != nil) || (tp.Level != nil && tp.Level.LowestName != "" && s.Level != tp.Level.LowestName) {
			t.Errorf("turning point %d: level %q, the API's %+v", i, s.Level, tp.Level)
		}
		if i > 0 && tp.Cost > res.TurningPoints[i-1].Cost {
			t.Errorf("turning point %d costs %v, more than the one before (%v)", i, tp.Cost, res.TurningPoints[i-1].Cost)
		}
	}
	if !eval2bool(t, b.page, ctx, `document.getElementById("review-turning").getBoundingClientRect().top < document.getElementById("move-list").getBoundingClientRect().top`) {
		t.Error("the turning points are not above the move list")
	}

	// explained checks, at the position after move i+1, the explanation
	// of that move and its pictures.
	explained := func(i int) {
		t.Helper()
		b.ready(i + 1)
		b.wait(fmt.Sprintf(`document.body.dataset.explanation === "ready" && document.getElementById("review-explanation").dataset.index === "%d"`, i))
		e := res.Moves[i].Explanation
		if e == nil {
			t.Fatalf("move %d has no explanation", i+1)
		}
		if got := b.str(`document.getElementById("review-explanation-text").textContent`); got != e.Text {
			t.Errorf("move %d: explanation %q, want %q", i+1, got, e.Text)
		}
		var diff struct{ Played, Best string }
		b.eval(`(async () => {
			const get = async (id) => { const i = document.getElementById(id);
				return document.getElementById(id + "-figure").hidden ? "" : await (await fetch(i.dataset.url)).text(); };
			return {Played: await get("diff-played"), Best: await get("diff-best")};
		})()`, &diff)
		if !strings.Contains(diff.Played, `class="reach-diff" data-move="`+res.Moves[i].Move+`"`) {
			t.Errorf("move %d: the played picture does not show the reach difference of %s", i+1, res.Moves[i].Move)
		}
		if e.Best != nil && !strings.Contains(diff.Best, `class="reach-diff" data-move="`+e.Best.Move+`"`) {
			t.Errorf("move %d: the best picture does not show the reach difference of %s", i+1, e.Best.Move)
		}
		if e.Best == nil && diff.Best != "" {
			t.Errorf("move %d: a best-move picture for the best move played", i+1)
		}
	}
	b.ready(0)
	if st := b.str(`document.body.dataset.explanation`); st != "none" {
		t.Errorf("at the start the explanation is %q, want none", st)
	}
	// Keyboard: Enter on the first turning point, then step.
	b.eval(`document.querySelector("#review-turning .jump").focus()`, nil)
	b.must(b.page.Do(ctx, chromedp.KeyEvent(kb.Enter)))
	first := res.TurningPoints[0].Ply
	explained(first)
	b.click("#ply") // the focus off the button, as a reader's click would
	// The turning points are listed by cost, so the first may be the
	// last move, with no move after it to explain: step back then.
	if first+1 < len(res.Moves) {
		b.must(b.page.Press(ctx, "ArrowRight"))
		explained(first + 1)
	} else {
		b.must(b.page.Press(ctx, "ArrowLeft"))
		explained(first - 1)
	}
	// Every turning point, by click.
	for i, tp := range res.TurningPoints {
		b.click(fmt.Sprintf("#review-turning li:nth-child(%d) .jump", i+1))
		explained(tp.Ply)
	}
	if path := os.Getenv("WALLZERO_EXPLAIN_SCREENSHOT"); path != "" {
		// Show the last missed chance: both pictures, both lines played out.
		shot := len(res.TurningPoints) - 1
		for i, tp := range res.TurningPoints {
			if tp.Kind == "missed-chance" {
				shot = i
			}
		}
		b.click(fmt.Sprintf("#review-turning li:nth-child(%d) .jump", shot+1))
		explained(res.TurningPoints[shot].Ply)
		png, err := b.page.Screenshot(ctx)
		b.must(err)
		b.must(os.WriteFile(path, png, 0o644))
		t.Logf("screenshot: %s", path)
	}

	// A phone-sized screen: nothing wider than the screen.
	b.must(b.page.Do(ctx, chromedp.EmulateViewport(390, 844)))
	b.wait(`window.innerWidth <= 400`)
	var wide string
	b.eval(`String(document.documentElement.scrollWidth <= window.innerWidth + 1) + " " + document.documentElement.scrollWidth`, &wide)
	if !strings.HasPrefix(wide, "true") {
		var culprits string
		b.eval(`[...document.querySelectorAll("body *")].filter(e => e.getBoundingClientRect().right > window.innerWidth + 1).slice(0, 8).map(e => e.tagName + "#" + e.id + "." + e.className + ":" + Math.round(e.getBoundingClientRect().right)).join(" ")`, &culprits)
		t.Errorf("on a 390px screen the page is %s px wide: %s", strings.Fields(wide)[1], culprits)
	}

	log.mu.Lock()
	defer log.mu.Unlock()
	for _, p := range log.problems {
		t.Errorf("browser: %s", p)
	}
}
