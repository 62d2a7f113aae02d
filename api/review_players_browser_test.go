package api

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/wallzero/wallzero/internal/testkit/browser"
)

// reviewPageGames are the games TestReviewPageMultiPlayersInBrowser reviews (under
// service/jobs/testdata), and the ply it steps from: the record's mover
// is to move there, and one step on the move that led there is the
// record's and the next mover the record's (a break's mover again; a
// settled player skipped).
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

// TestReviewPageMultiPlayersInBrowser drives the board's review mode in
// headless Chromium with a whole three-player game (a wall break by each
// player, Green skipped once settled) and a whole four-player game (Blue
// and Green skipped once settled) against the API on a real PostgreSQL
// with a job worker: the review finishes, every move and break is listed
// and classified for its mover, the accuracy names every player, no
// rating estimate is shown, and at each ply shown the curve has one line
// per player in the player's colour with a legend, the move that led
// there names its mover and the turn line the next. Runs under
// WALLZERO_BROWSER_TEST=1 (make browser-test).
func TestReviewPageMultiPlayersInBrowser(t *testing.T) {
	if os.Getenv("WALLZERO_BROWSER_TEST") != "1" {
		t.Skip("skipped: set WALLZERO_BROWSER_TEST=1 (make browser-test) to drive the review mode in headless Chromium")
	}
	t.Parallel()
	exe, err := browser.FindChromium()
	if err != nil {
		t.Fatal(err)
	}
	srv := startPictureServer(t, true)
	for _, g := range reviewPageGames {
		t.Run(g.name, func(t *testing.T) {
			reviewPagePlayers(t, exe, srv, g.file, g.players, g.ply)
		})
	}
}

// reviewPagePlayers reviews the game of file in the review mode of srv
// and checks it with its players, stepping from ply.
func reviewPagePlayers(t *testing.T, exe string, srv *pictureServer, file string, players []string, ply int) {
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
	// rates matches "red 41.0%, blue 30.2%, ..." over the players.
	rates := make([]string, len(players))
	for i, p := range players {
		rates[i] = p + ` \d+\.\d%`
	}
	b.liveOff()
	b.submitReview(string(data), "16")

	n := len(rec.Moves)
	var rows []struct{ Move, Class, Badge string }
	b.eval(`[...document.querySelectorAll('#move-list > [data-line="main"]')].map((e) => ({Move: e.dataset.move, Class: e.className,
		Badge: (e.querySelector(".badge") || {}).textContent || ""}))`, &rows)
	if len(rows) != n {
		t.Fatalf("%d moves listed, want %d", len(rows), n)
	}
	colour := map[string]string{"R": "red", "B": "blue", "G": "green", "Y": "yellow"}
	for i, row := range rows {
		want := strings.Fields(rec.Moves[i])
		if row.Move != want[1] || !slices.Contains(strings.Fields(row.Class), colour[want[0]]) ||
			!regexp.MustCompile(`^(best|good|inaccuracy|mistake|blunder)$`).MatchString(row.Badge) {
			t.Errorf("move %d listed as %+v, want %s's %s classified", i+1, row, colour[want[0]], want[1])
		}
	}
	if acc := text("review-accuracy"); !regexp.MustCompile("^Accuracy: " + strings.Join(rates, ", ")).MatchString(acc) {
		t.Errorf("accuracy %q does not name the %d players in turn order", acc, len(players))
	}
	if got := b.str(`document.body.dataset.reviewPlayers`); got != fmt.Sprint(len(players)) {
		t.Errorf("data-review-players %q, want %d", got, len(players))
	}
	if b.str(`String(document.getElementById("review-rating").hidden)`) != "true" {
		t.Errorf("a rating estimate is shown for a %d-player game: %q", len(players), text("review-rating"))
	}

	// state checks the curve at a ply.
	state := func(ply int) {
		t.Helper()
		b.ready(ply)
		b.wait(fmt.Sprintf(`(() => { const i = document.getElementById("review-curve");
			return i.complete && i.naturalWidth > 0 && (i.dataset.url || "").endsWith("?current=%d"); })()`, ply))
		var curve struct {
			Lines   []string
			Legend  int
			Current int
		}
		b.eval(`(async () => {
			const svg = await (await fetch(document.getElementById("review-curve").dataset.url)).text();
			const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
			return {Lines: [...doc.querySelectorAll("polyline.curve")].map((l) => l.dataset.player + " " + l.getAttribute("stroke") + " " + l.getAttribute("points").split(" ").length),
				Legend: doc.querySelectorAll(".legend-line").length, Current: doc.querySelectorAll("line.current").length};
		})()`, &curve)
		stroke := map[string]string{"red": "#d7263d", "blue": "#1b65c9", "green": "#2a9d3f", "yellow": "#e8b400"}
		var want []string
		for _, p := range players {
			want = append(want, fmt.Sprintf("%s %s %d", p, stroke[p], n+1))
		}
		if strings.Join(curve.Lines, ",") != strings.Join(want, ",") || curve.Legend != len(players) || curve.Current != 1 {
			t.Errorf("ply %d: the curve draws %+v, want %v with %d legend entries and the current ply", ply, curve, want, len(players))
		}
	}
	state(0)
	move := strings.Fields(rec.Moves[ply])
	mover, next := colour[move[0]], colour[strings.Fields(rec.Moves[ply+1])[0]]
	b.click(fmt.Sprintf(`#move-list [data-line="main"][data-ply="%d"]`, ply))
	state(ply)
	if s := text("to-move"); !strings.HasPrefix(s, mover+" ") {
		t.Errorf("ply %d: the turn line %q, want %s to move", ply, s, mover)
	}
	b.click("#ply") // the focus off the move list
	b.must(b.page.Press(ctx, "ArrowRight"))
	state(ply + 1)
	if line, s := text("review-move"), text("to-move"); !strings.HasPrefix(line, fmt.Sprintf("%d. %s %s: ", ply+1, mover, move[1])) || !strings.HasPrefix(s, next+" ") {
		t.Errorf("ply %d: review line %q, turn line %q: want %s's %s, then %s to move", ply+1, line, s, mover, move[1], next)
	}
	b.must(b.page.Press(ctx, "End"))
	state(n)

	if path := os.Getenv("WALLZERO_SCREENSHOT_MULTI"); path != "" && len(players) == 3 {
		png, err := b.page.Screenshot(ctx)
		b.must(err)
		b.must(os.WriteFile(path, png, 0o644))
		t.Logf("screenshot of the three-player review: %s", path)
	}
	log.mu.Lock()
	defer log.mu.Unlock()
	for _, p := range log.problems {
		t.Errorf("browser: %s", p)
	}
}
