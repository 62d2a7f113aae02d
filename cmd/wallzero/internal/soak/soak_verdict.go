package soak

import (
	"fmt"
	"sort"
)

// soakVerdict is the soak's judgement: "pass" when no series grew after
// the warm-up beyond its allowance and the load saw no errors, else
// "fail"; Findings says, per series, the levels compared.
type soakVerdict struct {
	Verdict  string   `json:"verdict"`
	Findings []string `json:"findings"`
}

// soakSeries is one judged series: how to read it from a sample and how
// much it may grow from the first quarter after the warm-up to the last
// (a share of the level plus an absolute slack, for the load's own
// fluctuation: open streams hold goroutines and descriptors). A series
// that was not sampled (all zero) is not judged.
type soakSeries struct {
	name  string
	value func(soakSample) float64
	share float64
	slack float64
}

// soakSerieses are the judged series. The evaluation cache, the batcher's
// buffers and the Go heap settle within the warm-up, so memory may move
// by 10% and 16 MB after it; goroutines and descriptors follow the
// requests in flight (a few dozen at most under the soak's mix).
var soakSerieses = []soakSeries{
	{name: "rss_mb", value: func(s soakSample) float64 { return s.RSSMB }, share: 0.10, slack: 16},
	{name: "goroutines", value: func(s soakSample) float64 { return float64(s.Goroutines) }, share: 0.25, slack: 25},
	{name: "fds", value: func(s soakSample) float64 { return float64(s.FDs) }, share: 0.25, slack: 10},
	{name: "threads", value: func(s soakSample) float64 { return float64(s.Threads) }, share: 0, slack: 4},
	{name: "db_conns", value: func(s soakSample) float64 { return float64(s.DBConns) }, share: 0, slack: 3},
}

// judgeSoak compares, for each series, the median of the first quarter
// of the samples after warmup seconds with the median of the last
// quarter; the tables' growth is reported (the analysis cache grows with
// every new position, bounded by -retention-cache) but not judged.
func judgeSoak(samples []soakSample, warmup float64, errors int) soakVerdict {
	var post []soakSample
	for _, s := range samples {
		if s.Seconds >= warmup {
			post = append(post, s)
		}
	}
	v := soakVerdict{Verdict: "pass"}
	if len(post) < 8 {
		return soakVerdict{Verdict: "fail", Findings: []string{fmt.Sprintf("only %d samples after the warm-up (8 needed)", len(post))}}
	}
	q := len(post) / 4
	first, last := post[:q], post[len(post)-q:]
	for _, se := range soakSerieses {
		a, b := median(first, se.value), median(last, se.value)
		if a == 0 && b == 0 {
			continue
		}
		limit := a*(1+se.share) + se.slack
		ok := b <= limit
		v.Findings = append(v.Findings, fmt.Sprintf("%s first_quarter=%.1f last_quarter=%.1f max=%.1f allowed=%.1f ok=%v", se.name, a, b, maxOf(post, se.value), limit, ok))
		if !ok {
			v.Verdict = "fail"
		}
	}
	hours := (post[len(post)-1].Seconds - post[0].Seconds) / 3600
	tables := func(s soakSample) float64 { return s.TablesMB }
	if hours > 0 {
		v.Findings = append(v.Findings, fmt.Sprintf("tables_mb after_warmup=%.1f end=%.1f growth_mb_per_hour=%.1f (not judged: the analysis cache grows with new positions, bounded by -retention-cache)",
			post[0].TablesMB, post[len(post)-1].TablesMB, (tables(post[len(post)-1])-tables(post[0]))/hours))
	}
	if errors > 0 {
		v.Verdict = "fail"
		v.Findings = append(v.Findings, fmt.Sprintf("the load saw %d errors (5xx other than 503, or transport errors)", errors))
	}
	return v
}

// median returns the median of f over samples.
func median(samples []soakSample, f func(soakSample) float64) float64 {
	xs := make([]float64, len(samples))
	for i, s := range samples {
		xs[i] = f(s)
	}
	sort.Float64s(xs)
	return xs[len(xs)/2]
}

// maxOf returns the largest f over samples.
func maxOf(samples []soakSample, f func(soakSample) float64) float64 {
	m := 0.0
	for _, s := range samples {
		m = max(m, f(s))
	}
	return m
}
