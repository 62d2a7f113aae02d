// Package program is the wiring the wallzero commands share: the model
// flags and the choice of model (the shipped files in order of preference
// for the CPU, or the heuristic), the evaluators that batch network calls,
// player specifications, and the service built from flags and environment
// (store, analyzer, levels, API key verifier, HTTP handler and River job
// worker) that `serve`, `worker` and `bench api` start. It keeps the
// commands in cmd/wallzero to their flags and a call.
package program
