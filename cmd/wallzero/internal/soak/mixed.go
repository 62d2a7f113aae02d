package soak

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/loadgen"
)

// Mix is the make-up of a mixed load: how many clients of each kind run
// at once, each back to back.
type Mix struct {
	// Hints send /v1/analyze at Visits, half of them positions asked
	// before (cache hits), half new.
	Hints int
	// Streams are board users: each opens a streamed analysis, cancels it
	// after 50-500 ms (as a click on the board does) and opens the next.
	Streams int
	// Reviews submit a review of a random game and poll it to its end;
	// Openings the same with a batch of openings.
	Reviews, Openings int
	// Explorer reads the opening explorer.
	Explorer int
	// Hostile sends malformed, oversized, illegal, cut-off and misdirected
	// requests, which must all get a 4xx.
	Hostile int
	// Visits is maxVisits of the hints and streams; JobVisits of the jobs.
	Visits, JobVisits int
}

// DefaultMix is the soak's load: 4 hints at 200 visits, 8 board users, a
// review, an opening batch, 2 explorer readers and a hostile client.
func DefaultMix() Mix {
	return Mix{Hints: 4, Streams: 8, Reviews: 1, Openings: 1, Explorer: 2, Hostile: 1, Visits: 200, JobVisits: 16}
}

// MixedLoad runs a Mix against a server and counts the answers by kind
// and status. Answers 500, 502 and 504 and transport errors (other than
// a stream's own cancel) are errors; 503 is a refusal or an unavailable
// dependency, which a client retries.
type MixedLoad struct {
	base   string
	client *http.Client
	mix    Mix

	mu     sync.Mutex
	counts map[string]map[int]int
	errs   []string
	jobs   []string // the ids answered 202
	hints  []time.Duration
}

// NewMixedLoad returns the load of mix against the server at base.
func NewMixedLoad(base string, client *http.Client, mix Mix) *MixedLoad {
	return &MixedLoad{base: base, client: client, mix: mix, counts: map[string]map[int]int{}}
}

// Run runs the load until ctx ends; seed makes the positions.
func (m *MixedLoad) Run(ctx context.Context, seed uint64) {
	var wg sync.WaitGroup
	spawn := func(n int, kind uint64, f func(ctx context.Context, rng *rand.Rand)) {
		for i := range n {
			wg.Add(1)
			rng := rand.New(rand.NewPCG(seed, kind<<32|uint64(i)))
			go func() {
				defer wg.Done()
				for ctx.Err() == nil {
					f(ctx, rng)
				}
			}()
		}
	}
	pool := make([][]string, 200) // the positions hints ask again
	prng := rand.New(rand.NewPCG(seed, 99))
	for i := range pool {
		pool[i] = loadgen.RandomRecord(prng, 10, 30)
	}
	spawn(m.mix.Hints, 1, func(ctx context.Context, rng *rand.Rand) {
		moves := pool[rng.IntN(len(pool))]
		if rng.IntN(2) == 0 {
			moves = loadgen.RandomRecord(rng, 10, 30)
		}
		start := time.Now()
		st := m.post(ctx, "hint", "/v1/analyze", map[string]any{"moves": moves, "maxVisits": m.mix.Visits, "topK": 5}, nil)
		if st == http.StatusOK {
			m.mu.Lock()
			m.hints = append(m.hints, time.Since(start))
			m.mu.Unlock()
		}
		backoff(ctx, st)
	})
	spawn(m.mix.Streams, 2, func(ctx context.Context, rng *rand.Rand) {
		m.stream(ctx, loadgen.RandomRecord(rng, 10, 30), time.Duration(50+rng.IntN(451))*time.Millisecond)
	})
	spawn(m.mix.Reviews, 3, func(ctx context.Context, rng *rand.Rand) {
		m.job(ctx, "review", "/v1/reviews", map[string]any{"moves": loadgen.RandomRecord(rng, 20, 40), "maxVisits": m.mix.JobVisits})
	})
	spawn(m.mix.Openings, 4, func(ctx context.Context, rng *rand.Rand) {
		var openings [][]string
		for range 10 {
			openings = append(openings, loadgen.RandomRecord(rng, 1, 3))
		}
		m.job(ctx, "openings", "/v1/openings/batch", map[string]any{"openings": openings, "maxVisits": m.mix.JobVisits})
	})
	spawn(m.mix.Explorer, 5, func(ctx context.Context, rng *rand.Rand) {
		moves := loadgen.RandomRecord(rng, 0, 2)
		m.get(ctx, "explorer", "/v1/openings/explorer?moves="+strings.Join(moves, ","))
		loadgen.Sleep(ctx, 100*time.Millisecond)
	})
	spawn(m.mix.Hostile, 6, func(ctx context.Context, rng *rand.Rand) {
		m.hostile(ctx, rng)
		loadgen.Sleep(ctx, 200*time.Millisecond)
	})
	wg.Wait()
}

// backoff waits a second after a refusal (the clients of a mixed load
// are few; the storm measures Retry-After itself).
func backoff(ctx context.Context, status int) {
	if status == http.StatusTooManyRequests || status == http.StatusServiceUnavailable {
		loadgen.Sleep(ctx, time.Second)
	}
}

// record counts one answer of kind; err describes an error answer.
func (m *MixedLoad) record(kind string, status int, err string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.counts[kind] == nil {
		m.counts[kind] = map[int]int{}
	}
	m.counts[kind][status]++
	if err != "" && len(m.errs) < 20 {
		m.errs = append(m.errs, kind+": "+err)
	}
}

// isError says whether an answer is an error of the service: a transport
// failure, 500, 502 or 504.
func isError(status int) bool { return status == 0 || status == 500 || status == 502 || status == 504 }

// do sends a request and counts its answer; a request ended by ctx is
// not counted. It returns the status and the body.
func (m *MixedLoad) do(ctx context.Context, kind string, req *http.Request) (int, []byte) {
	res, err := m.client.Do(req.WithContext(ctx))
	if err != nil {
		if ctx.Err() == nil {
			m.record(kind, 0, err.Error())
		}
		return 0, nil
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	msg := ""
	if isError(res.StatusCode) {
		msg = fmt.Sprintf("%d %.200s", res.StatusCode, body)
	}
	m.record(kind, res.StatusCode, msg)
	return res.StatusCode, body
}

// post sends a JSON body; out, when set, receives the decoded answer.
func (m *MixedLoad) post(ctx context.Context, kind, path string, body any, out any) int {
	data, _ := json.Marshal(body)
	req, _ := http.NewRequest(http.MethodPost, m.base+path, bytes.NewReader(data))
	req.Header.Set("Content-Type", "application/json")
	st, b := m.do(ctx, kind, req)
	if out != nil && b != nil {
		_ = json.Unmarshal(b, out)
	}
	return st
}

// get sends a GET.
func (m *MixedLoad) get(ctx context.Context, kind, path string) (int, []byte) {
	req, _ := http.NewRequest(http.MethodGet, m.base+path, nil)
	return m.do(ctx, kind, req)
}

// job submits a job and polls it until it ends (or ctx does).
func (m *MixedLoad) job(ctx context.Context, kind, path string, body any) {
	var j struct{ ID string }
	st := m.post(ctx, kind, path, body, &j)
	if st != http.StatusAccepted || j.ID == "" {
		backoff(ctx, st)
		loadgen.Sleep(ctx, time.Second)
		return
	}
	m.mu.Lock()
	m.jobs = append(m.jobs, j.ID)
	m.mu.Unlock()
	for ctx.Err() == nil {
		loadgen.Sleep(ctx, 500*time.Millisecond)
		st, b := m.get(ctx, kind+"_poll", "/v1/jobs/"+j.ID)
		var s struct{ Status string }
		if st == http.StatusOK && json.Unmarshal(b, &s) == nil && (s.Status == "succeeded" || s.Status == "failed" || s.Status == "cancelled") {
			if s.Status != "succeeded" {
				m.record(kind+"_"+s.Status, 0, j.ID+" "+s.Status)
			}
			return
		}
	}
}

// MixedStats is what a mixed load saw.
type MixedStats struct {
	// Counts holds the answers by kind and status (0: transport error).
	Counts map[string]map[int]int
	// Errors counts the error answers (isError), FirstErrors the first few.
	Errors      int
	FirstErrors []string
	// Jobs are the ids of the jobs answered 202.
	Jobs []string
	// Hints are the latencies of the hints answered 200.
	Hints []time.Duration
}

// Stats returns a copy of what the load saw so far.
func (m *MixedLoad) Stats() MixedStats {
	m.mu.Lock()
	defer m.mu.Unlock()
	s := MixedStats{Counts: map[string]map[int]int{}, FirstErrors: append([]string(nil), m.errs...), Jobs: append([]string(nil), m.jobs...),
		Hints: append([]time.Duration(nil), m.hints...)}
	for k, byStatus := range m.counts {
		s.Counts[k] = map[int]int{}
		for st, n := range byStatus {
			s.Counts[k][st] = n
			if isError(st) {
				s.Errors += n
			}
		}
	}
	return s
}

// String formats the counts as "hint:200=412,503=3 review:202=5 ...".
func (s MixedStats) String() string {
	kinds := make([]string, 0, len(s.Counts))
	for k := range s.Counts {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	var parts []string
	for _, k := range kinds {
		sts := make([]int, 0, len(s.Counts[k]))
		for st := range s.Counts[k] {
			sts = append(sts, st)
		}
		sort.Ints(sts)
		var c []string
		for _, st := range sts {
			c = append(c, fmt.Sprintf("%d=%d", st, s.Counts[k][st]))
		}
		parts = append(parts, k+":"+strings.Join(c, ","))
	}
	return strings.Join(parts, " ")
}
