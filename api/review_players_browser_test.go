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

	"github.com/wallzero/wallzero/internal/cdp"
)

// TestReviewPageThreePlayers drives the review page in headless Chromium
// with a whole three-player game (a wall break by each player, Green
// skipped once settled) against the API on a real PostgreSQL with a job
// worker: the review finishes, every move and break is listed and
// classified, the accuracy names the three players, and at each ply shown
// the curve has one line per player in the player's colour with a legend,
// and the win rates name all three. Runs under WALLZERO_BROWSER_TEST=1
// (make browser-test).
func TestReviewPageThreePlayers(t *testing.T) {
	if os.Getenv("WALLZERO_BROWSER_TEST") != "1" {
		t.Skip("skipped: set WALLZERO_BROWSER_TEST=1 (make browser-test) to drive the review page in headless Chromium")
	}
	t.Parallel()
	exe, err := cdp.FindChromium()
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("../service/jobs/testdata/three-player-game.json")
	if err != nil {
		t.Fatal(err)
	}
	var rec struct {
		Moves []string `json:"moves"`
	}
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	srv := startPictureServer(t, true)
	b, err := cdp.Start(exe)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	log := &browserLog{origin: srv.URL}
	b.OnEvent(log.event)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	page, err := b.NewPage(ctx, 1200, 1000)
	if err != nil {
		t.Fatal(err)
	}
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
	must(page.WaitFor(ctx, `document.body.dataset.state === "idle"`))
	must(page.Eval(ctx, `document.getElementById("record").value = `+strconvQuote(string(data))+`;
		document.getElementById("visits").value = "16"; document.getElementById("submit-button").click()`, nil))
	must(page.WaitFor(ctx, `document.body.dataset.state === "ready" || document.body.dataset.state === "error"`))
	if eval(`document.body.dataset.state`) != "ready" {
		t.Fatalf("the review did not finish: %s", text("error"))
	}
	n := len(rec.Moves)
	listed := eval(`[...document.querySelectorAll("#moves tbody tr")].map(r => r.cells[1].textContent + " " + r.cells[2].textContent + " " + r.cells[3].textContent).join("|")`)
	rows := strings.Split(listed, "|")
	if len(rows) != n {
		t.Fatalf("%d moves listed, want %d", len(rows), n)
	}
	colour := map[string]string{"R": "red", "B": "blue", "G": "green"}
	for i, row := range rows {
		f := strings.Fields(row)
		want := strings.Fields(rec.Moves[i])
		if len(f) != 3 || f[0] != colour[want[0]] || f[1] != want[1] || !regexp.MustCompile(`^(best|good|inaccuracy|mistake|blunder)$`).MatchString(f[2]) {
			t.Errorf("row %d: %q, want %s's %s classified", i, row, colour[want[0]], want[1])
		}
	}
	if acc := text("accuracy"); !regexp.MustCompile(`^red \d+\.\d%, blue \d+\.\d%, green \d+\.\d%`).MatchString(acc) {
		t.Errorf("accuracy %q does not name the three players in turn order", acc)
	}
	if r := text("rating"); !strings.Contains(r, "two-player") {
		t.Errorf("rating line %q: want it to say the estimate covers two-player games", r)
	}

	// state checks the curve and the win rates at a ply.
	state := func(ply int) {
		t.Helper()
		must(page.WaitFor(ctx, fmt.Sprintf(`document.getElementById("ply").dataset.ply === "%d"`, ply)))
		must(page.WaitFor(ctx, `["board", "curve"].every(id => { const i = document.getElementById(id); return i.complete && i.naturalWidth > 0; })`))
		var curve struct {
			Lines   []string
			Legend  int
			Current int
		}
		must(page.Eval(ctx, `(async () => {
			const svg = await (await fetch(document.getElementById("curve").dataset.url)).text();
			const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
			return {Lines: [...doc.querySelectorAll("polyline.curve")].map((l) => l.dataset.player + " " + l.getAttribute("stroke") + " " + l.getAttribute("points").split(" ").length),
				Legend: doc.querySelectorAll(".legend-line").length, Current: doc.querySelectorAll("line.current").length};
		})()`, &curve))
		want := []string{fmt.Sprintf("red #d7263d %d", n+1), fmt.Sprintf("blue #1b65c9 %d", n+1), fmt.Sprintf("green #2a9d3f %d", n+1)}
		if strings.Join(curve.Lines, ",") != strings.Join(want, ",") || curve.Legend != 3 || curve.Current != 1 {
			t.Errorf("ply %d: the curve draws %+v, want %v with three legend entries and the current ply", ply, curve, want)
		}
		if wr := text("winrate"); !regexp.MustCompile(`^red \d+\.\d%, blue \d+\.\d%, green \d+\.\d%$`).MatchString(wr) {
			t.Errorf("ply %d: win rates %q", ply, wr)
		}
	}
	state(0)
	// The first wall break (Red's, ply 15) and the turn Red finishes after it.
	must(page.Eval(ctx, `document.querySelector('#moves tr[data-ply="15"]').click()`, nil))
	state(15)
	if next := text("next-move"); !strings.Contains(next, "red") || !strings.Contains(next, "xB6:N") {
		t.Errorf("ply 15: next move %q, want Red's break xB6:N", next)
	}
	must(page.Eval(ctx, `document.activeElement.blur()`, nil))
	must(page.Press(ctx, "ArrowRight"))
	state(16)
	if last, next := text("last-move"), text("next-move"); !strings.Contains(last, "xB6:N") || !strings.Contains(next, "red") {
		t.Errorf("ply 16: last move %q, next %q: want the break, then Red again", last, next)
	}
	must(page.Press(ctx, "End"))
	state(n)

	if path := os.Getenv("WALLZERO_SCREENSHOT_MULTI"); path != "" {
		png, err := page.Screenshot(ctx)
		must(err)
		must(os.WriteFile(path, png, 0o644))
		t.Logf("screenshot of the three-player review: %s", path)
	}
	log.mu.Lock()
	defer log.mu.Unlock()
	for _, p := range log.problems {
		t.Errorf("browser: %s", p)
	}
}
