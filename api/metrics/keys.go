package metrics

import (
	"github.com/prometheus/client_golang/prometheus"
	"github.com/wallzero/wallzero/service/access"
)

// KeyCollector exports the per-key counters, labelled by the key's name
// (never its id or token).
type KeyCollector struct {
	auth                                *access.Auth
	requests, visits, rateLimited, jobs *prometheus.Desc
}

func NewKeyCollector(a *access.Auth) *KeyCollector {
	d := func(name, help string) *prometheus.Desc { return prometheus.NewDesc(name, help, []string{"key"}, nil) }
	return &KeyCollector{auth: a,
		requests:    d("wallzero_key_requests_total", "Authenticated /v1 requests, by API key name."),
		visits:      d("wallzero_key_visits_charged_total", "Visits (visits x positions) charged to the key's rate quota by synchronous analyses, by API key name."),
		rateLimited: d("wallzero_key_rate_limited_total", "Requests refused with 429 for the key's quotas (visits per second, concurrent jobs), by API key name."),
		jobs:        d("wallzero_key_jobs_submitted_total", "Review and opening-batch jobs queued, by API key name."),
	}
}

// Describe implements prometheus.Collector.
func (kc *KeyCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- kc.requests
	ch <- kc.visits
	ch <- kc.rateLimited
	ch <- kc.jobs
}

// Collect implements prometheus.Collector.
func (kc *KeyCollector) Collect(ch chan<- prometheus.Metric) {
	for _, st := range kc.auth.Stats() {
		for _, m := range []struct {
			d *prometheus.Desc
			v int64
		}{{kc.requests, st.Requests}, {kc.visits, st.Visits}, {kc.rateLimited, st.RateLimited}, {kc.jobs, st.Jobs}} {
			ch <- prometheus.MustNewConstMetric(m.d, prometheus.CounterValue, float64(m.v), st.Name)
		}
	}
}
