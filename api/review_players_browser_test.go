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

	"github.com/wallzero/wallzero/internal/testkit/browser"
)

// reviewPageGames are the games TestReviewPageMultiPlayersInBrowser reviews (under
// service/jobs/testdata), and the ply it steps from: the page's next move
// there is the record's, and one step on the last move is that move and
// the next mover the record's (a break's mover again; a settled player
// skipped).
var reviewPageGames = []struct {
	name, file string
	players    []string
	ply        int
}{
	// Red's wall break xB6:N, after which Red finishes the turn.
	{"three", "three-player-game.json", []string{"red", "blue", "green"}, 15},
	// Red's B7-B7:W, after which Yellow plays: Blue and Green have settled.
	{"four", "four-player-game.json", []string{"red", "blue", "green", "yellow"}, 56},
}

// TestReviewPageMultiPlayersInBrowser drives the review page in headless Chromium
// with a whole three-player game (a wall break by each player, Green
// skipped once settled) and a whole four-player game (Blue and Green
// skipped once settled) against the API on a real PostgreSQL with a job
// worker: the review finishes, every move and break is listed and
// classified for its mover, the accuracy names every player, and at each
// ply shown the curve has one line per player in the player's colour with
// a legend, and the win rates name every player. Runs under
// WALLZERO_BROWSER_TEST=1 (make browser-test).
func TestReviewPageMultiPlayersInBrowser(t *testing.T) {
	if os.Getenv("WALLZERO_BROWSER_TEST") != "1" {
		t.Skip("skipped: set WALLZERO_BROWSER_TEST=1 (make browser-test) to drive the review page in headless Chromium")
	}
	t.Parallel()
	exe, err := browser.FindChromium()
	if err != nil {
		t.Fatal(err)
	}
	srv := startPictureServer(t, true)
	for _, g := range reviewPageGames {
		t.Run(g.name, func(t *testing.T) {
			reviewPagePlayers(t, exe, srv.URL, g.file, g.players, g.ply)
		})
	}
}

// reviewPagePlayers reviews the game of file on the page of the server at
// origin and checks it with its players, stepping from ply.
func reviewPagePlayers(t *testing.T, exe, origin, file string, players []string, ply int) {
	data, err := os.ReadFile("../service/jobs/testdata/" + file)
	if err != nil {
		t.Fatal(err)
	}
	var rec struct {
		Moves []string `json:"moves"`
	}
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	b, err := browser.Start(exe)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	log := &browserLog{origin: origin}
	b.OnEvent(log.event)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	page, err := b.NewPage(ctx, 1200, 1000)
	if err != nil {
		t.Fatal(err)
	}
	watchPage(t, page, &failureWatch{})
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
	// rates matches "red 41.0%, blue 30.2%, ..." over the players.
	rates := make([]string, len(players))
	for i, p := range players {
		rates[i] = p + ` \d+\.\d%`
	}
	perPlayer := "^" + strings.Join(rates, ", ")

	must(page.Navigate(ctx, origin+"/review"))
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
	colour := map[string]string{"R": "red", "B": "blue", "G": "green", "Y": "yellow"}
	for i, row := range rows {
		f := strings.Fields(row)
		want := strings.Fields(rec.Moves[i])
		if len(f) != 3 || f[0] != colour[want[0]] || f[1] != want[1] || !regexp.MustCompile(`^(best|good|inaccuracy|mistake|blunder)$`).MatchString(f[2]) {
			t.Errorf("row %d: %q, want %s's %s classified", i, row, colour[want[0]], want[1])
		}
	}
	if acc := text("accuracy"); !regexp.MustCompile(perPlayer).MatchString(acc) {
		t.Errorf("accuracy %q does not name the %d players in turn order", acc, len(players))
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
		stroke := map[string]string{"red": "#d7263d", "blue": "#1b65c9", "green": "#2a9d3f", "yellow": "#e8b400"}
		var want []string
		for _, p := range players {
			want = append(want, fmt.Sprintf("%s %s %d", p, stroke[p], n+1))
		}
		if strings.Join(curve.Lines, ",") != strings.Join(want, ",") || curve.Legend != len(players) || curve.Current != 1 {
			t.Errorf("ply %d: the curve draws %+v, want %v with %d legend entries and the current ply", ply, curve, want, len(players))
		}
		if wr := text("winrate"); !regexp.MustCompile(perPlayer + "$").MatchString(wr) {
			t.Errorf("ply %d: win rates %q", ply, wr)
		}
	}
	state(0)
	move := strings.Fields(rec.Moves[ply])
	mover, next := colour[move[0]], colour[strings.Fields(rec.Moves[ply+1])[0]]
	must(page.Eval(ctx, fmt.Sprintf(`document.querySelector('#moves tr[data-ply="%d"]').click()`, ply), nil))
	state(ply)
	if s := text("next-move"); !strings.Contains(s, mover) || !strings.Contains(s, move[1]) {
		t.Errorf("ply %d: next move %q, want %s's %s", ply, s, mover, move[1])
	}
	must(page.Eval(ctx, `document.activeElement.blur()`, nil))
	must(page.Press(ctx, "ArrowRight"))
	state(ply + 1)
	if last, s := text("last-move"), text("next-move"); !strings.Contains(last, move[1]) || !strings.Contains(s, next) {
		t.Errorf("ply %d: last move %q, next %q: want %s, then %s to move", ply+1, last, s, move[1], next)
	}
	must(page.Press(ctx, "End"))
	state(n)

	if path := os.Getenv("WALLZERO_SCREENSHOT_MULTI"); path != "" && len(players) == 3 {
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
