package api

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/wallzero/wallzero/api/workspace"
	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/internal/testkit/browser"
	"github.com/wallzero/wallzero/internal/testkit/storetest"
	"github.com/wallzero/wallzero/service"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/rating"
	"github.com/wallzero/wallzero/store"
)

// workspaceVisits is the visits a position of the workspace test's
// background reviews: few, so that 30 games are reviewed in seconds, and
// enough for the heuristic search to find mistakes with clear answers
// (the drill cards).
const workspaceVisits = 32

// startWorkspaceServer is the whole API with the heuristic evaluator, a
// real PostgreSQL and a job worker, its reviews at visits a position.
func startWorkspaceServer(t *testing.T, visits int) *pictureServer {
	t.Helper()
	serverLog := &lockedBuffer{}
	quiet := slog.New(slog.NewTextHandler(serverLog, nil))
	an := analysis.NewAnalyzer(analysis.Evaluators{Heuristic: inference.Heuristic{}, HeuristicModel: inference.HeuristicModelID}, analysis.DefaultLimits())
	st, err := store.Open(context.Background(), storetest.URL(t), store.Options{Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(st.Close)
	// A rating calibration of the heuristic's reviews at these visits, so
	// that the player page plots an estimate by game (boardRatings' terms).
	path := filepath.Join(t.TempDir(), rating.FileName)
	calib := strings.Replace(boardRatings, `"visits": 200`, fmt.Sprintf(`"visits": %d`, visits), 1)
	if err := os.WriteFile(path, []byte(calib), 0o600); err != nil {
		t.Fatal(err)
	}
	ratings, err := rating.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	cfg := service.DefaultConfig()
	cfg.ReviewVisits, cfg.JobParallel = visits, 2
	svc := service.New(cfg, service.Deps{Analyzer: an, Logger: quiet, Store: st, Ratings: ratings})
	w, err := st.StartWorker(context.Background(), store.WorkerConfig{Workers: svc.Jobs().Workers(), MaxWorkers: 2, PollInterval: 100 * time.Millisecond, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Stop(context.Background(), 5*time.Second) })
	acfg := DefaultConfig()
	acfg.Logger = quiet
	srv := httptest.NewServer(withPictures(t, New(DepsOf(svc), acfg), svc, acfg))
	t.Cleanup(srv.Close)
	return &pictureServer{Server: srv, svc: svc, log: serverLog}
}

// startWorkspaceBrowser starts the workspace's server with reviews of
// visits, and a headless Chromium watched as every browser test watches
// it (its tabs' console, requests to other hosts), for a test of at most
// limit; the server, the browser, its request log and the test's context
// end with the test.
func startWorkspaceBrowser(t *testing.T, visits int, limit time.Duration) (*pictureServer, *browser.Browser, *browserLog, context.Context) {
	t.Helper()
	exe, err := browser.FindChromium()
	if err != nil {
		t.Fatal(err)
	}
	srv := startWorkspaceServer(t, visits)
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	t.Cleanup(cancel)
	br, err := browser.Start(exe)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { br.Close() })
	watchBrowser(t, br, srv)
	log := &browserLog{origin: srv.URL}
	br.OnEvent(log.event)
	return srv, br, log, ctx
}

// classGames writes n JSON lines of agent games between three players
// (Ana, Ben and Cleo, each pair in turn, colours swapped every three
// games), one a day from 1 November 2026.
func classGames(t *testing.T, n int) string {
	t.Helper()
	names := []string{"Ana", "Ben", "Cleo"}
	var b strings.Builder
	for i := range n {
		line, _ := json.Marshal(map[string]any{
			"rules":   map[string]any{"players": 2, "opening": "four-stone", "stay": "always", "tieBreak": "largest-region"},
			"moves":   agentGame(t, i),
			"players": map[string]string{"red": names[(i+i/3%2)%3], "blue": names[(i+1-i/3%2)%3]},
			"date":    time.Date(2026, 11, 1+i, 0, 0, 0, 0, time.UTC).Format("2006-01-02"),
			"event":   "club night",
		})
		b.Write(line)
		b.WriteByte('\n')
	}
	return b.String()
}

// TestWorkspacePagesInBrowser drives the coach's workspace pages in
// headless Chromium against the API on a real PostgreSQL with a job
// worker: from an empty workspace the coach makes a collection with the
// keyboard, sees a pasted import with a bad line rejected by its number,
// uploads a file of 30 games of three players, watches the background
// reviews' progress to the end, opens a player's page (three plots,
// mistakes, openings, the comparison, games that open their review on
// the board, a download of the games as JSON lines), works three drill
// cards by clicking moves (one "again", two "good") and sees their
// schedule change, renames a player and deletes the collection (asked
// twice). No page scrolls sideways on a phone, and none asks another host. $WALLZERO_SCREENSHOT_DIR, when set,
// receives the three pages' pictures for docs/.
func TestWorkspacePagesInBrowser(t *testing.T) {
	if os.Getenv("WALLZERO_BROWSER_TEST") != "1" {
		t.Skip("skipped: set WALLZERO_BROWSER_TEST=1 (make browser-test) to drive the workspace pages in headless Chromium")
	}
	t.Parallel()
	srv, br, log, ctx := startWorkspaceBrowser(t, workspaceVisits, 9*time.Minute)

	// The dashboard: an empty workspace; a collection made with the keyboard.
	d := newBoardPage(t, ctx, br, srv.URL+"/workspace", 1200, 1000)
	if n := d.num(`document.querySelectorAll("#collection-list a").length`); n != 0 {
		t.Fatalf("%d collections in an empty workspace", n)
	}
	d.typeText("#collection-name", "Thursday class")
	// Enter in the field submits its form (a key that types "\r": Press's raw key does not).
	d.must(d.page.Do(ctx, chromedp.KeyEvent(kb.Enter)))
	d.wait(`!document.getElementById("collection-box").hidden && document.getElementById("collection-title").textContent === "Thursday class"`)
	coll := d.str(`new URLSearchParams(location.search).get("collection")`)
	d.wait(`document.querySelector('#collection-list a[aria-current="page"]') !== null`)

	// A pasted import with a bad line: nothing imported, the line named
	// (the page's 400 is expected).
	log.expect(1, http.StatusBadRequest, "/v1/collections/"+coll+"/games?onError=reject")
	bad := classGames(t, 1) + `{"rules":{"players":2,"opening":"four-stone"},"moves":["C3","E3","C5","E5","E5-E9:N"],"players":{"red":"Ana","blue":"Ben"}}` + "\n"
	d.typeText("#import-text", bad)
	d.wait(`document.getElementById("import-preview").textContent.startsWith("2 games as JSON lines; players: Ana, Ben")`)
	d.click("#import-submit")
	d.wait(`document.body.dataset.import === "rejected"`)
	if got := d.str(`[...document.querySelectorAll("#import-problems li")].map(li => li.dataset.line + " " + li.textContent).join("|")`); !strings.HasPrefix(got, `2 line 2 moves[4]: "E5-E9:N"`) {
		t.Errorf("the rejected import's lines: %q", got)
	}
	if n := d.num(`document.querySelectorAll("#game-table tbody tr").length`); n != 0 {
		t.Errorf("%d games after a rejected import", n)
	}

	// The file of 30 games: the reviews run in the background.
	file := filepath.Join(t.TempDir(), "class.jsonl")
	d.must(os.WriteFile(file, []byte(classGames(t, 30)), 0o600))
	d.must(d.page.Do(ctx, chromedp.SetUploadFiles(chromedp.CSS("#import-file"), []string{file})))
	d.wait(`document.getElementById("import-preview").textContent.startsWith("30 games as JSON lines; players: Ana, Ben, Cleo")`)
	d.click("#import-submit")
	d.wait(`document.body.dataset.import === "done"`)
	if got := d.str(`document.getElementById("import-result").textContent`); got != "30 games imported." {
		t.Errorf("import result %q", got)
	}
	d.wait(`document.body.dataset.progress === "running" || document.body.dataset.progress === "finished"`)
	start := time.Now()
	seen, shot := map[string]bool{}, false
	for deadline := start.Add(6 * time.Minute); ; time.Sleep(300 * time.Millisecond) {
		var p struct {
			State, Text string
			Done, Total int
		}
		d.eval(`({state: document.body.dataset.progress, text: document.getElementById("progress-text").textContent,
			done: Number(document.getElementById("progress-box").dataset.done), total: Number(document.getElementById("progress-box").dataset.total)})`, &p)
		seen[p.State+" "+strconv.Itoa(p.Done)] = true
		if p.Total != 30 {
			t.Fatalf("progress total %d, want 30: %q", p.Total, p.Text)
		}
		if p.State == "running" && !strings.Contains(p.Text, "of 30 games reviewed") {
			t.Errorf("running progress text %q", p.Text)
		}
		if p.State == "running" && p.Done >= 10 && !shot && strings.Contains(p.Text, " left") {
			d.shoot("workspace-dashboard.png")
			shot = true
		}
		if p.State == "finished" {
			if p.Done != 30 || p.Text != "30 of 30 games reviewed." {
				t.Fatalf("finished progress: %d %q", p.Done, p.Text)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the reviews did not finish: %+v", p)
		}
	}
	t.Logf("30 games reviewed in the background in %v (%d visits a position); progress states seen: %d", time.Since(start).Round(time.Second), workspaceVisits, len(seen))
	if len(seen) < 3 {
		t.Errorf("the progress did not move live: %v", seen)
	}
	d.wait(`document.querySelectorAll('#game-table tbody tr[data-status="succeeded"] a').length === 30`)

	// A player's page: plots, mistakes, openings, comparison, games.
	ana := d.str(`document.querySelector('#player-table tr[data-name="Ana"]').dataset.player`)
	d.click(`#player-table tr[data-name="Ana"] a`)
	d.wait(`document.body.dataset.page === "player" && document.body.dataset.state === "ready"`)
	if got := d.str(`document.getElementById("player-name").textContent`); got != "Ana" {
		t.Errorf("player page of %q", got)
	}
	var prof workspace.Profile
	getJSON(t, srv.URL+"/v1/players/"+ana, &prof)
	for _, id := range []string{"plot-accuracy", "plot-points", "plot-rating"} {
		want := len(prof.Games)
		if id == "plot-rating" {
			want = 0
			for _, g := range prof.Games {
				if g.Rating != nil {
					want++
				}
			}
		}
		if n := d.num(fmt.Sprintf(`Number(document.querySelector("#%s svg").dataset.points)`, id)); n != want || n == 0 {
			t.Errorf("%s: %d points, want %d (and some)", id, n, want)
		}
	}
	if n := d.num(`document.querySelectorAll("#plot-accuracy circle").length`); n != prof.Reviewed || n < 10 {
		t.Errorf("accuracy plot: %d dots for %d reviewed games", n, prof.Reviewed)
	}
	total := 0
	for _, v := range prof.Mistakes.ByClass {
		total += v
	}
	if got := d.num(`Number(document.getElementById("mistakes-box").dataset.total)`); got != total || total == 0 {
		t.Errorf("mistakes shown %d, profile %d", got, total)
	}
	if got := d.str(`document.querySelector('#mistakes-phase tr[data-key="middlegame"] td:last-child').textContent`); got != strconv.Itoa(prof.Mistakes.ByPhase["middlegame"]) {
		t.Errorf("middlegame mistakes shown %s, profile %d", got, prof.Mistakes.ByPhase["middlegame"])
	}
	if n := d.num(`document.querySelectorAll("#openings tbody tr").length`); n != len(prof.Openings) || n == 0 {
		t.Errorf("%d openings shown, profile %d", n, len(prof.Openings))
	}
	if n := d.num(`document.querySelectorAll("#comparison tbody tr").length`); n != 3 {
		t.Errorf("%d players compared, want 3", n)
	}
	if n := d.num(`document.querySelectorAll('#games a[href^="/analysis#review="]').length`); n != len(prof.Games) {
		t.Errorf("%d games open a review, want %d", n, len(prof.Games))
	}
	d.shoot("workspace-player.png")
	// The download: the file the browser saves is the export, a line a game.
	dl := t.TempDir()
	_, err := browser.Call(ctx, d.page, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dl})
	d.must(err)
	d.click("#export-games")
	d.wait(`document.body.dataset.export === "done"`)
	var ex struct {
		File  string
		Lines int
	}
	d.eval(`({file: document.getElementById("export-games").dataset.file, lines: Number(document.getElementById("export-games").dataset.lines)})`, &ex)
	if ex.File != "Ana-games.jsonl" || ex.Lines != len(prof.Games) || ex.Lines == 0 {
		t.Errorf("the download: %+v, want Ana-games.jsonl of %d lines", ex, len(prof.Games))
	}
	export := getBody(t, srv.URL+"/v1/players/"+ana+"/games")
	if n := strings.Count(export, "\n"); n != len(prof.Games) {
		t.Errorf("the export has %d lines, the profile %d games", n, len(prof.Games))
	}
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		saved, err := os.ReadFile(filepath.Join(dl, ex.File))
		if err == nil && string(saved) == export {
			break
		}
		if time.Now().After(deadline) {
			t.Errorf("the browser saved no %s equal to the export (%d bytes, %v)", ex.File, len(saved), err)
			break
		}
	}
	// A game opens its review on the board.
	review := d.str(`document.querySelector("#games tbody tr").dataset.review`)
	d.click(`#games tbody tr a`)
	d.wait(`document.body.dataset.review === "ready" && location.hash === "#review=` + review + `"`)
	d.must(d.page.Navigate(ctx, srv.URL+"/workspace/player?id="+ana))
	d.wait(`document.body.dataset.page === "player" && document.body.dataset.state === "ready"`)

	// Drills: three cards, one "again" (a wrong move), two "good" (the answer).
	// The cards: each listing takes the puzzles of up to ten more reviewed
	// games (deep searches, slow under -race), so list until none is pending.
	var drills workspace.DrillList
	for getJSON(t, srv.URL+"/v1/players/"+ana+"/drills", &drills); drills.Pending > 0; {
		getJSON(t, srv.URL+"/v1/players/"+ana+"/drills", &drills)
	}
	if len(drills.Cards) < 3 {
		t.Fatalf("Ana has %d drill cards, want at least 3 (pending %d)", len(drills.Cards), drills.Pending)
	}
	solution, record := map[string]string{}, map[string]any{}
	for _, c := range drills.Cards {
		solution[c.Card], record[c.Card] = c.Puzzle.Solution, c.Puzzle.Record
	}
	d.click("#drills-link")
	d.wait(`document.body.dataset.page === "drills" && document.body.dataset.drill === "open"`)
	for i, rating := range []string{"again", "good", "good"} {
		card := d.str(`document.body.dataset.card`)
		move := solution[card]
		if rating == "again" {
			move = otherMove(t, srv.URL, record[card], move)
		}
		d.clickDrillMove(move)
		d.wait(`document.body.dataset.drill === "answered"`)
		if right := d.str(`document.getElementById("drill-verdict").dataset.right`); right != strconv.FormatBool(rating != "again") {
			t.Errorf("card %s, move %s: verdict right=%s (%q)", card, move, right, d.str(`document.getElementById("drill-verdict").textContent`))
		}
		if i == 1 {
			d.shoot("workspace-drills.png")
		}
		d.click(`[data-rating="` + rating + `"]`)
		d.wait(fmt.Sprintf(`document.body.dataset.rated === "%d" && document.body.dataset.drill !== "rating" && document.body.dataset.drill !== "loading"`, i+1))
		var li struct{ Card, Rating, Due, Text string }
		d.eval(`(() => { const li = [...document.querySelectorAll("#schedule li")].pop(); return {card: li.dataset.card, rating: li.dataset.rating, due: li.dataset.due, text: li.textContent}; })()`, &li)
		due, err := time.Parse(time.RFC3339Nano, li.Due)
		if li.Card != card || li.Rating != rating || err != nil || !due.After(time.Now()) || !strings.Contains(li.Text, rating+": due now → due ") {
			t.Errorf("schedule change of card %s (%s): %+v (%v)", card, rating, li, err)
		}
		if got := d.str(`document.querySelector('#card-list li[data-card="` + card + `"]').textContent`); strings.Contains(got, "due now") {
			t.Errorf("card %s still due now after %s: %q", card, rating, got)
		}
	}
	getJSON(t, srv.URL+"/v1/players/"+ana+"/drills", &drills)
	if drills.Due != len(drills.Cards)-3 {
		t.Errorf("after three answers %d of %d cards due", drills.Due, len(drills.Cards))
	}

	// A phone's width: no page scrolls sideways.
	ph, err := br.NewPage(ctx, 390, 844)
	d.must(err)
	d.must(ph.EmulatePhone(ctx, 390, 844))
	for _, u := range []string{"/workspace?collection=" + coll, "/workspace/player?id=" + ana, "/workspace/drills?player=" + ana} {
		d.must(ph.Navigate(ctx, srv.URL+u))
		d.must(ph.WaitFor(ctx, `document.body.dataset.state === "ready"`))
		var wide bool
		d.must(ph.Eval(ctx, `document.documentElement.scrollWidth > window.innerWidth + 1`, &wide))
		if wide {
			t.Errorf("%s scrolls sideways on a phone", u)
		}
	}
	// The dashboard: a player renamed; the collection deleted, asked twice.
	d.must(d.page.Navigate(ctx, srv.URL+"/workspace?collection="+coll))
	d.wait(`document.body.dataset.state === "ready" && !document.getElementById("collection-box").hidden`)
	ben := d.str(`document.querySelector('#player-table tr[data-name="Ben"]').dataset.player`)
	d.must(d.page.Do(ctx, chromedp.SetValue(chromedp.CSS("#player-pick"), ben)))
	d.typeText("#player-new-name", "Benjamin")
	d.click("#rename-player")
	d.wait(`document.querySelector('#player-table tr[data-name="Benjamin"]')?.dataset.player === "` + ben + `"`)
	if n := d.num(`document.querySelectorAll('#player-table tr[data-name="Ben"]').length`); n != 0 {
		t.Errorf("%d rows still name Ben", n)
	}
	if got := d.str(`document.querySelector('#player-table tr[data-name="Benjamin"] a').textContent`); got != "Benjamin" {
		t.Errorf("the renamed player's link reads %q", got)
	}
	d.click("#delete-collection")
	if got := d.str(`document.getElementById("delete-collection").textContent`); got != "Really delete Thursday class?" {
		t.Errorf("the first press of delete: %q", got)
	}
	if n := d.num(`document.querySelectorAll('#collection-list a[data-collection="` + coll + `"]').length`); n != 1 {
		t.Errorf("the collection left the list after one press (%d)", n)
	}
	d.click("#delete-collection")
	d.wait(`document.getElementById("collection-box").hidden && document.querySelectorAll('#collection-list a[data-collection="` + coll + `"]').length === 0`)
	if got := d.str(`location.pathname + location.search + " | " + document.getElementById("collection-list").textContent`); got != "/workspace | No collection yet: make one." {
		t.Errorf("after the delete: %q", got)
	}
	if p := log.problems; len(p) > 0 {
		t.Errorf("the pages logged problems: %v", p)
	}
}

// clickDrillMove makes the clicks of move on the drill page's board.
func (b *boardPage) clickDrillMove(move string) {
	b.t.Helper()
	from, rest, turn := strings.Cut(move, "-")
	if !turn {
		b.click(sel("data-square", move))
		return
	}
	to, side, _ := strings.Cut(rest, ":")
	b.click(sel("data-square", from))
	b.wait(`document.querySelector('[data-square="` + from + `"]').classList.contains("selected")`)
	b.click(sel("data-square", to))
	b.wait(`document.querySelector('[data-wall="` + to + ":" + side + `"]') !== null`)
	b.click(sel("data-wall", to+":"+side))
}

// otherMove is a legal move of rec's position that is not move (the
// server's legal moves, POST /v1/position).
func otherMove(t *testing.T, base string, rec any, move string) string {
	t.Helper()
	body, _ := json.Marshal(rec)
	res, err := http.Post(base+"/v1/position", "application/json", strings.NewReader(string(body)))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var pos struct {
		LegalMoves []string `json:"legalMoves"`
	}
	if err := json.NewDecoder(res.Body).Decode(&pos); err != nil {
		t.Fatal(err)
	}
	for _, m := range pos.LegalMoves {
		if m != move {
			return m
		}
	}
	t.Fatalf("no legal move but %s", move)
	return ""
}

// getJSON fetches url (no key: the server runs with -auth off) into out.
func getJSON(t *testing.T, url string, out any) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d", url, res.StatusCode)
	}
	if err := json.NewDecoder(res.Body).Decode(out); err != nil {
		t.Fatal(err)
	}
}

// getBody fetches url's body as text (no key: the server runs with -auth off).
func getBody(t *testing.T, url string) string {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d %v", url, res.StatusCode, err)
	}
	return string(b)
}
