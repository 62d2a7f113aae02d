package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/wallzero/wallzero/api"
	"github.com/wallzero/wallzero/api/wire"
	"github.com/wallzero/wallzero/service/access"
	"github.com/wallzero/wallzero/service/jobs"
	"github.com/wallzero/wallzero/store"
)

// answer is one HTTP answer of the auth tests.
type answer struct {
	code   int
	header http.Header
	body   []byte
}

// errBody decodes an error answer.
func (a answer) err(t *testing.T) api.ErrorBody {
	t.Helper()
	var e api.ErrorResponse
	if err := json.Unmarshal(a.body, &e); err != nil {
		t.Fatalf("%d %s: %v", a.code, a.body, err)
	}
	return e.Error
}

// as sends a request with `Authorization: Bearer token` (none when token
// is empty).
func (ts *testServer) as(token, method, path string, body string) answer {
	ts.t.Helper()
	var header map[string]string
	if token != "" {
		header = map[string]string{"Authorization": "Bearer " + token}
	}
	r := ts.send(method, path, body, header)
	return answer{r.status, r.header, r.body}
}

// key creates an API key and returns its token.
func (ts *testServer) key(name string, q store.KeyQuotas) string {
	ts.t.Helper()
	token, _, err := access.CreateKey(context.Background(), ts.store, name, q)
	if err != nil {
		ts.t.Fatal(err)
	}
	return token
}

func wantUnauthorized(t *testing.T, what string, a answer) {
	t.Helper()
	if a.code != http.StatusUnauthorized || !strings.HasPrefix(a.header.Get("WWW-Authenticate"), "Bearer") {
		t.Errorf("%s: %d, WWW-Authenticate %q; want 401 with a Bearer challenge", what, a.code, a.header.Get("WWW-Authenticate"))
		return
	}
	if e := a.err(t); e.Code != "unauthorized" || e.Message == "" {
		t.Errorf("%s: error %+v", what, e)
	}
}

const analyzeBody = `{"moves":["C3","E3","C5","E5"],"maxVisits":%d}`

// TestAuthRequired: under -auth required every /v1 endpoint needs a key;
// a missing, malformed, unknown or revoked one gets 401; the operational
// endpoints stay open.
func TestAuthRequired(t *testing.T) {
	t.Parallel()
	ts := start(t, newDatabase(t), options{auth: true, authTTL: 100 * time.Millisecond})
	for _, p := range []string{"/healthz", "/readyz", "/metrics", "/docs", "/openapi.json"} {
		if a := ts.as("", "GET", p, ""); a.code != 200 {
			t.Errorf("GET %s without a key: %d, want 200", p, a.code)
		}
	}
	endpoints := []struct{ method, path, body string }{
		{"POST", "/v1/analyze", fmt.Sprintf(analyzeBody, 8)},
		{"POST", "/v1/reviews", `{"moves":["C3"]}`},
		{"GET", "/v1/reviews/6f1c2a5e-8d0b-4c47-9a53-2f8e1b7c9d10", ""},
		{"POST", "/v1/openings/batch", `{"openings":[["C3"]]}`},
		{"GET", "/v1/jobs/6f1c2a5e-8d0b-4c47-9a53-2f8e1b7c9d10", ""},
		{"DELETE", "/v1/jobs/6f1c2a5e-8d0b-4c47-9a53-2f8e1b7c9d10", ""},
		{"GET", "/v1/models", ""},
		{"GET", "/v1/render/board.svg?moves=C3", ""},
		{"GET", "/v1/reviews/6f1c2a5e-8d0b-4c47-9a53-2f8e1b7c9d10/winrate.svg", ""},
		{"GET", "/v1/nothing-here", ""},
	}
	good := ts.key("app", store.KeyQuotas{})
	unknown, _ := access.NewToken()
	for _, ep := range endpoints {
		what := ep.method + " " + ep.path
		wantUnauthorized(t, what+" without a key", ts.as("", ep.method, ep.path, ep.body))
		wantUnauthorized(t, what+" with a malformed key", ts.as("wz_nope", ep.method, ep.path, ep.body))
		wantUnauthorized(t, what+" with an unknown key", ts.as(unknown, ep.method, ep.path, ep.body))
	}
	for _, h := range []string{"Basic " + good, "Bearer", "bearer  " + good + "x", good} {
		req, _ := http.NewRequest("GET", ts.url+"/v1/models", nil)
		req.Header.Set("Authorization", h)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 401 {
			t.Errorf("Authorization %q: %d, want 401", h, res.StatusCode)
		}
	}
	if a := ts.as(good, "GET", "/v1/models", ""); a.code != 200 {
		t.Fatalf("with the key: %d %s", a.code, a.body)
	}
	if a := ts.as(good, "POST", "/v1/analyze", fmt.Sprintf(analyzeBody, 8)); a.code != 200 {
		t.Fatalf("analyze with the key: %d %s", a.code, a.body)
	}
	if a := ts.as(good, "GET", "/v1/render/board.svg?moves=C3,E3&topK=2&maxVisits=8", ""); a.code != 200 {
		t.Fatalf("picture with the key: %d %s", a.code, a.body)
	}
	// Revoked: refused once the cache time has passed.
	if _, err := ts.store.RevokeKey(context.Background(), "app"); err != nil {
		t.Fatal(err)
	}
	time.Sleep(150 * time.Millisecond)
	a := ts.as(good, "GET", "/v1/models", "")
	wantUnauthorized(t, "revoked key", a)
	if e := a.err(t); !strings.Contains(e.Message, "revoked") {
		t.Errorf("revoked: %q", e.Message)
	}
}

// TestKeyIsolation: a job is its key's: another key gets 404 for it on
// every job endpoint, the owner sees and cancels it.
func TestKeyIsolation(t *testing.T) {
	t.Parallel()
	ts := start(t, newDatabase(t), options{auth: true, noWorker: true})
	alice, bob := ts.key("alice", store.KeyQuotas{}), ts.key("bob", store.KeyQuotas{})
	a := ts.as(alice, "POST", "/v1/reviews", `{"moves":["C3","E3"],"maxVisits":8}`)
	var j jobs.Job
	if a.code != 202 || json.Unmarshal(a.body, &j) != nil {
		t.Fatalf("submit: %d %s", a.code, a.body)
	}
	for _, ep := range []struct{ method, path string }{
		{"GET", "/v1/jobs/" + j.ID}, {"GET", "/v1/reviews/" + j.ID}, {"GET", "/v1/reviews/" + j.ID + "/winrate.svg"}, {"DELETE", "/v1/jobs/" + j.ID},
	} {
		b := ts.as(bob, ep.method, ep.path, "")
		if b.code != 404 || b.err(t).Code != "not_found" {
			t.Errorf("bob %s %s: %d %s, want 404", ep.method, ep.path, b.code, b.body)
		}
	}
	if a := ts.as(alice, "GET", "/v1/reviews/"+j.ID, ""); a.code != 200 {
		t.Errorf("alice GET review: %d %s", a.code, a.body)
	}
	if a := ts.as(alice, "DELETE", "/v1/jobs/"+j.ID, ""); a.code != 200 {
		t.Errorf("alice DELETE: %d %s", a.code, a.body)
	}
	if b := ts.as(bob, "GET", "/v1/jobs/"+j.ID, ""); b.code != 404 {
		t.Errorf("bob after cancel: %d", b.code)
	}
}

// TestVisitsQuota: synchronous analyses draw visits x positions from the
// key's bucket: beyond it 429 with Retry-After, and after waiting that
// long the request passes; a request larger than the burst is 413.
func TestVisitsQuota(t *testing.T) {
	t.Parallel()
	ts := start(t, newDatabase(t), options{auth: true})
	k := ts.key("hints", store.KeyQuotas{VisitsPerSecond: 100, Burst: 200})
	if a := ts.as(k, "POST", "/v1/analyze", fmt.Sprintf(analyzeBody, 150)); a.code != 200 {
		t.Fatalf("first: %d %s", a.code, a.body)
	}
	// The picture endpoint that searches draws from the same bucket.
	a := ts.as(k, "GET", "/v1/render/board.svg?moves=C3,E3&topK=2&maxVisits=150", "")
	if a.code != 429 {
		t.Fatalf("second: %d %s, want 429", a.code, a.body)
	}
	e := a.err(t)
	secs, err := strconv.Atoi(a.header.Get("Retry-After"))
	if err != nil || secs <= 0 || e.Code != "rate_limited" || e.RetryAfterSeconds != secs {
		t.Fatalf("429: Retry-After %q, body %+v", a.header.Get("Retry-After"), e)
	}
	time.Sleep(time.Duration(secs) * time.Second)
	if a := ts.as(k, "POST", "/v1/analyze", fmt.Sprintf(analyzeBody, 150)); a.code != 200 {
		t.Fatalf("after Retry-After: %d %s", a.code, a.body)
	}
	// Larger than the burst: never possible, so 413 naming maxVisits.
	a = ts.as(k, "POST", "/v1/analyze", fmt.Sprintf(analyzeBody, 201))
	if e := a.err(t); a.code != 413 || e.Field != "maxVisits" || !strings.Contains(e.Message, "burst") {
		t.Fatalf("over the burst: %d %+v", a.code, e)
	}
	// Two positions at 120 visits are 240 visits: over the burst too.
	a = ts.as(k, "POST", "/v1/analyze", `{"moves":["C3","E3"],"maxVisits":120,"analyzeTurns":[1,2]}`)
	if a.code != 413 {
		t.Fatalf("2 x 120 visits: %d %s", a.code, a.body)
	}
}

// TestJobQuotas: a burst of parallel submits never passes the key's
// concurrent-jobs limit (429 with Retry-After beyond); a job larger than
// the key's largest batch is 413 naming the field.
func TestJobQuotas(t *testing.T) {
	t.Parallel()
	ts := start(t, newDatabase(t), options{auth: true, noWorker: true, quotas: access.Quotas{MaxJobs: 3}})
	k := ts.key("coach", store.KeyQuotas{MaxBatch: 1000})
	other := ts.key("other", store.KeyQuotas{})
	const tries = 10
	var wg sync.WaitGroup
	codes := make([]answer, tries)
	for i := range tries {
		wg.Go(func() { codes[i] = ts.as(k, "POST", "/v1/reviews", `{"moves":["C3","E3"],"maxVisits":8}`) })
	}
	wg.Wait()
	accepted := 0
	for _, a := range codes {
		switch a.code {
		case 202:
			accepted++
		case 429:
			if e := a.err(t); e.Code != "rate_limited" || a.header.Get("Retry-After") == "" {
				t.Errorf("429 %+v, Retry-After %q", e, a.header.Get("Retry-After"))
			}
		default:
			t.Errorf("submit: %d %s", a.code, a.body)
		}
	}
	if accepted != 3 {
		t.Fatalf("%d of %d parallel submits accepted, want the limit 3", accepted, tries)
	}
	// Another key has its own limit.
	if a := ts.as(other, "POST", "/v1/openings/batch", `{"openings":[["C3"]]}`); a.code != 202 {
		t.Errorf("other key: %d %s", a.code, a.body)
	}
	// Largest batch: 11 positions x 100 visits > 1000; 20 openings x 100 > 1000.
	moves := `["C3","E3","C5","E5","E5-E4:N","E3-D3:S","C3-C2:E","C5-C6:E","B6-B7:E","F6-F5:W"]`
	a := ts.as(k, "POST", "/v1/reviews", `{"moves":`+moves+`,"maxVisits":100}`)
	if e := a.err(t); a.code != 413 || e.Field != "maxVisits" || !strings.Contains(e.Message, "1100 visits") {
		t.Errorf("big review: %d %+v", a.code, e)
	}
	openings := strings.TrimSuffix(strings.Repeat(`["C3"],`, 20), ",")
	a = ts.as(k, "POST", "/v1/openings/batch", `{"openings":[`+openings+`],"maxVisits":100}`)
	if e := a.err(t); a.code != 413 || e.Field != "openings" {
		t.Errorf("big batch: %d %+v", a.code, e)
	}
}

// TestKeyMetrics: /metrics has per-key series by name, never the token.
func TestKeyMetrics(t *testing.T) {
	t.Parallel()
	ts := start(t, newDatabase(t), options{auth: true, noWorker: true, quotas: access.Quotas{VisitsPerSecond: 10, Burst: 40, MaxJobs: 1}})
	k := ts.key("metered", store.KeyQuotas{})
	ts.as(k, "POST", "/v1/analyze", fmt.Sprintf(analyzeBody, 30))
	ts.as(k, "POST", "/v1/analyze", fmt.Sprintf(analyzeBody, 30)) // 429
	ts.as(k, "POST", "/v1/reviews", `{"moves":["C3"],"maxVisits":8}`)
	a := ts.as("", "GET", "/metrics", "")
	for _, want := range []string{
		`wallzero_key_requests_total{key="metered"} 3`,
		`wallzero_key_visits_charged_total{key="metered"} 30`,
		`wallzero_key_rate_limited_total{key="metered"} 1`,
		`wallzero_key_jobs_submitted_total{key="metered"} 1`,
	} {
		if !bytes.Contains(a.body, []byte(want)) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	if bytes.Contains(a.body, []byte(k)) || bytes.Contains(a.body, []byte(k[len(access.TokenPrefix):])) {
		t.Error("/metrics shows the token")
	}
}

// TestPuzzlesCharged: the puzzle searches of a review are charged to the
// caller's key as they are made (review visits and four times as many per
// mistake), and a second call, answered from the cache, costs nothing.
func TestPuzzlesCharged(t *testing.T) {
	t.Parallel()
	ts := start(t, newDatabase(t), options{auth: true, jobParallel: 2})
	ts.needsPostgres()
	k := ts.key("puzzler", store.KeyQuotas{VisitsPerSecond: 100000, Burst: 100000})
	moves, _ := json.Marshal(reviewGame)
	a := ts.as(k, "POST", "/v1/reviews", fmt.Sprintf(`{"moves":%s,"maxVisits":24}`, moves))
	var j jobs.Job
	if a.code != 202 || json.Unmarshal(a.body, &j) != nil {
		t.Fatalf("POST /v1/reviews: %d %s", a.code, a.body)
	}
	for deadline := time.Now().Add(time.Minute); j.Status != "succeeded"; time.Sleep(50 * time.Millisecond) {
		a := ts.as(k, "GET", "/v1/jobs/"+j.ID, "")
		if a.code != 200 || json.Unmarshal(a.body, &j) != nil || j.Status == "failed" || time.Now().After(deadline) {
			t.Fatalf("the review: %d %s", a.code, a.body)
		}
	}
	var ps wire.PuzzleSet
	a = ts.as(k, "GET", "/v1/reviews/"+j.ID+"/puzzles", "")
	if a.code != 200 || json.Unmarshal(a.body, &ps) != nil {
		t.Fatalf("GET puzzles: %d %s", a.code, a.body)
	}
	charged := func() string {
		body := ts.as("", "GET", "/metrics", "").body
		m := regexp.MustCompile(`wallzero_key_visits_charged_total\{key="puzzler"\} (\d+)`).FindSubmatch(body)
		if m == nil {
			return "0"
		}
		return string(m[1])
	}
	candidates := len(ps.Puzzles) + len(ps.Skipped)
	if candidates == 0 {
		t.Fatal("the test game has no mistake to search")
	}
	// The review's own searches ran in the job; the positions of the
	// mistakes are cached at 24 visits, so only the deep searches are new.
	want := strconv.Itoa(candidates * 24 * jobs.PuzzleDeepFactor)
	if got := charged(); got != want {
		t.Errorf("charged %s visits for %d candidates, want %s", got, candidates, want)
	}
	if a := ts.as(k, "GET", "/v1/reviews/"+j.ID+"/puzzles", ""); a.code != 200 {
		t.Fatalf("second GET: %d", a.code)
	}
	if got := charged(); got != want {
		t.Errorf("after a second call from the cache: charged %s, want %s", got, want)
	}
}
