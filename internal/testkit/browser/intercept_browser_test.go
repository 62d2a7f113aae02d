package browser

import (
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
)

// TestInterceptInBrowser: Intercept answers the requests its pattern
// matches (a response the server never gave, or a network failure) and
// lets the others through; after stop the server answers again.
func TestInterceptInBrowser(t *testing.T) {
	t.Parallel()
	b := start(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/":
			_, _ = w.Write([]byte(`<!doctype html><body>page</body>`))
		default:
			_, _ = w.Write([]byte(`{"from": "server"}`))
		}
	}))
	defer srv.Close()
	ctx, p := openPage(t, b, 30*time.Second, srv.URL+"/")
	get := func(path string) string {
		t.Helper()
		var got string
		if err := p.Eval(ctx, `fetch(`+"`"+path+"`"+`).then(async (r) => r.status + " " + (await r.text())).catch((e) => "failed: " + e.name)`, &got); err != nil {
			t.Fatal(err)
		}
		return got
	}
	var mu sync.Mutex
	var seen []string
	stop, err := p.Intercept(ctx, "*/v1/puzzles*", func(r *network.Request) Reply {
		mu.Lock()
		seen = append(seen, r.Method+" "+r.URL)
		mu.Unlock()
		if r.Method == "DELETE" {
			return Reply{Fail: network.ErrorReasonFailed}
		}
		return JSONReply([]byte(`{"from": "test"}`))
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := get("/v1/puzzles?x=1"); got != `200 {"from": "test"}` {
		t.Errorf("intercepted request answered %q", got)
	}
	if got := get("/v1/other"); got != `200 {"from": "server"}` {
		t.Errorf("a request the pattern does not match answered %q", got)
	}
	var failed string
	if err := p.Eval(ctx, `fetch("/v1/puzzles", {method: "DELETE"}).then(() => "answered").catch((e) => "failed: " + e.name)`, &failed); err != nil {
		t.Fatal(err)
	}
	if failed != "failed: TypeError" {
		t.Errorf("a failed request: %q", failed)
	}
	stop()
	if got := get("/v1/puzzles"); got != `200 {"from": "server"}` {
		t.Errorf("after stop the request answered %q", got)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(seen) != 2 || seen[0] != "GET "+srv.URL+"/v1/puzzles?x=1" || seen[1] != "DELETE "+srv.URL+"/v1/puzzles" {
		t.Errorf("the interception saw %q, want the GET and the DELETE it answered", seen)
	}
}
