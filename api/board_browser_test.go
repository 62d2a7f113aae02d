package api

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"

	"github.com/wallzero/wallzero/internal/testkit/browser"
)

// TestBoardInBrowser drives the analysis board in headless Chromium with
// clicks alone, against the whole API on a real PostgreSQL with a job
// worker: it enters a complete four-stone game (setup and 39 turns with
// walls), watches the live analysis update and draw arrows, branches a
// variation at an earlier ply (promotes, deletes, goes back to the main
// line), exports the record and imports it back (JSON and WGF), opens the
// share link in a fresh browser, plays 10 moves against the engine at two
// levels, reviews that game on the board (and works a puzzle of it: a
// wrong try taken back, the answer confirmed) and opens the review by its
// link, places stones by touch on a phone-sized screen, edits a position
// (a refused one named by its field, then a valid one analysed), plays
// the engine in coach mode and takes a move back, lets the move timer run
// out, and plays a three-player local game with a wall break to its
// game-over screen and reviews it (a curve per player). Throughout, the page may make no request to another
// host and log no error. $WALLZERO_SCREENSHOT_DIR, when set, receives
// the pictures of docs/.
func TestBoardInBrowser(t *testing.T) {
	if os.Getenv("WALLZERO_BROWSER_TEST") != "1" {
		t.Skip("skipped: set WALLZERO_BROWSER_TEST=1 (make browser-test) to drive the analysis board in headless Chromium")
	}
	t.Parallel()
	exe, err := browser.FindChromium()
	if err != nil {
		t.Fatal(err)
	}
	srv := startBoardServer(t)
	br, err := browser.Start(exe)
	if err != nil {
		t.Fatal(err)
	}
	defer br.Close()
	log := &browserLog{origin: srv.URL}
	br.OnEvent(log.event)
	watchBrowser(t, br, srv)
	ctx, cancel := context.WithTimeout(context.Background(), 6*time.Minute)
	defer cancel()
	b := newBoardPage(t, ctx, br, srv.URL+"/analysis", 1280, 1500)
	if got := b.str(`document.title`); got != "WallZero: analysis board" {
		t.Errorf("title %q", got)
	}
	// The start: the four-stone opening's placements are offered as dots
	// on the empty squares, and every square is a labelled button.
	if n := b.num(`document.querySelectorAll("#board button[data-square][aria-label]").length`); n != 49 {
		t.Errorf("%d labelled square buttons, want 49", n)
	}
	if n := b.num(`document.querySelectorAll("#board .sq.target").length`); n != 45 {
		t.Errorf("%d squares offered for the first placement, want 45", n)
	}

	game := agentGame(t, 0)
	t.Run("enter a whole game", func(t *testing.T) {
		b.t = t
		for _, m := range game {
			b.play(m)
		}
		b.wait(`document.body.dataset.phase === "over"`)
		if txt := b.str(`document.getElementById("to-move").textContent`); !strings.HasPrefix(txt, "Game over") {
			t.Errorf("after the last move the board says %q", txt)
		}
		if got := b.mainLine(); !slices.Equal(got, game) {
			t.Errorf("move list %v, want %v", got, game)
		}
	})

	t.Run("live analysis", func(t *testing.T) {
		b.t = t
		b.click(`#move-list [data-line="main"][data-ply="20"]`)
		b.ready(20)
		cands := b.waitAnalysis(20)
		legal := b.legal()
		if len(cands) == 0 {
			t.Fatal("no candidate moves shown")
		}
		for _, c := range cands {
			if !slices.Contains(legal, c) {
				t.Errorf("candidate %s is not legal here", c)
			}
		}
		if n := b.num(`document.querySelectorAll("#overlay g.arrow").length`); n != len(cands) {
			t.Errorf("%d arrows for %d candidates", n, len(cands))
		}
		if b.str(`document.getElementById("winrate").textContent`) == "" {
			t.Error("no win rate shown")
		}
		b.shoot("board-analysis.png")
		// Hovering a candidate previews its line and explains it.
		b.must(b.page.Hover(ctx, `#candidates li[data-move]`))
		b.wait(`document.querySelectorAll("#board .pvnum").length > 0`)
		b.wait(`/: (?!…)/.test(document.getElementById("hover-explanation").textContent)`)
		// After a move, the analysis is of the new position.
		b.play(game[20])
		after := b.waitAnalysis(21)
		legal = b.legal()
		for _, c := range after {
			if !slices.Contains(legal, c) {
				t.Errorf("after the move, candidate %s is not legal", c)
			}
		}
		if n := b.num(`document.querySelectorAll("#overlay g.arrow").length`); n == 0 {
			t.Error("no arrows after the move")
		}
	})

	t.Run("variations", func(t *testing.T) {
		b.t = t
		b.click(`#move-list [data-line="main"][data-ply="10"]`)
		b.ready(10)
		alt := b.otherThan(game[10])
		b.play(alt)
		b.play(b.legal()[0])
		if n := b.num(`document.querySelectorAll('#move-list .variation [data-line="variation"]').length`); n != 2 {
			t.Errorf("%d moves in the variation, want 2", n)
		}
		if got := b.mainLine(); !slices.Equal(got, game) {
			t.Errorf("the main line changed: %v", got)
		}
		// Promote the variation, then the old main line back.
		b.click("#promote")
		b.ready(12)
		if got := b.mainLine(); len(got) != 12 || got[10] != alt {
			t.Errorf("after promoting, main line %v", got)
		}
		b.click(`#move-list .variation [data-ply="11"]`)
		b.ready(11)
		b.click("#promote")
		b.ready(11)
		if got := b.mainLine(); !slices.Equal(got, game) {
			t.Errorf("after promoting back, main line %v", got)
		}
		// Back to the main line from the variation, then delete it.
		b.click(`#move-list .variation [data-ply="12"]`)
		b.ready(12)
		b.click("#main-line")
		b.ready(11)
		if line := b.str(`document.querySelector("#move-list .current").dataset.line`); line != "main" {
			t.Errorf("Back to main line shows a %s move", line)
		}
		b.click(`#move-list .variation [data-ply="11"]`)
		b.ready(11)
		b.click("#delete-branch")
		b.ready(10)
		if n := b.num(`document.querySelectorAll("#move-list .variation").length`); n != 0 {
			t.Errorf("%d variations left after deleting", n)
		}
		// A variation again, kept for the share link.
		b.play(alt)
		// Undo takes it back, redo plays it again; the keyboard steps.
		b.click("#undo")
		b.ready(10)
		b.click("#redo")
		b.ready(11)
		b.must(b.page.Press(ctx, "Home"))
		b.ready(0)
		b.must(b.page.Press(ctx, "End"))
		b.ready(len(game))
		b.must(b.page.Press(ctx, "ArrowLeft"))
		b.ready(len(game) - 1)
	})

	t.Run("export, import, share", func(t *testing.T) {
		b.t = t
		b.click(`[data-mode-button="records"]`)
		for _, format := range []string{"json", "wgf", "moves"} {
			b.click(sel("data-format", format))
			b.wait(`document.getElementById("export-text").dataset.format === ` + jsQuote(format) + ` || !document.getElementById("error").hidden`)
			if msg := b.str(`document.getElementById("error").textContent`); msg != "" {
				t.Fatalf("%s export: %s", format, msg)
			}
			text := b.str(`document.getElementById("export-text").value`)
			if text == "" {
				t.Fatalf("%s export is empty", format)
			}
			imports := b.num(`Number(document.body.dataset.imports || 0)`)
			b.typeText("#import-text", text)
			b.click("#import-button")
			b.wait(`Number(document.body.dataset.imports || 0) > ` + strconv.Itoa(imports) + ` || !document.getElementById("error").hidden`)
			b.ready(len(game))
			if msg := b.str(`document.getElementById("error").textContent`); msg != "" {
				t.Fatalf("%s import: %s", format, msg)
			}
			if got := b.mainLine(); !slices.Equal(got, game) {
				t.Errorf("%s export imported back as %v", format, got)
			}
		}
		// Put the variation back and share the tree.
		b.click(`#move-list [data-line="main"][data-ply="10"]`)
		b.ready(10)
		alt := b.otherThan(game[10])
		if alt == "" {
			t.Fatalf("no other move at ply 10: %s", b.str(`JSON.stringify({legal: document.getElementById("board").dataset.legal, ply: document.body.dataset.ply, cur: (document.querySelector("#move-list .current") || {dataset: {}}).dataset.move})`))
		}
		b.play(alt)
		link := b.shareLink()
		if !strings.HasPrefix(link, srv.URL+"/analysis#g=") {
			t.Fatalf("share link %q", link)
		}
		fresh, err := browser.Start(exe)
		if err != nil {
			t.Fatal(err)
		}
		defer fresh.Close()
		fresh.OnEvent(log.event)
		watchBrowser(t, fresh, srv)
		other := newBoardPage(t, ctx, fresh, link, 1000, 900)
		if got := other.mainLine(); !slices.Equal(got, game) {
			t.Errorf("the share link opened the main line %v, want %v", got, game)
		}
		// The tree comes back whole: the page shares it as it was shared.
		if got := other.shareLink(); got != link {
			t.Errorf("the share link opened a tree shared as\n%s\nwant\n%s", got, link)
		}
		if n := other.num(`document.querySelectorAll("#move-list .variation").length`); n != 1 {
			t.Errorf("the shared tree shows %d variations, want 1", n)
		}
	})

	t.Run("phone", func(t *testing.T) {
		phone := newBoardPage(t, ctx, br, srv.URL+"/analysis", 390, 844)
		phone.must(phone.page.EmulatePhone(ctx, 390, 844))
		// Touch alone: the first four placements of the game.
		for i, m := range game[:4] {
			phone.must(phone.page.Tap(ctx, sel("data-square", m)))
			phone.ready(i + 1)
		}
		if w := phone.num(`Math.round(document.getElementById("board-wrap").getBoundingClientRect().width)`); w > 390 || w < 300 {
			t.Errorf("the board is %d px wide on a 390 px screen", w)
		}
		if sw := phone.num(`document.documentElement.scrollWidth`); sw > 390 {
			t.Errorf("the page scrolls sideways on a phone (%d px wide)", sw)
		}
		phone.waitAnalysis(4)
		phone.shoot("board-phone.png")
		b.front()
	})

	t.Run("play the engine at two levels", func(t *testing.T) {
		b.t = t
		b.click(`[data-mode-button="play"]`)
		b.wait(`document.querySelectorAll("#play-level input[data-level]").length >= 2`)
		var levels []string
		b.eval(`[...document.querySelectorAll("#play-level input[data-level]")].map(e => e.dataset.level)`, &levels)
		for i, level := range levels[:2] {
			b.click(sel("data-level", level))
			b.click(`input[name="play-side"][value="` + []string{"red", "blue"}[i] + `"]`)
			b.click("#play-start")
			human := []string{"red", "blue"}[i]
			played := 0
			for played < 10 {
				t0 := time.Now()
				b.wait(`document.body.dataset.state === "ready" && (document.body.dataset.phase === "over" || (document.body.dataset.toMove === ` + jsQuote(human) + ` && document.getElementById("board").getAttribute("aria-busy") === "false"))`)
				if b.str(`document.body.dataset.phase`) == "over" {
					break
				}
				// The person plays as the first level would, so that the
				// game lasts (the first legal move ends it early): the
				// test asks the engine for that move itself.
				body, err := json.Marshal(map[string]any{"rules": map[string]any{"players": 2, "opening": "four-stone", "stay": "always", "tieBreak": "largest-region"},
					"moves": b.mainLine(), "level": levels[0]})
				b.must(err)
				mine := b.str(`fetch("/v1/play", {method: "POST", headers: {"Content-Type": "application/json"}, body: ` + jsQuote(string(body)) + `}).then((r) => r.json()).then((r) => r.move || JSON.stringify(r))`)
				t1 := time.Now()
				b.play(mine)
				played++
				if d := time.Since(t0); d > 3*time.Second {
					t.Logf("level %s, move %d took %s (%s of it waiting for the engine)", level, played, d, t1.Sub(t0))
				}
			}
			if played < 10 {
				t.Fatalf("level %s: the game ended after %d of my moves", level, played)
			}
			b.wait(`document.body.dataset.state === "ready" && (document.body.dataset.toMove === ` + jsQuote(human) + ` || document.body.dataset.phase === "over")`)
			// The move list names each move's mover by its colour.
			engine := b.num(`[...document.querySelectorAll('#move-list > [data-line="main"]')].filter((e) => !e.classList.contains(` + jsQuote(human) + `)).length`)
			if engine < 10 {
				t.Errorf("level %s: the engine made %d moves", level, engine)
			}
		}
		b.shoot("board-play.png")
	})

	t.Run("review the game on the board", func(t *testing.T) {
		b.t = t
		n := b.ply()
		b.click("#play-review")
		b.wait(`document.body.dataset.review === "ready"`)
		badges := b.num(`document.querySelectorAll('#move-list [data-line="main"] .badge').length`)
		if badges != n {
			t.Errorf("%d classified moves in the list, want %d", badges, n)
		}
		b.wait(`document.getElementById("review-curve").complete && document.getElementById("review-curve").naturalWidth > 0`)
		if txt := b.str(`document.getElementById("review-rating").textContent`); !regexp.MustCompile(`^Rating estimate: blue -?\d+ \(95%: -?\d+ to -?\d+\), red -?\d+ \(95%: -?\d+ to -?\d+\)$`).MatchString(txt) {
			t.Errorf("the review's rating line: %q", txt)
		}
		// The turning points in the API's order (by cost, largest
		// first), each saying what it cost.
		var tps struct {
			API, Shown, Texts []string
			Costs             []float64
		}
		b.reviewed(`({API: r.turningPoints.map((tp) => String(tp.ply)), Costs: r.turningPoints.map((tp) => tp.cost),
			Shown: [...document.querySelectorAll("#review-turning li button")].map((e) => e.dataset.ply),
			Texts: [...document.querySelectorAll("#review-turning li")].map((e) => e.textContent)})`, &tps)
		if len(tps.API) == 0 || len(tps.API) > 5 || !slices.Equal(tps.Shown, tps.API) {
			t.Errorf("turning points shown at plies %v, the API's %v", tps.Shown, tps.API)
		}
		for i, txt := range tps.Texts {
			if !regexp.MustCompile(`\(cost \d+\.\d%(, \d+\.\d points lost)?\)$`).MatchString(txt) {
				t.Errorf("turning point %q does not say what it cost", txt)
			}
			if i > 0 && tps.Costs[i] > tps.Costs[i-1] {
				t.Errorf("turning point %d costs %v, more than the one before (%v)", i, tps.Costs[i], tps.Costs[i-1])
			}
		}
		// The first move that lost points says how many, with one decimal.
		var lost struct {
			Ply    int
			Points string
		}
		b.reviewed(`(() => { const i = r.moves.findIndex((m) => m.pointsLoss >= 0.05);
			return {Ply: i + 1, Points: i < 0 ? "" : r.moves[i].pointsLoss.toFixed(1)}; })()`, &lost)
		if lost.Ply == 0 {
			t.Error("no move of the reviewed game lost points: the points shown are not tested here")
		} else {
			b.click(fmt.Sprintf(`#move-list [data-line="main"][data-ply="%d"]`, lost.Ply))
			b.ready(lost.Ply)
			if txt, want := b.str(`document.getElementById("review-move").textContent`), lost.Points+" points"; !strings.Contains(txt, "loses ") || !strings.Contains(txt, want) {
				t.Errorf("review line at ply %d: %q, want it to say it loses %s", lost.Ply, txt, want)
			}
		}
		b.click(`#move-list [data-line="main"][data-ply="5"]`)
		b.ready(5)
		if txt := b.str(`document.getElementById("review-move").textContent`); !strings.HasPrefix(txt, "5. ") {
			t.Errorf("review line at ply 5: %q", txt)
		}
		// Explore from the reviewed position, then come back: a move other
		// than the game's own next one, which would only step along the
		// main line and open no variation.
		b.play(b.otherThan(b.str(`document.querySelector('#move-list [data-line="main"][data-ply="6"]').dataset.move`)))
		b.wait(`!document.getElementById("review-back").hidden`)
		b.click("#review-back")
		b.ready(5)
		// Puzzles: the API's selection is tested on its own (jobs and api
		// tests); here the page is given a puzzle at ply 5 (its request is
		// answered by the test) to check the mode: a wrong try is taken
		// back, the answer is confirmed, and the live analysis stays
		// hidden meanwhile.
		line := b.mainLine()
		var others []string
		for _, m := range b.legal() {
			if m != line[5] && !strings.HasPrefix(m, "x") {
				others = append(others, m)
			}
		}
		if len(others) < 2 {
			t.Fatalf("ply 5 offers %v besides the game's %s", others, line[5])
		}
		pz := struct{ Solution, Wrong, Played string }{others[0], others[len(others)-1], line[5]}
		var rules json.RawMessage
		b.reviewed(`r.record.rules`, &rules)
		id := b.str(`document.body.dataset.reviewId`)
		puzzles, err := json.Marshal(map[string]any{"reviewId": id, "visits": 64, "deepVisits": 256,
			"puzzles": []any{map[string]any{"ply": 5, "record": map[string]any{"rules": rules, "moves": line[:5]}, "player": b.str(`document.body.dataset.toMove`),
				"played": pz.Played, "loss": 0.2, "solution": pz.Solution, "line": []string{pz.Solution}, "margin": 0.3, "proven": false}},
			"skipped": []any{map[string]any{"ply": 9, "reason": "two moves within 0.15 of each other"}}})
		b.must(err)
		stop, err := b.page.Intercept(ctx, "*/v1/reviews/*/puzzles*", func(*network.Request) browser.Reply { return browser.JSONReply(puzzles) })
		b.must(err)
		defer stop()
		b.click("#review-puzzles")
		b.wait(`document.body.dataset.puzzles === "ready"`)
		if txt := b.str(`document.querySelector("#puzzle-list li:last-child").textContent`); txt != "1 puzzle; 1 other mistake had no clear answer." {
			t.Errorf("the puzzle list of the test's answer ends %q", txt)
		}
		b.click(sel("data-puzzle", "0"))
		b.ready(5)
		b.wait(`document.body.dataset.puzzle === "open"`)
		if n := b.num(`document.querySelectorAll("#overlay g.arrow").length + document.querySelectorAll("#candidates li[data-move]").length`); n != 0 {
			t.Errorf("the puzzle shows %d arrows and candidates of the live analysis", n)
		}
		b.clickMove(pz.Wrong)
		b.wait(`document.body.dataset.puzzle === "wrong"`)
		b.ready(5)
		if txt := b.str(`document.getElementById("puzzle-status").textContent`); !strings.HasPrefix(txt, pz.Wrong+" is not it") {
			t.Errorf("after a wrong try the puzzle says %q", txt)
		}
		if got := b.mainLine(); !slices.Equal(got, line) {
			t.Errorf("the wrong try changed the game: %v", got)
		}
		b.clickMove(pz.Solution)
		b.wait(`document.body.dataset.puzzle === "solved"`)
		if txt := b.str(`document.getElementById("puzzle-status").textContent`); !strings.HasPrefix(txt, "Solved after 1 try: "+pz.Solution) {
			t.Errorf("after the answer the puzzle says %q", txt)
		}
		b.click("#puzzle-leave")
		b.wait(`document.body.dataset.puzzle === "none"`)
		// The printable report of the review, printed to PDF.
		if href := b.str(`document.getElementById("review-report").getAttribute("href")`); href != "/report"+b.str(`location.hash`) {
			t.Errorf("the report link is %q", href)
		}
		report := openReport(t, ctx, br, srv, b.str(`location.hash`))
		if n := report.num(`document.querySelectorAll("#accuracy tbody tr").length`); n != 2 {
			t.Errorf("the report's accuracy table has %d rows, want 2", n)
		}
		// Beside each player's accuracy, the mean points lost a move.
		if pts := report.str(`[...document.querySelectorAll("#accuracy tbody tr")].map((r) => r.cells[2].textContent).join("|")`); !regexp.MustCompile(`^\d+\.\d\|\d+\.\d$`).MatchString(pts) {
			t.Errorf("the report's mean points lost a move: %q", pts)
		}
		if est := report.str(`[...document.querySelectorAll("#accuracy tbody tr")].map((r) => r.cells[3].textContent).join("|")`); !regexp.MustCompile(`^-?\d+ \(-?\d+ to -?\d+\)\|-?\d+ \(-?\d+ to -?\d+\)$`).MatchString(est) {
			t.Errorf("the report's rating estimates: %q", est)
		}
		// Every move's row, its points lost as the API gives them.
		var rows []string
		report.eval(`[...document.querySelectorAll("#moves tbody tr")].map((r) => r.cells[5].textContent)`, &rows)
		var want []string
		b.reviewed(`r.moves.map((m) => m.pointsLoss >= 0.05 ? m.pointsLoss.toFixed(1) : "")`, &want)
		if !slices.Equal(rows, want) {
			t.Errorf("the report's points lost per move %q, want %q", rows, want)
		}
		if n := report.num(`document.querySelectorAll("#mistakes li").length`); n == 0 {
			t.Error("the report lists no mistakes, not even 'No mistakes.'")
		}
		if w := report.num(`document.getElementById("curve").naturalWidth`); w == 0 {
			t.Error("the report's curve did not load")
		}
		pdf := printPDF(t, ctx, report.page)
		if !bytes.HasPrefix(pdf, []byte("%PDF-")) || len(pdf) < 10000 {
			t.Errorf("the printed report is %d bytes starting %q", len(pdf), pdf[:min(8, len(pdf))])
		}
		b.front()
		// The review opens by its link in another tab, with its game.
		hash := b.str(`location.hash`)
		if !strings.HasPrefix(hash, "#review=") {
			t.Fatalf("no review link: %q", hash)
		}
		reviewed := b.mainLine()
		other := newBoardPage(t, ctx, br, srv.URL+"/analysis"+hash, 1000, 900)
		other.wait(`document.body.dataset.review === "ready"`)
		if got := other.mainLine(); !slices.Equal(got, reviewed) {
			t.Errorf("the review link opened %v, want %v", got, reviewed)
		}
		b.front()
	})

	t.Run("land thrown away in a decided game", func(t *testing.T) {
		b.t = t
		// testdata/decided-land-thrown-away.json: an agent game
		// (engine/solver/endgames/testdata/agent-games.jsonl, the 79th
		// line) to its 46th move, when Blue has won (Red's win rate
		// about 1%), then Red's A2-B3:W, which throws away
		// land: no win rate lost, about 12 points (the heuristic
		// search's score lead from -8 to -20 against A2-A3:S).
		// The numbers were stable at 32, 64 and 128 visits.
		data, err := os.ReadFile("testdata/decided-land-thrown-away.json")
		b.must(err)
		id := b.str(`fetch("/v1/reviews", {method: "POST", headers: {"Content-Type": "application/json"}, body: ` + jsQuote(string(data)) + `}).then((r) => r.json()).then((j) => j.id)`)
		d := newBoardPage(t, ctx, br, srv.URL+"/analysis#review="+id, 1280, 1500)
		d.wait(`document.body.dataset.review === "ready" || document.body.dataset.review === "error"`)
		if st := d.str(`document.body.dataset.review`); st != "ready" {
			t.Fatalf("the review: %s (%s)", st, d.str(`document.getElementById("review-state").textContent`))
		}
		var m struct {
			Loss, PointsLoss float64
			Classification   string
		}
		d.reviewed(`r.moves[46]`, &m)
		if m.Loss > 0.01 || m.PointsLoss < 4.5 || m.Classification != "blunder" {
			t.Errorf("A2-B3:W reviewed as %+v, want a blunder by points alone", m)
		}
		d.click(`#move-list [data-line="main"][data-ply="47"]`)
		d.ready(47)
		d.wait(`document.getElementById("review-curve").complete && document.getElementById("review-curve").naturalWidth > 0`)
		want := `^47\. red A2-B3:W: blunder, loses ` + regexp.QuoteMeta(d.reviewedStr(`r.moves[46].pointsLoss.toFixed(1)`)) +
			` points; best was \S+ \(\d+\.\d% for red, lead [+-]?\d+\.\d points against -\d+\.\d played\)\.`
		if txt := d.str(`document.getElementById("review-move").textContent`); !regexp.MustCompile(want).MatchString(txt) {
			t.Errorf("review line of the thrown-away land: %q, want %s", txt, want)
		}
		if first := d.str(`document.querySelector("#review-turning li").textContent`); !strings.HasPrefix(first, "47. A2-B3:W") || !regexp.MustCompile(`, \d+\.\d points lost\)$`).MatchString(first) {
			t.Errorf("the first turning point %q is not the costliest move, the thrown-away land, with its points", first)
		}
		d.shoot("board-review.png")
		// Its printable report: the points in the summary, the mistakes
		// and every move's row.
		report := openReport(t, ctx, br, srv, "#review="+id)
		if pts := report.str(`[...document.querySelectorAll("#accuracy tbody tr")].map((r) => r.cells[0].textContent + " " + r.cells[2].textContent).join("|")`); !regexp.MustCompile(`^red \d+\.\d\|blue \d+\.\d$`).MatchString(pts) {
			t.Errorf("the report's mean points lost a move: %q", pts)
		}
		if li := report.str(`[...document.querySelectorAll("#mistakes li")].map((e) => e.textContent).find((s) => s.startsWith("47. ")) || ""`); !regexp.MustCompile(`^47\. red A2-B3:W: blunder \(loses \d+\.\d points; best was `).MatchString(li) {
			t.Errorf("the report's mistake of the thrown-away land: %q", li)
		}
		if row := report.str(`[...document.querySelector("#moves tbody").rows[46].cells].map((c) => c.textContent).join("|")`); !regexp.MustCompile(`^47\|red\|A2-B3:W\|blunder\|\|\d+\.\d$`).MatchString(row) {
			t.Errorf("the report's row of the thrown-away land: %q", row)
		}
		if caption := report.str(`document.querySelector("#turning figcaption").textContent`); !strings.HasPrefix(caption, "47. A2-B3:W") || !regexp.MustCompile(`\(cost \d+\.\d%, \d+\.\d points lost\)$`).MatchString(caption) {
			t.Errorf("the report's first turning point: %q", caption)
		}
		pdf := printPDF(t, ctx, report.page)
		if !bytes.HasPrefix(pdf, []byte("%PDF-")) || len(pdf) < 10000 {
			t.Errorf("the printed report is %d bytes starting %q", len(pdf), pdf[:min(8, len(pdf))])
		}
		savePDF(t, pdf, "report.pdf", "report-page1")
		b.front()
	})

	t.Run("edit a position", func(t *testing.T) {
		e := newBoardPage(t, ctx, br, srv.URL+"/analysis", 1280, 1500)
		e.click(`[data-mode-button="edit"]`)
		e.click("#edit-clear")
		put := func(colour string, squares ...string) {
			e.click(`input[name="edit-tool"][value="` + colour + `"]`)
			for _, sq := range squares {
				e.click(sel("data-square", sq))
			}
		}
		put("red", "C3", "E5")
		put("blue", "E3", "C5")
		e.eval(`(() => { const s = document.getElementById("edit-phase"); s.value = "play"; s.dispatchEvent(new Event("change")); })()`, nil)
		// Two stones each is no position of the play phase: the server
		// names the field and the page keeps the editor open.
		log.expect(1, 400, "/v1/position")
		e.click("#edit-done")
		e.wait(`!document.getElementById("error").hidden`)
		if msg := e.str(`document.getElementById("error").textContent`); !strings.Contains(msg, "board.stones.") || !strings.Contains(msg, "4 in the play phase") {
			t.Errorf("an incomplete position gives the error %q", msg)
		}
		if mode := e.str(`document.body.dataset.mode`); mode != "edit" {
			t.Errorf("after a refused position the page is in mode %q", mode)
		}
		put("red", "A1", "G7")
		put("blue", "A7", "G1")
		var placed []string
		e.eval(`[...document.querySelectorAll("#board .stone")].map((s) => s.closest("[data-square]").dataset.square + " " + s.className)`, &placed)
		if len(placed) != 8 {
			t.Fatalf("the editor shows %v after eight clicks", placed)
		}
		// A wall by blue, and one put and taken away again.
		e.click(`input[name="edit-tool"][value="wall"]`)
		e.eval(`(() => { const s = document.getElementById("edit-wall-by"); s.value = "blue"; s.dispatchEvent(new Event("change")); })()`, nil)
		e.click(sel("data-wall", "D4:N"))
		e.click(sel("data-wall", "B2:E"))
		e.click(sel("data-wall", "B2:E"))
		e.click("#edit-done")
		e.wait(`document.body.dataset.mode === "analysis" || !document.getElementById("error").hidden`)
		e.ready(0)
		if msg := e.str(`document.getElementById("error").textContent`); msg != "" {
			t.Fatalf("the complete position was refused: %s", msg)
		}
		// The board shows one wall, blue's, between D4 and D5.
		var walls struct {
			Built, Blue int
			D4, D5      string
		}
		e.eval(`({Built: document.querySelectorAll("#slots .wall.built").length, Blue: document.querySelectorAll("#slots .wall.built.blue").length,
			D4: document.querySelector('[data-square="D4"]').getAttribute("aria-label"), D5: document.querySelector('[data-square="D5"]').getAttribute("aria-label")})`, &walls)
		if walls.Built != 1 || walls.Blue != 1 || !strings.Contains(walls.D4, "walls north") || !strings.Contains(walls.D5, "walls south") {
			t.Errorf("the edited position's walls are %+v, want blue's D4:N alone", walls)
		}
		var red []string
		e.eval(`[...document.querySelectorAll("#board .stone.red")].map((s) => s.closest("[data-square]").dataset.square).sort()`, &red)
		if !slices.Equal(red, []string{"A1", "C3", "E5", "G7"}) {
			t.Errorf("red's stones %v", red)
		}
		// The edited position is analysed and played on like any other.
		e.waitAnalysis(0)
		e.play(e.legal()[0])
		b.front()
	})

	t.Run("coach mode and take-back", func(t *testing.T) {
		c := newBoardPage(t, ctx, br, srv.URL+"/analysis", 1280, 1500)
		c.click(`[data-mode-button="play"]`)
		c.wait(`document.querySelectorAll("#play-level input[data-level]").length >= 1`)
		c.click(`input[name="play-side"][value="red"]`)
		c.click("#play-coach")
		c.click("#play-start")
		c.ready(0)
		// A corner is a poor first placement: the coach says what it cost
		// and names a better one.
		c.play("A1")
		c.wait(`!document.getElementById("coach").hidden && document.getElementById("coach").dataset.loss !== undefined`)
		text := c.str(`document.getElementById("coach-text").textContent`)
		if !strings.HasPrefix(text, "A1 ") || (!strings.Contains(text, "better was") && !strings.Contains(text, "as good as")) {
			t.Errorf("the coach says %q", text)
		}
		c.wait(`document.body.dataset.state === "ready" && Number(document.body.dataset.ply) >= 2`)
		c.click("#coach-takeback")
		c.ready(0)
		if got := c.mainLine(); len(got) != 0 {
			t.Errorf("after the take-back the game holds %v", got)
		}
		if c.num(`document.querySelectorAll('[data-square="A1"].target').length`) != 1 {
			t.Error("after the take-back A1 is not offered again")
		}
		b.front()
	})

	t.Run("move timer", func(t *testing.T) {
		// The address shortens the timer to 1 s, and the page says so.
		m := newBoardPage(t, ctx, br, srv.URL+"/analysis?timer=1", 1280, 1500)
		m.click(`[data-mode-button="local"]`)
		m.click(`input[name="local-players"][value="2"]`)
		if label := m.str(`document.getElementById("local-timer").parentElement.textContent.trim()`); label != "1 s move timer" {
			t.Errorf("the timer's box says %q", label)
		}
		m.click("#local-timer")
		m.click("#local-start")
		m.ready(0)
		// In the setup a time-out puts the stone on the free square
		// nearest the centre.
		m.wait(`document.body.dataset.state === "ready" && Number(document.body.dataset.ply) >= 1`)
		m.click(`[data-mode-button="analysis"]`)
		if first := m.pathMove(1); first != "D4" {
			t.Errorf("the timed-out first placement went to %q, want D4", first)
		}
		if msg := m.str(`document.getElementById("notice").textContent`); !strings.Contains(msg, "Time out") {
			t.Errorf("no time-out notice: %q", msg)
		}
		// Leaving the game stops the clock.
		m.wait(`document.getElementById("clock").hidden`)
		time.Sleep(1500 * time.Millisecond)
		if n := m.ply(); n > 2 {
			t.Errorf("the timer went on playing after the game was left: ply %d", n)
		}
		b.front()
	})

	t.Run("three-player local game with a wall break", func(t *testing.T) {
		b.t = t
		b.click(`[data-mode-button="local"]`)
		b.click(`input[name="local-players"][value="3"]`)
		b.click("#local-start")
		b.ready(0)
		broke := false
		for i := 0; i < 200; i++ {
			if b.str(`document.body.dataset.phase`) == "over" {
				break
			}
			var breaks, turns []string
			for _, m := range b.legal() {
				if strings.HasPrefix(m, "x") {
					breaks = append(breaks, m)
				} else {
					turns = append(turns, m)
				}
			}
			if !broke && len(breaks) > 0 {
				b.play(breaks[0])
				broke = true
				continue
			}
			b.play(turns[0])
		}
		if !broke {
			t.Error("no wall break was offered in the three-player game")
		}
		b.wait(`!document.getElementById("game-over").hidden`)
		if n := b.num(`document.querySelectorAll("#game-over-scores tr").length`); n != 3 {
			t.Errorf("the game-over screen lists %d scores, want 3", n)
		}
		// Review it on the board: every move classified (the break too),
		// the three players' accuracy, a curve per player in its colour.
		n := b.ply()
		b.click("#review-game")
		b.wait(`document.body.dataset.review === "ready"`)
		if got := b.num(`document.querySelectorAll('#move-list [data-line="main"] .badge').length`); got != n {
			t.Errorf("%d classified moves in the list, want %d", got, n)
		}
		if txt := b.str(`document.getElementById("review-accuracy").textContent`); !regexp.MustCompile(`^Accuracy: red \d+\.\d%, blue \d+\.\d%, green \d+\.\d%$`).MatchString(txt) {
			t.Errorf("the review's accuracy line: %q", txt)
		}
		if b.str(`String(document.getElementById("review-rating").hidden)`) != "true" {
			t.Error("a rating estimate is shown for a three-player game")
		}
		b.wait(`document.getElementById("review-curve").complete && document.getElementById("review-curve").naturalWidth > 0`)
		if lines := b.str(`(async () => {
			const svg = await (await fetch("/v1/reviews/" + encodeURIComponent(document.body.dataset.reviewId) + "/winrate.svg")).text();
			return [...svg.matchAll(/<polyline class="curve player (\w+)" data-player="\w+" points="[^"]*" fill="none" stroke="(#[0-9a-f]+)"/g)].map((m) => m[1] + " " + m[2]).join(", ");
		})()`); lines != "red #d7263d, blue #1b65c9, green #2a9d3f" {
			t.Errorf("the board's review curve draws %q, want a line per player in its colour", lines)
		}
		// Its printable report: the three players' accuracy and the curve.
		rp, err := br.NewPage(ctx, 900, 1200)
		b.must(err)
		report := &boardPage{t: t, ctx: ctx, page: rp}
		watchPage(t, rp, &failureWatch{srv: srv})
		report.must(rp.Navigate(ctx, srv.URL+"/report"+b.str(`location.hash`)))
		report.wait(`document.body.dataset.report === "ready" || document.body.dataset.report === "error"`)
		if msg := report.str(`document.getElementById("error").textContent`); msg != "" {
			t.Fatalf("the report says: %s", msg)
		}
		rows := report.str(`[...document.querySelectorAll("#accuracy tbody tr")].map((r) => r.cells[0].textContent + " " + r.cells[2].textContent + " " + r.cells[3].textContent).join("|")`)
		if !regexp.MustCompile(`^red \d+\.\d —\|blue \d+\.\d —\|green \d+\.\d —$`).MatchString(rows) {
			t.Errorf("the report's accuracy rows: %q, want red, blue and green with their points lost a move (the seats' leads) and no rating estimates", rows)
		}
		if alt, w := report.str(`document.getElementById("curve").alt`), report.num(`document.getElementById("curve").naturalWidth`); alt != "Each player's win rate per move" || w == 0 {
			t.Errorf("the report's curve: %q, %d wide", alt, w)
		}
	})

	log.mu.Lock()
	defer log.mu.Unlock()
	for _, p := range log.problems {
		t.Error(p)
	}
	if log.requests == 0 {
		t.Error("no requests seen: the browser log is not wired")
	}
}
