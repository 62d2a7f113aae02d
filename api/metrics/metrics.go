package metrics

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/wallzero/wallzero/service"
	"github.com/wallzero/wallzero/service/jobs"
)

// HTTP measures requests: latency by route, method and status, and the
// requests in flight.
type HTTP struct {
	latency  *prometheus.HistogramVec
	inFlight prometheus.Gauge
}

// NewHTTP registers the request metrics with reg.
func NewHTTP(reg prometheus.Registerer) *HTTP {
	m := &HTTP{
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "wallzero_http_request_duration_seconds",
			Help:    "HTTP request latency by route, method and status.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30},
		}, []string{"route", "method", "status"}),
		inFlight: prometheus.NewGauge(prometheus.GaugeOpts{Name: "wallzero_http_requests_in_flight", Help: "HTTP requests being served."}),
	}
	reg.MustRegister(m.latency, m.inFlight)
	return m
}

// Middleware measures each request (a route gin did not match is
// "unmatched", so a scan of random paths adds no label values).
func (m *HTTP) Middleware() gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		m.inFlight.Inc()
		c.Next()
		m.inFlight.Dec()
		route := c.FullPath()
		if route == "" {
			route = "unmatched"
		}
		m.latency.WithLabelValues(route, c.Request.Method, strconv.Itoa(c.Writer.Status())).Observe(time.Since(start).Seconds())
	}
}

// Handler serves reg's metrics in Prometheus's text format.
func Handler(reg *prometheus.Registry) gin.HandlerFunc {
	h := promhttp.HandlerFor(reg, promhttp.HandlerOpts{})
	return func(c *gin.Context) { h.ServeHTTP(c.Writer, c.Request) }
}

// ServiceCollector exports the service's counters, the evaluator's queue
// and batches, and the job queue at scrape time. It keeps no state between
// scrapes: rates are PromQL's (rate(wallzero_evaluations_total[1m])), so
// they stay right with any number of replicas and scrapers.
type ServiceCollector struct {
	svc *service.Service

	evals, hits, misses, ratio, searches, jobs, openings        *prometheus.Desc
	queue, interactive, batches, samples, batchSize, netSeconds *prometheus.Desc
	activeJobs                                                  *prometheus.Desc
}

func NewServiceCollector(svc *service.Service) *ServiceCollector {
	d := func(name, help string, labels ...string) *prometheus.Desc {
		return prometheus.NewDesc(name, help, labels, nil)
	}
	return &ServiceCollector{svc: svc,
		evals:       d("wallzero_evaluations_total", "Positions sent by searches to an evaluator."),
		hits:        d("wallzero_analysis_cache_hits_total", "Analysis cache lookups answered from PostgreSQL."),
		misses:      d("wallzero_analysis_cache_misses_total", "Analysis cache lookups that needed a search."),
		ratio:       d("wallzero_analysis_cache_hit_ratio", "Cache hits over lookups since start (0 before any)."),
		searches:    d("wallzero_searches_total", "Searches run, by priority.", "priority"),
		jobs:        d("wallzero_job_attempts_total", "Job attempts ended in this process, by outcome.", "outcome"),
		openings:    d("wallzero_openings_scored_total", "Openings scored by searches in batch jobs."),
		queue:       d("wallzero_eval_queue_depth", "Positions queued for the network, by priority.", "priority"),
		interactive: d("wallzero_interactive_analyses_in_flight", "/v1/analyze requests being analysed."),
		batches:     d("wallzero_network_batches_total", "Network calls."),
		samples:     d("wallzero_network_samples_total", "Positions evaluated by the network."),
		batchSize:   d("wallzero_network_batch_size", "Positions per network call."),
		netSeconds:  d("wallzero_network_seconds_total", "Time spent in network calls."),
		// The job queue is the database's, not this process's: every
		// replica reports the same value, so aggregate with max, not sum.
		activeJobs: d("wallzero_jobs", "Queued and running jobs in the whole database (the same on every replica: aggregate with max), by status and kind.", "status", "kind"),
	}
}

// Describe implements prometheus.Collector.
func (sc *ServiceCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{sc.evals, sc.hits, sc.misses, sc.ratio, sc.searches, sc.jobs, sc.openings,
		sc.queue, sc.interactive, sc.batches, sc.samples, sc.batchSize, sc.netSeconds, sc.activeJobs} {
		ch <- d
	}
}

// Collect implements prometheus.Collector.
func (sc *ServiceCollector) Collect(ch chan<- prometheus.Metric) {
	m := sc.svc.Metrics()
	counter := func(d *prometheus.Desc, v int64, labels ...string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.CounterValue, float64(v), labels...)
	}
	gauge := func(d *prometheus.Desc, v float64, labels ...string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, v, labels...)
	}
	evals := m.Evaluations.Load()
	counter(sc.evals, evals)
	hits, misses := m.CacheHits.Load(), m.CacheMisses.Load()
	counter(sc.hits, hits)
	counter(sc.misses, misses)
	ratio := 0.0
	if hits+misses > 0 {
		ratio = float64(hits) / float64(hits+misses)
	}
	gauge(sc.ratio, ratio)
	counter(sc.searches, m.InteractiveSearches.Load(), "interactive")
	counter(sc.searches, m.BatchSearches.Load(), "batch")
	counter(sc.jobs, m.JobsSucceeded.Load(), "succeeded")
	counter(sc.jobs, m.JobsFailed.Load(), "failed")
	counter(sc.jobs, m.JobsCancelled.Load(), "cancelled")
	counter(sc.jobs, m.JobsInterrupted.Load(), "interrupted")
	counter(sc.openings, m.OpeningsScored.Load())
	gauge(sc.interactive, float64(sc.svc.InteractiveInFlight()))
	if b := sc.svc.Batcher(); b != nil {
		qi, qb := b.QueueDepth()
		gauge(sc.queue, float64(qi), "interactive")
		gauge(sc.queue, float64(qb), "batch")
		st := b.Stats()
		counter(sc.batches, st.Batches)
		counter(sc.samples, st.Samples)
		ch <- prometheus.MustNewConstMetric(sc.netSeconds, prometheus.CounterValue, st.NetworkTime.Seconds())
		ch <- batchHistogram(sc.batchSize, st.Sizes, st.Samples)
	} else {
		gauge(sc.queue, 0, "interactive")
		gauge(sc.queue, 0, "batch")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if active, err := sc.svc.Jobs().ActiveJobs(ctx); err == nil {
		for _, status := range []string{"queued", "running"} {
			for _, kind := range []string{jobs.KindReview, jobs.KindOpenings} {
				gauge(sc.activeJobs, float64(active[status+"/"+kind]), status, kind)
			}
		}
		for k, n := range active { // kinds added later
			status, kind, _ := strings.Cut(k, "/")
			if kind != jobs.KindReview && kind != jobs.KindOpenings {
				gauge(sc.activeJobs, float64(n), status, kind)
			}
		}
	}
}

// batchSizeBuckets are the upper bounds of the batch size histogram.
var batchSizeBuckets = []float64{1, 2, 4, 8, 16, 32, 64, 128, 256, 512}

// batchHistogram turns the batcher's per-size counts into a histogram.
func batchHistogram(d *prometheus.Desc, sizes []int64, samples int64) prometheus.Metric {
	buckets := map[float64]uint64{}
	var count uint64
	for n, c := range sizes {
		if c == 0 {
			continue
		}
		count += uint64(c)
		for _, b := range batchSizeBuckets {
			if float64(n) <= b {
				buckets[b] += uint64(c)
			}
		}
	}
	return prometheus.MustNewConstHistogram(d, count, float64(samples), buckets)
}
