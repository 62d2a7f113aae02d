package api

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/wallzero/wallzero/internal/cdp"
)

// boardPage drives the analysis board in one tab with clicks, as a
// person would, and fails the test on the first step that does not work.
type boardPage struct {
	t    *testing.T
	ctx  context.Context
	page *cdp.Page
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

// sel quotes a value for an attribute selector.
func sel(attr, value string) string { return fmt.Sprintf(`[%s=%q]`, attr, value) }

// ready waits until the board shows the position after ply moves.
func (b *boardPage) ready(ply int) {
	b.t.Helper()
	b.wait(fmt.Sprintf(`document.body.dataset.state === "ready" && document.body.dataset.ply === "%d"`, ply))
}

// ply is the number of moves to the position shown.
func (b *boardPage) ply() int {
	b.t.Helper()
	return b.num(`Number(document.body.dataset.ply)`)
}

// play enters one move with clicks: a placement is one square; a turn is
// the stone, its destination (the stone again to stay) and a wall slot; a
// break is the break button and the wall.
func (b *boardPage) play(move string) {
	b.t.Helper()
	before := b.ply()
	switch {
	case strings.HasPrefix(move, "x"):
		b.click("#break-toggle")
		b.click(sel("data-wall", move[1:]))
	case strings.Contains(move, "-"):
		from, rest, _ := strings.Cut(move, "-")
		to, side, _ := strings.Cut(rest, ":")
		b.click(sel("data-square", from))
		b.click(sel("data-square", to))
		b.click(sel("data-wall", to+":"+side))
	default:
		b.click(sel("data-square", move))
	}
	b.ready(before + 1)
	if got := b.str(`WZ.app.cur.move || ""`); got != move {
		b.t.Fatalf("clicked %s, the board played %q", move, got)
	}
}

// legal is the legal moves of the position shown.
func (b *boardPage) legal() []string {
	b.t.Helper()
	var m []string
	b.eval(`WZ.app.pos.legalMoves`, &m)
	return m
}

// mainLine is the main line's moves as the move list shows them.
func (b *boardPage) mainLine() []string {
	b.t.Helper()
	var m []string
	b.eval(`[...document.querySelectorAll('#move-list > [data-line="main"]')].map(e => e.textContent.replace(/^\d+\. (\S+ )?/, "").replace(/(best|good|inaccuracy|mistake|blunder)$/, ""))`, &m)
	return m
}

// tree is the game tree in its share form (moves and variations).
func (b *boardPage) tree() string {
	b.t.Helper()
	return b.str(`JSON.stringify(WZ.app.tree.toJSON())`)
}

// typeText focuses a text field by clicking it and types text into it.
func (b *boardPage) typeText(selector, text string) {
	b.t.Helper()
	b.click(selector)
	b.eval(`document.querySelector(`+jsQuote(selector)+`).select()`, nil)
	b.must(b.page.Call(b.ctx, "Input.insertText", map[string]any{"text": text}, nil))
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
func newBoardPage(t *testing.T, ctx context.Context, b *cdp.Browser, url string, w, h int) *boardPage {
	t.Helper()
	p, err := b.NewPage(ctx, w, h)
	if err != nil {
		t.Fatal(err)
	}
	bp := &boardPage{t: t, ctx: ctx, page: p}
	bp.must(p.Navigate(ctx, url))
	bp.wait(`document.body.dataset.state === "ready"`)
	return bp
}

// waitAnalysis waits for the live analysis of the position shown to end
// and returns its candidates.
func (b *boardPage) waitAnalysis(turn int) []string {
	b.t.Helper()
	b.wait(fmt.Sprintf(`document.body.dataset.analysis === "done" && WZ.app.live.last && WZ.app.live.last.turnNumber === %d`, turn))
	var c []string
	b.eval(`[...document.querySelectorAll("#candidates li[data-move]")].map(e => e.dataset.move)`, &c)
	return c
}

var _ = time.Second

// startBoardServer is the whole API for the board's browser test: the
// heuristic evaluator, a real PostgreSQL and a job worker.
func startBoardServer(t *testing.T) *pictureServer {
	t.Helper()
	return startPictureServerAuth(t, true, true, false)
}
