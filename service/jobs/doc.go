// Package jobs runs the service's background work as River jobs over the
// jobs table (the one source of a job's state): game reviews (with their
// win-rate curve, key moves, proofs and turning points), opening batches,
// explorer fills and retention, each worked in short steps. The store
// interfaces it needs are declared in stores.go. It imports the analysis
// package (the cached analyses), the explorer (the fill job) and access
// (the caller's job quotas).
package jobs
