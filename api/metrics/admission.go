package metrics

import (
	"github.com/prometheus/client_golang/prometheus"
	"github.com/wallzero/wallzero/service/access"
)

// AdmissionCollector exports the admission controller of synchronous
// analyses at scrape time.
type AdmissionCollector struct {
	adm *access.Admission

	streams *access.Streams

	searching, queued, maxSearches, maxQueue, rate, requests, streamsOpen, streamsRefused, streamsMax *prometheus.Desc
}

// NewAdmissionCollector returns the collector of the admission controller
// and of the streams' bounds.
func NewAdmissionCollector(adm *access.Admission, streams *access.Streams) *AdmissionCollector {
	d := func(name, help string, labels ...string) *prometheus.Desc {
		return prometheus.NewDesc(name, help, labels, nil)
	}
	return &AdmissionCollector{adm: adm, streams: streams,
		streamsOpen:    d("wallzero_streams_open", "Streamed analyses open now."),
		streamsMax:     d("wallzero_streams_max", "Bounds of the streamed analyses open at once: in all (-max-streams) and per client (-max-streams-per-key).", "limit"),
		streamsRefused: d("wallzero_streams_refused_total", "Streamed analyses refused, by the bound that refused them: key (-max-streams-per-key) or global (-max-streams).", "limit"),
		searching:      d("wallzero_admission_searching", "Synchronous analyses holding a search slot."),
		queued:         d("wallzero_admission_queued", "Synchronous analyses waiting for a search slot."),
		maxSearches:    d("wallzero_admission_max_searches", "Search slots for synchronous analyses (-max-searches)."),
		maxQueue:       d("wallzero_admission_max_queue", "Longest wait queue for search slots (-max-queue)."),
		rate:           d("wallzero_admission_visits_per_second", "Measured search throughput the wait estimates use (all searches together)."),
		requests:       d("wallzero_admission_requests_total", "Synchronous analyses that needed a search, by outcome: admitted at once, admitted after waiting, refused.", "outcome"),
	}
}

// Describe implements prometheus.Collector.
func (ac *AdmissionCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{ac.searching, ac.queued, ac.maxSearches, ac.maxQueue, ac.rate, ac.requests, ac.streamsOpen, ac.streamsRefused, ac.streamsMax} {
		ch <- d
	}
}

// Collect implements prometheus.Collector.
func (ac *AdmissionCollector) Collect(ch chan<- prometheus.Metric) {
	st := ac.adm.Stats()
	gauge := func(d *prometheus.Desc, v float64) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, v)
	}
	gauge(ac.searching, float64(st.Searching))
	gauge(ac.queued, float64(st.Queued))
	gauge(ac.maxSearches, float64(st.MaxSearches))
	gauge(ac.maxQueue, float64(st.MaxQueue))
	gauge(ac.rate, st.VisitsPerSecond)
	ss := ac.streams.Stats()
	gauge(ac.streamsOpen, float64(ss.Open))
	ch <- prometheus.MustNewConstMetric(ac.streamsMax, prometheus.GaugeValue, float64(ss.MaxStreams), "global")
	ch <- prometheus.MustNewConstMetric(ac.streamsMax, prometheus.GaugeValue, float64(ss.MaxStreamsPerKey), "key")
	ch <- prometheus.MustNewConstMetric(ac.streamsRefused, prometheus.CounterValue, float64(ss.RefusedKey), "key")
	ch <- prometheus.MustNewConstMetric(ac.streamsRefused, prometheus.CounterValue, float64(ss.RefusedGlobal), "global")
	for outcome, v := range map[string]int64{"immediate": st.Admitted - st.Waited, "waited": st.Waited, "refused": st.Refused} {
		ch <- prometheus.MustNewConstMetric(ac.requests, prometheus.CounterValue, float64(v), outcome)
	}
}
