// Package metrics exports the service to Prometheus for GET /metrics: the
// HTTP requests (latency, in flight), and at scrape time the service's
// counters, the evaluator's queue and batches, the job queue, admission
// control and each API key's use. Collectors keep no state between
// scrapes; rates are PromQL's.
package metrics
